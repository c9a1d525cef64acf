import { and, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { DiscountCode, TimeBonus } from '../../../common/api/payments';
import {
  TIME_BONUS_CODE,
  TIME_BONUS_PERCENT,
  TIME_BONUS_SECONDS,
  WELCOME_DISCOUNT_CODE,
  WELCOME_DISCOUNT_PERCENT,
} from '../../../common/constants';
import type { PaymentMethod } from '../../../common/rules/payment-methods';
import { welcomeDiscountEnds } from '../../../common/rules/time-bonus';
import type { Db, Tx } from '../../db/client';
import { discountCodes, members, paymentEvents, payments } from '../../db/schema';
import { ApiError } from '../../plugins/errors';

/** What a discount needs to know of the member asking. */
export type Buyer = { id: number; siteId: number; paidUser: boolean; signupDate: Date };

const buyerColumns = {
  id: members.id,
  siteId: members.siteId,
  paidUser: members.paidUser,
  signupDate: members.signupDate,
};

export async function buyer(db: Db | Tx, memberId: number): Promise<Buyer> {
  const [m] = await db.select(buyerColumns).from(members).where(eq(members.id, memberId));
  if (!m) throw new ApiError(403, 'authentication_required');
  return m;
}

/**
 * The buyer, with their row locked until the transaction ends: the checkouts and grants of one
 * member take turns, so two of them cannot both take a code that may be used once.
 */
export async function lockBuyer(tx: Tx, memberId: number): Promise<Buyer> {
  const [m] = await tx.select(buyerColumns).from(members).where(eq(members.id, memberId)).for('update');
  if (!m) throw new ApiError(403, 'authentication_required');
  return m;
}

/**
 * How long a checkout that is still open holds its code: time enough to pay at the provider, short
 * enough that an abandoned checkout does not keep the member from the code for long. A pending
 * payment (the member has paid, the money is on its way) holds it until it settles; a failed,
 * cancelled or expired one lets it go at once.
 */
export const DISCOUNT_HOLD_MINUTES = 30;

/** The time bonus and the welcome discount are one offer for a first purchase: one holds both. */
export const FIRST_PURCHASE_CODES: readonly string[] = [TIME_BONUS_CODE, WELCOME_DISCOUNT_CODE];

/** The payments that hold their code at `now`: pending, or open and started within the hold. */
const holding = (now: Date) =>
  or(
    eq(payments.status, 'pending'),
    and(
      eq(payments.status, 'open'),
      gt(payments.createdAt, new Date(now.getTime() - DISCOUNT_HOLD_MINUTES * 60_000)),
    ),
  );

/** Whether a checkout of the member that is not finished holds one of these codes. */
export async function heldBy(
  db: Db | Tx,
  memberId: number,
  codes: readonly string[],
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.memberId, memberId), inArray(payments.discountCode, [...codes]), holding(now)))
    .limit(1);
  return row !== undefined;
}

/** Whether the member already paid with this code (a code is used once a payment with it is paid). */
async function usedBy(db: Db | Tx, memberId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.discountCode, code), eq(payments.status, 'paid')))
    .limit(1);
  return row !== undefined;
}

/**
 * How many uses of a code a site has given or promised: its paid payments and the checkouts that hold
 * it. A code's maximum counts these when a checkout starts; the grant counts the paid ones again.
 */
export async function codeUses(db: Db | Tx, siteId: number, code: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.siteId, siteId),
        eq(payments.discountCode, code.toUpperCase()),
        or(eq(payments.status, 'paid'), holding(now)),
      ),
    );
  return row?.n ?? 0;
}

const synthetic = (
  code: string,
  percentage: number,
  memberId: number,
  expires: Date,
  now: Date,
): DiscountCode => ({
  code,
  country: null,
  user_id: memberId,
  expires: expires.toISOString(),
  value_percentage: percentage,
  currency: null,
  minimum_order_value: 0,
  status: 'active',
  validity: 'once_per_user',
  expired: expires <= now,
  paymentmethods: [],
});

/**
 * The time bonus: a logged-in member who has not paid, within 4 hours of signup, once.
 * The deadline is the signup time plus the limit: the server's clock, so no reload resets it.
 */
export async function timeBonusFor(db: Db | Tx, b: Buyer, now: Date): Promise<TimeBonus | null> {
  if (b.paidUser) return null;
  const expires = new Date(b.signupDate.getTime() + TIME_BONUS_SECONDS * 1000);
  if (expires <= now) return null;
  if (await usedBy(db, b.id, TIME_BONUS_CODE)) return null;
  return {
    code: TIME_BONUS_CODE,
    value_percentage: TIME_BONUS_PERCENT,
    expires: expires.toISOString(),
    seconds_left: Math.floor((expires.getTime() - now.getTime()) / 1000),
  };
}

/** The welcome discount: 25% for a member who has not paid, for the first hours after signup. */
export async function welcomeCodeFor(db: Db | Tx, b: Buyer, now: Date): Promise<DiscountCode | null> {
  if (b.paidUser) return null;
  const expires = welcomeDiscountEnds(b.signupDate);
  if (expires <= now || (await usedBy(db, b.id, WELCOME_DISCOUNT_CODE))) return null;
  return synthetic(WELCOME_DISCOUNT_CODE, WELCOME_DISCOUNT_PERCENT, b.id, expires, now);
}

