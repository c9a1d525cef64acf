import { DATE_LOCALE_DEFAULT } from '../../../common/constants';

const INTL_LOCALE: Record<string, string> = { nb: 'nb-NO' };

/** An amount in integer cents, in its own currency, written the way the reader's language writes money. */
export function formatMoney(cents: number, currency: string, lng: string | undefined): string {
  const locale = INTL_LOCALE[lng ?? ''] ?? lng ?? DATE_LOCALE_DEFAULT;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
