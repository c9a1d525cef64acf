import { asc, eq } from 'drizzle-orm';
import {
  type AdminGift,
  GIFT_SLUGS,
  type GiftCreate,
  type GiftEdit,
  type GiftSlug,
} from '../../../../common/api/admin/sites';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { gifts } from '../../../db/schema';
import { ApiError } from '../../../plugins/errors';
import type { Services } from '../../bag';
import { audit } from '../audit';
import { type Actor, changes } from './common';

type GiftRow = typeof gifts.$inferSelect;

const present = (row: GiftRow): AdminGift => ({
  id: row.id,
  slug: row.slug,
  credits: row.credits,
  active: row.active,
  position: row.position,
});

/**
 * GET /api/admin/gifts.php: the catalogue (the same on every site; a gift without its own price
 * costs each site's gift_credits), switched-off gifts too, and the known gifts not in it yet.
 */
export async function listGifts(db: Db): Promise<{ gifts: AdminGift[]; addable: GiftSlug[] }> {
  const rows = await db.select().from(gifts).orderBy(asc(gifts.position), asc(gifts.id));
  const present_ = new Set(rows.map((r) => r.slug));
  return { gifts: rows.map(present), addable: GIFT_SLUGS.filter((s) => !present_.has(s)) };
}

const exists = () => new ApiError(409, 'gift_exists', { fields: { slug: 'sites.errors.giftExists' } });

/**
 * POST /api/admin/gifts.php: adds a known gift (its name is in every catalog, common/api/admin/sites.ts
 * GIFT_SLUGS) to the catalogue; members' gift pickers show it at once on this instance.
 */
export async function createGift(services: Services, actor: Actor, input: GiftCreate): Promise<AdminGift> {
  let row: GiftRow;
  try {
    row = await services.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(gifts)
        .values({ slug: input.slug, credits: input.credits, active: input.active, position: input.position })
        .onConflictDoNothing()
        .returning();
      if (!created) throw exists();
      await audit(tx, {
        staffId: actor.id,
        action: 'gift.create',
        targetType: 'gift',
        targetId: created.id,
        details: { after: input },
      });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
  services.gifts.invalidate();
  return present(row);
}

/** PATCH /api/admin/gifts.php?id=: a gift's price (null: the site's gift_credits), availability or place. */
export async function editGift(
  services: Services,
  actor: Actor,
  id: number,
  edit: GiftEdit,
): Promise<AdminGift> {
  const { db } = services;
  const [current] = await db.select().from(gifts).where(eq(gifts.id, id));
  if (!current) throw new ApiError(404, 'not_found');
  const diff = changes(present(current), edit);
  if (!diff) return present(current);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(gifts)
      .set({ credits: edit.credits, active: edit.active, position: edit.position })
      .where(eq(gifts.id, id))
      .returning();
    if (!updated) throw new ApiError(404, 'not_found');
    await audit(tx, {
      staffId: actor.id,
      action: 'gift.update',
      targetType: 'gift',
      targetId: id,
      details: { slug: updated.slug, ...diff },
    });
    return updated;
  });
  services.gifts.invalidate();
  return present(row);
}
