import { useTranslation } from 'react-i18next';
import { formatMoneyRange } from '../../format';
import { usePriceQuote } from '../../state/price-quote';

/**
 * What a message (or a photo) costs in money, from the price quote the credits page shows: its
 * credits at the quoted price of a credit, from the best-value package to the smallest, in the
 * member's currency; null until the quote is known or where no package is on sale.
 */
export function useMessageMoney(kind: 'message' | 'photo' = 'message'): string | null {
  const { i18n } = useTranslation();
  const { data } = usePriceQuote();
  const cost = data?.costs[kind];
  if (!data || !cost || cost.min === null || cost.max === null) return null;
  return formatMoneyRange(cost.min, cost.max, data.currency, i18n.language);
}
