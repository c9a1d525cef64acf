import { DATE_LOCALE_DEFAULT } from '../../../common/constants';

// Intl knows Norwegian Bokmål by its region tag; the catalogs call it plain `nb`.
const INTL_LOCALE: Record<string, string> = { nb: 'nb-NO' };

export function intlLocale(lng: string | undefined): string {
  return INTL_LOCALE[lng ?? ''] ?? lng ?? DATE_LOCALE_DEFAULT;
}

/** An amount in integer cents, in the member's language and the payment country's currency. */
export function formatMoney(cents: number, currency: string, lng: string | undefined): string {
  return new Intl.NumberFormat(intlLocale(lng), { style: 'currency', currency }).format(cents / 100);
}

/** SPEC §4: the time bonus countdown as hh:mm:ss, each part two digits. */
export function clockText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** SPEC §9: the welcome discount's time limit "in hours or minutes": whole hours from one hour up. */
export function timeLeftParts(msLeft: number): { unit: 'hours' | 'minutes'; count: number } {
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
  return minutes >= 60
    ? { unit: 'hours', count: Math.floor(minutes / 60) }
    : { unit: 'minutes', count: minutes };
}
