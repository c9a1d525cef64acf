export { formatMoney } from '../../format';

/** A country's name in the member's language, the code itself where the runtime has none. */
export function countryName(country: string, lng: string): string {
  try {
    return new Intl.DisplayNames([lng], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}
