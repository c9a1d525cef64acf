import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../format';

/** Dates, times and money in the console's language, the way the members screen writes them. */
export function useMembersFormat() {
  const { i18n } = useTranslation('admin');
  const lng = i18n.language;
  return {
    date: (iso: string) => formatDate(iso, lng, { dateStyle: 'medium' }),
    dateTime: (iso: string) => formatDate(iso, lng, { dateStyle: 'medium', timeStyle: 'short' }),
    money: (cents: number, currency: string) => formatMoney(cents, currency, lng),
    number: (n: number) => new Intl.NumberFormat(lng).format(n),
  };
}
