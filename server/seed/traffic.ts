import { sql } from 'drizzle-orm';
import { landerOf } from '../../common/rules/landers';
import type { Db } from '../db/client';
import { type Column, insertColumns } from './bulk';
import type { Rng } from './rng';

/** How far back the demo data's recent history (visits, activity, purchases, chats) goes. */
export const HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;

/** A visitor's traffic source: the network of the ad (null = none, typed in or bookmarked) and the page. */
export type TrafficSource = { network: string | null; path: string };

// Paid traffic lands on the landers; people who come on their own mostly on the home page.
const SOURCES: readonly (readonly [TrafficSource, number])[] = [
  [{ network: 'google', path: '/landers/gallery' }, 14],
  [{ network: 'google', path: '/landers/maplanding' }, 8],
  [{ network: 'google', path: '/' }, 6],
  [{ network: 'facebook', path: '/landers/socialnetwork' }, 10],
  [{ network: 'facebook', path: '/landers/collagelanding' }, 6],
  [{ network: 'tiktok', path: '/landers/video' }, 9],
  [{ network: 'tiktok', path: '/landers/tinderswipe' }, 7],
  [{ network: 'taboola', path: '/landers/alonetonight' }, 5],
  [{ network: 'exoclick', path: '/landers/iconslanding' }, 4],
  [{ network: null, path: '/' }, 22],
  [{ network: null, path: '/landers/gallery' }, 3],
];

/** Share of visits that leave at once, per lander: the swipe game holds people best. */
const BOUNCE_SHARE: Record<string, number> = {
  home: 0.45,
  'landers/tinderswipe': 0.22,
  'landers/video': 0.3,
};

export const pickSource = (rng: Rng): TrafficSource => rng.weighted(SOURCES);

/**
 * The tracking values a signup from `source` keeps on the member (services/accounts/signup.ts): the network
 * and the page the visit began on, with its lander.
 */
export function signupTracking(source: TrafficSource): Record<string, string> {
  return {
    ...(source.network ? { network: source.network } : {}),
    landing: source.path,
    lander: landerOf(source.path),
  };
}

/**
 * Visits and bounces per network and lander on each of the last HISTORY_DAYS days, for the
 * console's figures: a few dozen visits per site and day, more at the weekend, growing a little.
 * A site that has visits already is left alone, so seeding again adds none. The numbers do not
 * grow with the member count: a large seed costs no more here than a small one.
 */
export async function seedDemoTraffic(db: Db, siteIds: number[], now: Date, rng: Rng): Promise<void> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (const [n, siteId] of siteIds.entries()) {
    const { rows } = await db.execute(
      sql`SELECT EXISTS (SELECT 1 FROM page_visits WHERE site_id = ${siteId}) AS has`,
    );
    if ((rows[0] as { has: boolean } | undefined)?.has) continue;
    const visits: { path: string; network: string | null; at: number }[] = [];
    const bounces: typeof visits = [];
    const base = 60 / (n + 1) + 15;
    for (let d = HISTORY_DAYS - 1; d >= 0; d--) {
      const dayStart = today - d * DAY_MS;
      const weekday = new Date(dayStart).getUTCDay();
      const weekend = weekday === 0 || weekday === 6 ? 1.35 : 1;
      const growth = 1 + (HISTORY_DAYS - d) / (2 * HISTORY_DAYS);
      // Today only up to now.
      const dayLength = d === 0 ? now.getTime() - dayStart : DAY_MS;
      const count = Math.round(base * weekend * growth * (0.8 + 0.4 * rng.next()) * (dayLength / DAY_MS));
      for (let i = 0; i < count; i++) {
        const source = pickSource(rng);
        const at = dayStart + rng.next() * dayLength;
        visits.push({ ...source, at });
        if (rng.chance(BOUNCE_SHARE[landerOf(source.path)] ?? 0.35))
          bounces.push({ ...source, at: Math.min(at + rng.int(3_000, 40_000), now.getTime()) });
      }
    }
    const columns = (list: typeof visits): Column[] => [
      ['site_id', 'int', list.map(() => siteId)],
      ['path', 'text', list.map((v) => v.path)],
      ['lander', 'text', list.map((v) => landerOf(v.path))],
      ['network', 'text', list.map((v) => v.network)],
      ['created_at', 'timestamptz', list.map((v) => new Date(v.at).toISOString())],
    ];
    await db.transaction(async (tx) => {
      await insertColumns(tx, 'page_visits', columns(visits));
      await insertColumns(tx, 'page_bounces', columns(bounces));
    });
  }
}
