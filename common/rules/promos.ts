/**
 * Promo profiles: partner camera sites' performers shown as labelled promotions between members.
 * Both the console (to say what is wrong before saving) and the server (which decides) apply these.
 */

/** A promo card follows every this many member cards in the search results and the match finder. */
export const PROMO_CARD_INTERVAL = 8;

/** The promo cards one list may show at most (they repeat when the list is longer). */
export const PROMOS_PER_LIST = 20;

/** Why a partner URL is refused: not an http(s) address at all, or its host is not allowed. */
export type PartnerUrlProblem = 'url' | 'host';

/** Whether `host` is one of `allowed` or a subdomain of one (`www.cams.example` under `cams.example`). */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allowed.some((domain) => {
    const d = domain.toLowerCase();
    return h === d || h.endsWith(`.${d}`);
  });
}

/**
 * What is wrong with a partner link, or null. Only http and https are links a visitor may be sent
 * to (javascript:, data: and the like would run in or stand in for our page); user names in the
 * address only serve to make a foreign host look like a listed one, so they are refused as well.
 */
export function partnerUrlProblem(url: string, allowed: readonly string[]): PartnerUrlProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'url';
  if (parsed.username || parsed.password || !parsed.hostname) return 'url';
  return hostAllowed(parsed.hostname, allowed) ? null : 'host';
}

/** Interleaves `promos` into `items`: one after every `interval` items, cycling through the promos. */
export function withPromos<T, P>(
  items: readonly T[],
  promos: readonly P[],
  interval: number = PROMO_CARD_INTERVAL,
): ({ kind: 'item'; item: T } | { kind: 'promo'; promo: P; slot: number })[] {
  const out: ({ kind: 'item'; item: T } | { kind: 'promo'; promo: P; slot: number })[] = [];
  items.forEach((item, i) => {
    out.push({ kind: 'item', item });
    const slot = (i + 1) / interval - 1;
    if (promos.length > 0 && (i + 1) % interval === 0)
      out.push({ kind: 'promo', promo: promos[slot % promos.length] as P, slot });
  });
  return out;
}
