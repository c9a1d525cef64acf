import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, intlLocale } from '../../../format';

/** Days, counts, shares and money in the console's language; days are UTC days, as the server counts. */
export function useFiguresFormat() {
  const { i18n } = useTranslation('admin');
  const lng = i18n.language;
  return useMemo(() => {
    const locale = intlLocale(lng);
    const shortDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const longDay = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const count = new Intl.NumberFormat(locale);
    const share = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const at = (day: string) => new Date(`${day}T00:00:00Z`);
    return {
      /** A chart's axis label: "3 Mar". */
      shortDay: (day: string) => shortDay.format(at(day)),
      /** A table's row: "Mon, 3 Mar 2025". */
      day: (day: string) => longDay.format(at(day)),
      number: (n: number) => count.format(n),
      /** `part` of `whole` as a percentage, or a dash when there is no whole. */
      share: (part: number, whole: number) => (whole > 0 ? share.format(part / whole) : '–'),
      money: (cents: number, currency: string) => formatMoney(cents, currency, lng),
    };
  }, [lng]);
}

/** Today's UTC day, the figures' calendar. */
export const utcToday = () => new Date().toISOString().slice(0, 10);
