import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AdminPromo, PromoClicks, PromoCreate, PromoEdit } from '../../../../common/api/admin/promos';
import { PROMO_ERRORS } from '../../../../common/api/admin/promos';
import { partnerUrlProblem } from '../../../../common/rules/promos';
import type { Db, Tx } from '../../../db/client';
import { promoClicks, promoDomains, promoProfiles } from '../../../db/schema';
import { mediaUrl } from '../../../infra/storage';
import { ApiError } from '../../../plugins/errors';
import type { Services } from '../../bag';
import { renderPhoto } from '../../profiles/photo-images';
import { newKey, putAll, removeKeys } from '../../profiles/photos';
import { type PromoRow, partnerDomains } from '../../promos/promos';
import { audit } from '../audit';
import type { FiguresScope } from '../figures/range';
import { type Actor, changes, fieldError, siteRowOr404 } from '../sites/common';

/** Clicks of a promo, all time, as a subquery of its row. */
const clickCount = sql<number>`(select coalesce(sum(c.clicks), 0)::int from promo_clicks c where c.promo_id = promo_profiles.id)`;

function isLive(row: PromoRow, allowed: readonly string[], now: Date): boolean {
  return (
    row.enabled &&
    row.deletedAt === null &&
    (row.activeFrom === null || row.activeFrom <= now) &&
    (row.activeUntil === null || row.activeUntil > now) &&
    partnerUrlProblem(row.url, allowed) === null
  );
}

function present(row: PromoRow, clicks: number, allowed: readonly string[], now: Date): AdminPromo {
  return {
    id: row.id,
    site_id: row.siteId,
    name: row.name,
    age: row.age,
    text: row.text,
    url: row.url,
    countries: row.countries,
    niches: row.niches,
    active_from: row.activeFrom?.toISOString() ?? null,
    active_until: row.activeUntil?.toISOString() ?? null,
    enabled: row.enabled,
    picture_url: row.pictureKey ? mediaUrl(row.pictureKey) : null,
    thumb_url: row.thumbKey ? mediaUrl(row.thumbKey) : null,
    live: isLive(row, allowed, now),
    clicks,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What an audit row keeps of a promo. */
const auditable = (row: PromoRow) => ({
  name: row.name,
  age: row.age,
  text: row.text,
  url: row.url,
  countries: row.countries,
  niches: row.niches,
  active_from: row.activeFrom?.toISOString() ?? null,
  active_until: row.activeUntil?.toISOString() ?? null,
  enabled: row.enabled,
});

/** A link the site's allow-list refuses is a field error of `url`, saying which rule it breaks. */
async function checkUrl(db: Db | Tx, siteId: number, url: string | undefined) {
  if (url === undefined) return;
  const problem = partnerUrlProblem(url, await partnerDomains(db as Db, siteId));
  if (problem) throw fieldError('url', problem === 'url' ? PROMO_ERRORS.url : PROMO_ERRORS.host);
}

async function promoOr404(db: Db | Tx, id: number) {
  const [found] = await db
    .select({ row: promoProfiles, clicks: clickCount })
    .from(promoProfiles)
    .where(and(eq(promoProfiles.id, id), isNull(promoProfiles.deletedAt)));
  if (!found) throw new ApiError(404, 'not_found');
  return found;
}

const asDate = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : new Date(v);

/** GET /api/admin/promos.php?site_id=: the site's promos, newest first, switched-off ones too. */
export async function listPromos(services: Services, siteId: number): Promise<AdminPromo[]> {
  const { db } = services;
  await siteRowOr404(db, siteId);
  const [rows, allowed] = await Promise.all([
    db
      .select({ row: promoProfiles, clicks: clickCount })
      .from(promoProfiles)
      .where(and(eq(promoProfiles.siteId, siteId), isNull(promoProfiles.deletedAt)))
      .orderBy(desc(promoProfiles.id)),
    partnerDomains(db, siteId),
  ]);
  const now = services.now();
  return rows.map((r) => present(r.row, r.clicks, allowed, now));
}

async function presentOne(services: Services, row: PromoRow, clicks: number) {
  return present(row, clicks, await partnerDomains(services.db, row.siteId), services.now());
}

/** POST /api/admin/promos.php: a new promo (its link on the site's allow-list), with its audit row. */
export async function createPromo(services: Services, actor: Actor, input: PromoCreate): Promise<AdminPromo> {
  const { db } = services;
  await siteRowOr404(db, input.site_id);
  await checkUrl(db, input.site_id, input.url);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(promoProfiles)
      .values({
        siteId: input.site_id,
        name: input.name,
        age: input.age,
        text: input.text,
        url: input.url,
        countries: input.countries,
        niches: input.niches,
        activeFrom: asDate(input.active_from),
        activeUntil: asDate(input.active_until),
        enabled: input.enabled,
        createdAt: services.now(),
        updatedAt: services.now(),
      })
      .returning();
    if (!created) throw new Error('promo not inserted');
    await audit(tx, {
      staffId: actor.id,
      action: 'promo.create',
      targetType: 'promo',
      targetId: created.id,
      siteId: created.siteId,
      details: { after: auditable(created) },
    });
    return created;
  });
  return presentOne(services, row, 0);
}

