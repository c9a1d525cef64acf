import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { PROMOS_PER_LIST, partnerUrlProblem } from '../../../common/rules/promos';
import type { Db } from '../../db/client';
import { members, promoClicks, promoDomains, promoProfiles } from '../../db/schema';
import { hitRate } from '../../infra/rate-limit';
import { ApiError } from '../../plugins/errors';

export type PromoRow = typeof promoProfiles.$inferSelect;

/** Clicks one address has counted per hour: a person clicks a few, a script's flood is not counted. */
export const PROMO_CLICKS_PER_HOUR = 30;

/** Who is looking: the site, and the viewer's country and the niche when known. */
export type PromoViewer = { siteId: number; country: string | null; niche: number | null };

/** A promo the site shows now: switched on, not deleted, within its window. */
export function liveNow(now: Date): SQL {
  const at = now.toISOString();
  return sql`${promoProfiles.enabled}
    and ${promoProfiles.deletedAt} is null
    and (${promoProfiles.activeFrom} is null or ${promoProfiles.activeFrom} <= ${at}::timestamptz)
    and (${promoProfiles.activeUntil} is null or ${promoProfiles.activeUntil} > ${at}::timestamptz)`;
}

/** …and meant for this viewer: their country and the niche among the promo's (an empty list is every one). */
function forViewer(viewer: PromoViewer): SQL {
  const parts: SQL[] = [];
  if (viewer.country)
    parts.push(
      sql`(cardinality(${promoProfiles.countries}) = 0 or ${viewer.country}::text = any(${promoProfiles.countries}))`,
    );
  if (viewer.niche !== null)
    parts.push(
      sql`(cardinality(${promoProfiles.niches}) = 0 or ${viewer.niche}::smallint = any(${promoProfiles.niches}))`,
    );
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

/** The site's allow-list of partner hosts. */
export async function partnerDomains(db: Db, siteId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: promoDomains.domain })
    .from(promoDomains)
    .where(eq(promoDomains.siteId, siteId))
    .orderBy(asc(promoDomains.domain));
  return rows.map((r) => r.domain);
}

/**
 * The promos shown to a viewer now. A promo whose link left the allow-list since it was saved is
 * not shown: the list is what the operator allows today.
 */
export async function visiblePromos(db: Db, viewer: PromoViewer, now: Date): Promise<PromoRow[]> {
  const [rows, allowed] = await Promise.all([
    db
      .select()
      .from(promoProfiles)
      .where(and(eq(promoProfiles.siteId, viewer.siteId), liveNow(now), forViewer(viewer)))
      .orderBy(asc(promoProfiles.id))
      .limit(PROMOS_PER_LIST * 2),
    partnerDomains(db, viewer.siteId),
  ]);
  return rows.filter((r) => partnerUrlProblem(r.url, allowed) === null).slice(0, PROMOS_PER_LIST);
}

/** One promo shown to this viewer now, or 404. */
export async function visiblePromo(db: Db, viewer: PromoViewer, id: number, now: Date): Promise<PromoRow> {
  const [row] = await db
    .select()
    .from(promoProfiles)
    .where(
      and(eq(promoProfiles.id, id), eq(promoProfiles.siteId, viewer.siteId), liveNow(now), forViewer(viewer)),
    );
  if (!row || partnerUrlProblem(row.url, await partnerDomains(db, viewer.siteId)) !== null)
    throw new ApiError(404, 'not_found');
  return row;
}

/** The network a member signed up with (their tracking), else the one the visitor's link says. */
async function networkOf(db: Db, memberId: number | null, fromLink: string | undefined): Promise<string> {
  if (memberId !== null) {
    const [member] = await db
      .select({ tracking: members.tracking })
      .from(members)
      .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
    const network = member?.tracking.network;
    if (network) return network.slice(0, 100);
  }
  return fromLink?.trim().slice(0, 100) ?? '';
}

/**
 * A click through to a partner: counts it for the promo, the UTC day (the figures' calendar) and
 * the viewer's traffic network, and answers where to send the viewer. Only a promo the site shows
 * now, whose link is still allowed, sends anyone anywhere (404 otherwise). Beyond
 * PROMO_CLICKS_PER_HOUR from one address the viewer is still sent on, but not counted.
 */
export async function clickPromo(
  db: Db,
  input: { siteId: number; id: number; memberId: number | null; network?: string; address: string },
  now: Date,
): Promise<string> {
  const [row] = await db
    .select({ id: promoProfiles.id, url: promoProfiles.url })
    .from(promoProfiles)
    .where(and(eq(promoProfiles.id, input.id), eq(promoProfiles.siteId, input.siteId), liveNow(now)));
  if (!row || partnerUrlProblem(row.url, await partnerDomains(db, input.siteId)) !== null)
    throw new ApiError(404, 'not_found');
  const rate = await hitRate(db, `promo-click:${input.address}`, PROMO_CLICKS_PER_HOUR, 3600, now);
  if (rate.allowed) {
    const network = await networkOf(db, input.memberId, input.network);
    await db
      .insert(promoClicks)
      .values({
        promoId: row.id,
        siteId: input.siteId,
        day: now.toISOString().slice(0, 10),
        network,
        clicks: 1,
      })
      .onConflictDoUpdate({
        target: [promoClicks.promoId, promoClicks.day, promoClicks.network],
        set: { clicks: sql`${promoClicks.clicks} + 1` },
      });
  }
  return row.url;
}
