import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  type AdminDiscountCode,
  type DiscountCodeCreate,
  type DiscountCodeEdit,
  siteCurrencies,
  siteMethods,
} from '../../../../common/api/admin/sites';
import type { Db, Tx } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { discountCodes } from '../../../db/schema';
import { ApiError } from '../../../plugins/errors';
import type { Services } from '../../bag';
import { audit } from '../audit';
import { type Actor, changes, fieldError, siteRowOr404 } from './common';

type CodeRow = typeof discountCodes.$inferSelect;

function present(row: CodeRow, uses: number, now: Date): AdminDiscountCode {
  return {
    id: row.id,
    site_id: row.siteId,
    code: row.code,
    value_percentage: row.valuePercentage,
    country: row.country,
    currency: row.currency,
    minimum_order_value: row.minimumOrderValue,
    payment_methods: row.paymentMethods,
    expires: row.expires?.toISOString() ?? null,
    expired: row.expires !== null && row.expires <= now,
    validity: row.validity,
    status: row.status,
    max_uses: row.maxUses,
    uses,
    created_at: row.createdAt.toISOString(),
  };
}

/** Paid payments of the code's site that used it (what discounts.ts counts against a maximum). */
// Written out: in a select of whole rows drizzle leaves columns unqualified, and both tables have a site_id.
const usesOf = sql<number>`(select count(*)::int from payments p where p.site_id = discount_codes.site_id and p.discount_code = upper(discount_codes.code) and p.status = 'paid')`;

/**
 * GET /api/admin/discount-codes.php?site_id=: the site's codes for everyone (codes made for one
 * member, such as a deletion discount, are not the operator's), newest first, with their uses.
 */
export async function listDiscountCodes(services: Services, siteId: number): Promise<AdminDiscountCode[]> {
  const { db } = services;
  await siteRowOr404(db, siteId);
  const rows = await db
    .select({ row: discountCodes, uses: usesOf })
    .from(discountCodes)
    .where(and(eq(discountCodes.siteId, siteId), isNull(discountCodes.memberId)))
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
    .limit(500);
  const now = services.now();
  return rows.map((r) => present(r.row, r.uses, now));
}

const exists = () =>
  new ApiError(409, 'discount_code_exists', { fields: { code: 'sites.errors.codeExists' } });

/** The limits of a code must fit its site: a country it serves, methods and a currency it has. */
function checkAgainstSite(input: DiscountCodeCreate, countries: string[], now: Date) {
  if (input.country && !countries.includes(input.country))
    throw fieldError('country', 'sites.errors.siteCountry');
  if (input.currency && !siteCurrencies(countries).includes(input.currency))
    throw fieldError('currency', 'sites.errors.currency');
  const methods = siteMethods(countries);
  if (input.payment_methods.some((m) => !methods.includes(m)))
    throw fieldError('payment_methods', 'sites.errors.method');
  if (input.expires && new Date(input.expires) <= now) throw fieldError('expires', 'sites.errors.expires');
}

/**
 * POST /api/admin/discount-codes.php: a code members of the site can enter at checkout at once
 * (services/money/discounts.ts lookUpCode). A code is unique per site whatever its case:
 * 409 `discount_code_exists`, nothing written.
 */
export async function createDiscountCode(
  services: Services,
  actor: Actor,
  input: DiscountCodeCreate,
): Promise<AdminDiscountCode> {
  const { db } = services;
  const now = services.now();
  const site = await siteRowOr404(db, input.site_id);
  checkAgainstSite(input, (site.settings as { countries?: string[] }).countries ?? [], now);
  try {
    const row = await db.transaction(async (tx) => {
      const [same] = await tx
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(
          and(eq(discountCodes.siteId, input.site_id), sql`upper(${discountCodes.code}) = ${input.code}`),
        );
      if (same) throw exists();
      const [created] = await tx
        .insert(discountCodes)
        .values({
          siteId: input.site_id,
          code: input.code,
          valuePercentage: input.value_percentage,
          country: input.country,
          currency: input.currency,
          minimumOrderValue: input.minimum_order_value,
          expires: input.expires ? new Date(input.expires) : null,
          validity: input.validity,
          paymentMethods: input.payment_methods,
          maxUses: input.max_uses,
          status: 'active',
          createdAt: now,
        })
        .returning();
      if (!created) throw new Error('discount code not inserted');
      const { site_id: _s, ...after } = input;
      await audit(tx, {
        staffId: actor.id,
        action: 'discount_code.create',
        targetType: 'discount_code',
        targetId: created.id,
        siteId: input.site_id,
        details: { after },
      });
      return created;
    });
    return present(row, 0, now);
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

async function codeOr404(db: Db | Tx, id: number) {
  const [found] = await db
    .select({ row: discountCodes, uses: usesOf })
    .from(discountCodes)
    .where(and(eq(discountCodes.id, id), isNull(discountCodes.memberId)));
  if (!found) throw new ApiError(404, 'not_found');
  return found;
}

/** PATCH /api/admin/discount-codes.php?id=: switches a code off (members can no longer use it) or on again. */
export async function editDiscountCode(
  services: Services,
  actor: Actor,
  id: number,
  edit: DiscountCodeEdit,
): Promise<AdminDiscountCode> {
  const { db } = services;
  const now = services.now();
  const current = await codeOr404(db, id);
  const diff = changes({ status: current.row.status }, edit);
  if (!diff) return present(current.row, current.uses, now);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(discountCodes)
      .set({ status: edit.status })
      .where(eq(discountCodes.id, id))
      .returning();
    if (!updated) throw new ApiError(404, 'not_found');
    await audit(tx, {
      staffId: actor.id,
      action: 'discount_code.update',
      targetType: 'discount_code',
      targetId: id,
      siteId: updated.siteId,
      details: { code: updated.code, ...diff },
    });
    return updated;
  });
  return present(row, current.uses, now);
}