/** PATCH /api/admin/promos.php?id=: changes a promo; the audit row keeps what changed, old and new. */
export async function editPromo(
  services: Services,
  actor: Actor,
  id: number,
  edit: PromoEdit,
): Promise<AdminPromo> {
  const { db } = services;
  const current = await promoOr404(db, id);
  await checkUrl(db, current.row.siteId, edit.url);
  const from = edit.active_from === undefined ? current.row.activeFrom : asDate(edit.active_from);
  const until = edit.active_until === undefined ? current.row.activeUntil : asDate(edit.active_until);
  if (from && until && until <= from) throw fieldError('active_until', PROMO_ERRORS.window);
  // Times as the rows keep them, so the same moment written another way is no change.
  const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : v);
  const diff = changes(auditable(current.row), {
    ...edit,
    active_from: iso(edit.active_from),
    active_until: iso(edit.active_until),
  });
  if (!diff) return presentOne(services, current.row, current.clicks);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(promoProfiles)
      .set({
        name: edit.name,
        age: edit.age,
        text: edit.text,
        url: edit.url,
        countries: edit.countries,
        niches: edit.niches,
        activeFrom: asDate(edit.active_from),
        activeUntil: asDate(edit.active_until),
        enabled: edit.enabled,
        updatedAt: services.now(),
      })
      .where(and(eq(promoProfiles.id, id), isNull(promoProfiles.deletedAt)))
      .returning();
    if (!updated) throw new ApiError(404, 'not_found');
    await audit(tx, {
      staffId: actor.id,
      action:
        edit.enabled === false && Object.keys(diff.after).length === 1 ? 'promo.deactivate' : 'promo.edit',
      targetType: 'promo',
      targetId: id,
      siteId: updated.siteId,
      details: diff,
    });
    return updated;
  });
  return presentOne(services, row, current.clicks);
}

/**
 * DELETE /api/admin/promos.php?id=: the promo leaves the console and the site at once. The row
 * stays (marked deleted) because its clicks stay in the figures; its picture files go.
 */
export async function deletePromo(services: Services, actor: Actor, id: number): Promise<void> {
  const { db } = services;
  const current = await promoOr404(db, id);
  await db.transaction(async (tx) => {
    await tx
      .update(promoProfiles)
      .set({ deletedAt: services.now(), pictureKey: null, thumbKey: null, updatedAt: services.now() })
      .where(eq(promoProfiles.id, id));
    await audit(tx, {
      staffId: actor.id,
      action: 'promo.delete',
      targetType: 'promo',
      targetId: id,
      siteId: current.row.siteId,
      details: { before: auditable(current.row) },
    });
  });
  await removeKeys(
    services.storage,
    [current.row.pictureKey, current.row.thumbKey].filter((k): k is string => k !== null),
  );
}

/**
 * POST /api/admin/promo-picture.php?id=: the promo's picture, made as member photos are (the same
 * checks of type, size and pixels; re-encoded without metadata, EXIF and its GPS gone; a display
 * size and a 4:5 card thumbnail), in public storage. The previous picture's files go.
 */
