/** An amount in integer cents in the member's language and the package's currency (DESIGN §4). */
export function formatMoney(cents: number, currency: string, lng: string): string {
  return new Intl.NumberFormat(lng, { style: 'currency', currency }).format(cents / 100);
}

/** A country's name in the member's language, the code itself where the runtime has none. */
export function countryName(country: string, lng: string): string {
  try {
    return new Intl.DisplayNames([lng], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}
