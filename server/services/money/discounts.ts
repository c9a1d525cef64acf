import { and, eq, sql } from 'drizzle-orm';
import type { DiscountCode, TimeBonus } from '../../../common/api/payments';
import {
  TIME_BONUS_CODE,
  TIME_BONUS_PERCENT,
  TIME_BONUS_SECONDS,
  WELCOME_DISCOUNT_CODE,
  WELCOME_DISCOUNT_HOURS,
  WELCOME_DISCOUNT_PERCENT,
} from '../../../common/constants';
import type { PaymentMethod } from '../../../common/rules/payment-methods';
import type { Db } from '../../db/client';
import { discountCodes, members, payments } from '../../db/schema';
import { ApiError } from '../../plugins/errors';

/** What a discount needs to know of the member asking. */
export type Buyer = { id: number; siteId: number; paidUser: boolean; signupDate: Date };

export async function buyer(db: Db, memberId: number): Promise<Buyer> {
  const [m] = await db
    .select({
      id: members.id,
      siteId: members.siteId,
      paidUser: members.paidUser,
      signupDate: members.signupDate,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!m) throw new ApiError(403, 'authentication_required');
  return m;
}

/** Whether the member already paid with this code (a code is used once a payment with it is paid). */
async function usedBy(db: Db, memberId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.discountCode, code), eq(payments.status, 'paid')))
    .limit(1);
  return row !== undefined;
}

/**
 * How many paid payments of a site a code lowered (a code's maximum counts these). Payments started
 * at the same moment may pass a maximum by the few in flight: a code is checked when a payment starts.
 */
export async function codeUses(db: Db, siteId: number, code: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.siteId, siteId),
        eq(payments.discountCode, code.toUpperCase()),
        eq(payments.status, 'paid'),
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
 * SPEC §4 "Time bonus": a logged-in member who has not paid, within 4 hours of signup, once.
 * The deadline is the signup time plus the limit: the server's clock, so no reload resets it.
 */
export async function timeBonusFor(db: Db, b: Buyer, now: Date): Promise<TimeBonus | null> {
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

/** The welcome discount (SPEC §1): 25% for a member who has not paid, for the first hours after signup. */
export async function welcomeCodeFor(db: Db, b: Buyer, now: Date): Promise<DiscountCode | null> {
  if (b.paidUser) return null;
  const expires = new Date(b.signupDate.getTime() + WELCOME_DISCOUNT_HOURS * 3_600_000);
  if (expires <= now || (await usedBy(db, b.id, WELCOME_DISCOUNT_CODE))) return null;
  return synthetic(WELCOME_DISCOUNT_CODE, WELCOME_DISCOUNT_PERCENT, b.id, expires, now);
}

/**
 * A code as the member typed it, checked against the rules that do not depend on the order:
 * it must exist for this member (SPEC §5), be active and not expired, and not be used already.
 * The country is checked too; method and minimum order are checked with the order (`appliesTo`).
 */
export async function lookUpCode(
  db: Db,
  b: Buyer,
  code: string,
  country: string,
  now: Date,
): Promise<DiscountCode> {
  if (code === TIME_BONUS_CODE) {
    const bonus = await timeBonusFor(db, b, now);
    if (!bonus) throw new ApiError(400, 'discount_code_expired');
    return synthetic(TIME_BONUS_CODE, TIME_BONUS_PERCENT, b.id, new Date(bonus.expires), now);
  }
  if (code === WELCOME_DISCOUNT_CODE) {
    const welcome = await welcomeCodeFor(db, b, now);
    if (!welcome) throw new ApiError(400, 'discount_code_expired');
    return welcome;
  }
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.siteId, b.siteId), sql`upper(${discountCodes.code}) = ${code}`));
  if (row?.status !== 'active' || (row.memberId !== null && row.memberId !== b.id))
    throw new ApiError(404, 'discount_code_unknown');
  if (row.expires && row.expires <= now) throw new ApiError(400, 'discount_code_expired');
  if (row.validity === 'once_per_user' && (await usedBy(db, b.id, row.code.toUpperCase())))
    throw new ApiError(409, 'discount_code_used');
  if (row.country && row.country !== country) throw new ApiError(400, 'discount_code_not_applicable');
  if (row.maxUses !== null && (await codeUses(db, b.siteId, row.code)) >= row.maxUses)
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
