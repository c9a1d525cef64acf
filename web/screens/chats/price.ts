import type { SiteSettings } from '../../../common/api/settings';
import { DATE_LOCALE_DEFAULT } from '../../../common/constants';

const INTL_LOCALE: Record<string, string> = { nb: 'nb-NO' };

/**
 * What one credit is worth in the viewer's country (SPEC §3 minimum_message_costs: the price of
 * one message, in cents), in its currency; null where the site names no price there.
 */
export function creditValue(
  settings: SiteSettings,
  country: string | undefined,
  lng: string | undefined,
): string | null {
  const cost = country ? settings.minimum_message_costs[country] : undefined;
  if (!cost || settings.message_credits <= 0) return null;
  const locale = INTL_LOCALE[lng ?? ''] ?? lng ?? DATE_LOCALE_DEFAULT;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: cost.currency }).format(
    cost.costs / settings.message_credits / 100,
  );
}