export async function setPromoPicture(
  services: Services,
  actor: Actor,
  id: number,
  bytes: Buffer,
): Promise<AdminPromo> {
  const { db, storage } = services;
  const current = await promoOr404(db, id);
  const image = await renderPhoto(bytes);
  const keys = { picture: newKey('o'), thumb: newKey('o') };
  await putAll(storage, [
    [keys.picture, image.display],
    [keys.thumb, image.thumb],
  ]);
  let row: PromoRow;
  try {
    row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(promoProfiles)
        .set({ pictureKey: keys.picture, thumbKey: keys.thumb, updatedAt: services.now() })
        .where(and(eq(promoProfiles.id, id), isNull(promoProfiles.deletedAt)))
        .returning();
      if (!updated) throw new ApiError(404, 'not_found');
      await audit(tx, {
        staffId: actor.id,
        action: 'promo.picture',
        targetType: 'promo',
        targetId: id,
        siteId: updated.siteId,
        details: { width: image.width, height: image.height },
      });
      return updated;
    });
  } catch (err) {
    await removeKeys(storage, Object.values(keys));
    throw err;
  }
  await removeKeys(
    storage,
    [current.row.pictureKey, current.row.thumbKey].filter((k): k is string => k !== null),
  );
  return presentOne(services, row, current.clicks);
}

/** GET /api/admin/promo-domains.php?site_id=: the site's allow-list of partner hosts. */
export async function listPromoDomains(db: Db, siteId: number): Promise<string[]> {
  await siteRowOr404(db, siteId);
  return partnerDomains(db, siteId);
}

/**
 * PUT /api/admin/promo-domains.php?site_id=: the whole allow-list. A host taken off it takes its
 * promos off the site at once (they are checked against the list when shown and clicked).
 */
export async function savePromoDomains(
  services: Services,
  actor: Actor,
  siteId: number,
  domains: string[],
): Promise<string[]> {
  const { db } = services;
  await siteRowOr404(db, siteId);
  const before = await partnerDomains(db, siteId);
  const after = [...new Set(domains)].sort();
  if (JSON.stringify(before) === JSON.stringify(after)) return before;
  await db.transaction(async (tx) => {
    await tx.delete(promoDomains).where(eq(promoDomains.siteId, siteId));
    if (after.length > 0) await tx.insert(promoDomains).values(after.map((domain) => ({ siteId, domain })));
    await audit(tx, {
      staffId: actor.id,
      action: 'promo.domains',
      targetType: 'site',
      targetId: siteId,
      siteId,
      details: { before: { domains: before }, after: { domains: after } },
    });
  });
  return after;
}

/** Rows of one answer: a year of a few promos and networks. */
const PROMO_CLICK_ROWS_MAX = 2000;

/** Clicks per promo, UTC day and network within the figures' range and sites; newest day first. */
export async function promoClickFigures(db: Db, scope: FiguresScope): Promise<PromoClicks> {
  const rows =
    scope.siteIds.length === 0
      ? []
      : await db
          .select({
            promoId: promoClicks.promoId,
            name: promoProfiles.name,
            siteId: promoClicks.siteId,
            day: promoClicks.day,
            network: promoClicks.network,
            clicks: promoClicks.clicks,
          })
          .from(promoClicks)
          .innerJoin(promoProfiles, eq(promoProfiles.id, promoClicks.promoId))
          .where(
            and(
              inArray(promoClicks.siteId, scope.siteIds),
              sql`${promoClicks.day} between ${scope.from}::date and ${scope.to}::date`,
            ),
          )
          .orderBy(
            desc(promoClicks.day),
            desc(promoClicks.clicks),
            asc(promoClicks.promoId),
            asc(promoClicks.network),
          )
          .limit(PROMO_CLICK_ROWS_MAX);
  const [sum] =
    scope.siteIds.length === 0
      ? [{ total: 0 }]
      : await db
          .select({ total: sql<number>`coalesce(sum(${promoClicks.clicks}), 0)::int` })
          .from(promoClicks)
          .where(
            and(
              inArray(promoClicks.siteId, scope.siteIds),
              sql`${promoClicks.day} between ${scope.from}::date and ${scope.to}::date`,
            ),
          );
  return {
    from: scope.from,
    to: scope.to,
    site_id: scope.siteId,
    total: sum?.total ?? 0,
    rows: rows.map((r) => ({
      promo_id: r.promoId,
      name: r.name,
      site_id: r.siteId,
      day: r.day,
      network: r.network || null,
      clicks: r.clicks,
    })),
  };
}
