import { DATE_LOCALE_DEFAULT } from '../common/constants';

// Intl knows Norwegian Bokmål by its region tag; the catalogs call it plain `nb`.
const INTL_LOCALE: Record<string, string> = { nb: 'nb-NO' };

/** The Intl locale of a catalog language (Dutch when none is active yet). */
export function intlLocale(lng: string | undefined): string {
  return INTL_LOCALE[lng ?? ''] ?? lng ?? DATE_LOCALE_DEFAULT;
}

/** An amount in integer cents, in its own currency, written the way the reader's language writes money. */
export function formatMoney(cents: number, currency: string, lng: string | undefined): string {
  return new Intl.NumberFormat(intlLocale(lng), { style: 'currency', currency }).format(cents / 100);
}

/** From `min` to `max` cents, one amount when they are equal, written the way the reader's language writes a range. */
export function formatMoneyRange(
  min: number,
  max: number,
  currency: string,
  lng: string | undefined,
): string {
  if (min === max) return formatMoney(min, currency, lng);
  const format = new Intl.NumberFormat(intlLocale(lng), { style: 'currency', currency });
  return typeof format.formatRange === 'function'
    ? format.formatRange(min / 100, max / 100)
    : `${format.format(min / 100)} – ${format.format(max / 100)}`;
}

/** Dates in the active language (Dutch when none is active yet). */
export function formatDate(
  value: Date | string,
  lng: string | undefined,
  opts: Intl.DateTimeFormatOptions = {},
) {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(intlLocale(lng), { dateStyle: 'long', ...opts }).format(date);
}