/**
 * A code as the member typed it, checked against the rules that do not depend on the order:
 * it must exist for this member, be active and not expired, and not be used already nor held by a
 * checkout the member has not finished (409 `discount_code_reserved`). The country is checked too;
 * method and minimum order are checked with the order (`appliesTo`). With `lock` (a checkout's
 * transaction) the code's row stays locked until the end, so checkouts of one code take turns at
 * its maximum.
 */
export async function lookUpCode(
  db: Db | Tx,
  b: Buyer,
  code: string,
  country: string,
  now: Date,
  opts: { lock?: boolean } = {},
): Promise<DiscountCode> {
  if (FIRST_PURCHASE_CODES.includes(code)) {
    let found: DiscountCode | null;
    if (code === TIME_BONUS_CODE) {
      const bonus = await timeBonusFor(db, b, now);
      found = bonus && synthetic(TIME_BONUS_CODE, TIME_BONUS_PERCENT, b.id, new Date(bonus.expires), now);
    } else found = await welcomeCodeFor(db, b, now);
    if (!found) throw new ApiError(400, 'discount_code_expired');
    if (await heldBy(db, b.id, FIRST_PURCHASE_CODES, now)) throw new ApiError(409, 'discount_code_reserved');
    return found;
  }
  const query = db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.siteId, b.siteId), sql`upper(${discountCodes.code}) = ${code}`));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (row?.status !== 'active' || (row.memberId !== null && row.memberId !== b.id))
    throw new ApiError(404, 'discount_code_unknown');
  if (row.expires && row.expires <= now) throw new ApiError(400, 'discount_code_expired');
  if (row.validity === 'once_per_user') {
    if (await usedBy(db, b.id, row.code.toUpperCase())) throw new ApiError(409, 'discount_code_used');
    if (await heldBy(db, b.id, [row.code.toUpperCase()], now))
      throw new ApiError(409, 'discount_code_reserved');
  }
  if (row.country && row.country !== country) throw new ApiError(400, 'discount_code_not_applicable');
  if (row.maxUses !== null && (await codeUses(db, b.siteId, row.code, now)) >= row.maxUses)
    throw new ApiError(400, 'discount_code_used_up');
  return {
    code: row.code.toUpperCase(),
    country: row.country,
    user_id: row.memberId,
    expires: row.expires?.toISOString() ?? null,
    value_percentage: row.valuePercentage,
    currency: row.currency,
    minimum_order_value: row.minimumOrderValue,
    status: row.status,
    validity: row.validity,
    expired: false,
    paymentmethods: row.paymentMethods as PaymentMethod[],
  };
}

/** Whether a looked-up code lowers this order: its currency, minimum order (list price) and method. */
export function appliesTo(
  code: DiscountCode,
  order: { price: number; currency: string; method?: PaymentMethod },
): boolean {
  if (code.currency && code.currency !== order.currency) return false;
  if (order.price < code.minimum_order_value) return false;
  if (order.method && code.paymentmethods.length > 0 && !code.paymentmethods.includes(order.method))
    return false;
  return true;
}

/**
 * Checks a paid payment's code again in the transaction that grants it: its price was set when the
 * checkout started, and another payment may have used the code since. The member's row is locked
 * first (then the code's), so grants of one member, and of one code, take turns. The code no longer
 * holds when the member was granted another payment with a once-per-member code, when the code has
 * reached its maximum, or when the time bonus or welcome discount is paid after the member became
 * premium. The payment then buys what its amount buys at the list price: its credits are lowered
 * by the percentage (rounded down) and it carries no code; an event records why.
 */
export async function confirmDiscount(tx: Tx, paymentId: string, now: Date): Promise<void> {
  const [p] = await tx
    .select({
      id: payments.id,
      siteId: payments.siteId,
      memberId: payments.memberId,
      code: payments.discountCode,
      percentage: payments.discountPercentage,
      credits: payments.credits,
    })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid'), sql`${payments.creditedAt} IS NULL`));
  if (!p?.code || p.memberId === null) return;
  const [member] = await tx
    .select({ paidUser: members.paidUser })
    .from(members)
    .where(eq(members.id, p.memberId))
    .for('update');
  if (!member) return;
  const grantedWith = and(
    eq(payments.discountCode, p.code),
    eq(payments.status, 'paid'),
    ne(payments.id, p.id),
  );
  let holds = true;
  if (FIRST_PURCHASE_CODES.includes(p.code)) holds = !member.paidUser;
  else {
    const [code] = await tx
      .select({ validity: discountCodes.validity, maxUses: discountCodes.maxUses })
      .from(discountCodes)
      .where(and(eq(discountCodes.siteId, p.siteId), sql`upper(${discountCodes.code}) = ${p.code}`))
      .for('update');
    if (code?.validity === 'once_per_user') {
      const [other] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(grantedWith, eq(payments.memberId, p.memberId)))
        .limit(1);
      holds = other === undefined;
    }
    if (holds && code?.maxUses != null) {
      const [uses] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(and(grantedWith, eq(payments.siteId, p.siteId)));
      holds = (uses?.n ?? 0) < code.maxUses;
    }
  }
  if (holds) return;
  const [withdrawn] = await tx
    .update(payments)
    .set({
      credits: Math.floor((p.credits * (100 - p.percentage)) / 100),
      discountCode: null,
      discountPercentage: 0,
      updatedAt: now,
    })
    .where(and(eq(payments.id, p.id), sql`${payments.creditedAt} IS NULL`))
    .returning({ id: payments.id });
  if (withdrawn)
    await tx
      .insert(paymentEvents)
      .values({ paymentId: p.id, status: 'paid', source: 'discount_withdrawn', createdAt: now });
}
