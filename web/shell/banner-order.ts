/**
 * The members area shows one banner at a time, the most important one: what blocks the member
 * (an unconfirmed e-mail address, a decision about the account, e-mail notifications that are
 * off) before what helps them (a profile photo), before offers (time bonus or welcome discount),
 * before asking for push.
 */
export const BANNER_ORDER = ['activation', 'notice', 'email-off', 'photo', 'offer', 'push'] as const;
export type BannerName = (typeof BANNER_ORDER)[number];

/** The banner to show of those that want to: the first in BANNER_ORDER, or none. */
export function pickBanner(wanted: Partial<Record<BannerName, boolean>>): BannerName | null {
  return BANNER_ORDER.find((name) => wanted[name]) ?? null;
}
