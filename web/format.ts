import { DATE_LOCALE_DEFAULT } from '../common/constants';

const INTL_LOCALE: Record<string, string> = { nb: 'nb-NO' };

/** Dates in the active language (Dutch when none is active yet, SPEC §9). */
export function formatDate(
  value: Date | string,
  lng: string | undefined,
  opts: Intl.DateTimeFormatOptions = {},
) {
  const date = typeof value === 'string' ? new Date(value) : value;
  const locale = INTL_LOCALE[lng ?? ''] ?? lng ?? DATE_LOCALE_DEFAULT;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', ...opts }).format(date);
}
