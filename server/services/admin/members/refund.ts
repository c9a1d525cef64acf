import { and, eq, lt, ne } from 'drizzle-orm';
import type { RefundResponse } from '../../../../common/api/admin/members';
import type { Tx } from '../../../db/client';
import { members, payments } from '../../../db/schema';
import { ApiError } from '../../../plugins/errors';
import { presentAdminPayment } from '../../../presenters/console';
import type { Services } from '../../bag';
import { announceBalance, changeBalance } from '../../money/ledger';
import type { ProviderRefund } from '../../money/provider';
import { refundable } from '../../money/refundable';
import { audit } from '../audit';
import type { StaffAct } from './actions';

type Log = { error: (obj: object, msg: string) => void };

/**
 * The credits a refund of `refunded` cents (in total) takes back of a payment: its share of the
 * payment's credits, rounded down, and all of them once it is refunded in full. Computed on the
 * running total, so two partial refunds take back exactly what one refund of their sum would.
 */
export function creditsShare(p: { credits: number; amount: number }, refunded: number): number {
  if (refunded >= p.amount) return p.credits;
  return Math.floor((p.credits * refunded) / p.amount);
}

/**
 * Refunds (part of) a paid payment (admin). The provider is asked first and outside any
 * transaction; only when it accepted does one transaction record the refund on the
 * payment, take the payment's credits back as far as the balance allows (a ledger row 'refund'),
 * withdraw premium when nothing paid remains, and write the audit row.
 *
 * Premium (`paid_user`) is what a payment buys besides credits: a member whose every payment is
 * now refunded in full has paid nothing and loses it; a partial refund (a goodwill gesture) or
 * another payment still standing keeps it.
 */
export async function refundPayment(
  services: Services,
  log: Log,
  act: StaffAct & { paymentId: string; amount: number },
): Promise<RefundResponse> {
  const { db } = services;
  const [payment] = await db.select().from(payments).where(eq(payments.id, act.paymentId));
  if (!payment) throw new ApiError(404, 'not_found');
  const left = refundable(payment);
  if (left <= 0) throw new ApiError(409, 'payment_not_refundable');
  if (act.amount > left) throw new ApiError(409, 'refund_too_large');
  if (payment.provider !== services.payments.name || !payment.providerPaymentId) {
    log.error(
      { payment: payment.id, provider: payment.provider },
      'refund: the payment’s provider is not configured',
    );
    throw new ApiError(502, 'refund_failed');
  }

  let remote: ProviderRefund;
  try {
    remote = await services.payments.refund(payment.providerPaymentId, act.amount, payment.currency);
  } catch (err) {
    log.error({ err, payment: payment.id }, 'refund: the payment provider refused');
    throw new ApiError(502, 'refund_failed');
  }

  const now = services.now();
  const result = await db.transaction(async (tx) => {
    // The provider has paid it back: record what it did, even if another refund slipped in
    // meanwhile (the provider itself refuses more than was paid).
    const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
    if (!locked) throw new Error('payment vanished during its refund');
    const before = locked.refundedAmount;
    const [updated] = await tx
      .update(payments)
      .set({ refundedAmount: Math.min(locked.amount, before + act.amount), refundedAt: now, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .returning();
    if (!updated) throw new Error('payment vanished during its refund');
    const due = creditsShare(updated, updated.refundedAmount) - creditsShare(updated, before);
    const member = updated.memberId === null ? null : await takeBack(tx, updated, due, now);
    await audit(tx, {
      staffId: act.staffId,
      action: 'payment.refund',
      targetType: 'payment',
      targetId: payment.id,
      siteId: payment.siteId,
      reason: act.reason,
      details: {
        member_id: updated.memberId,
        amount: act.amount,
        currency: updated.currency,
        refunded_amount: updated.refundedAmount,
        provider: updated.provider,
        provider_refund_id: remote.id,
        provider_refund_status: remote.status,
        credits_due: due,
        credits_taken: member?.taken ?? 0,
        premium_withdrawn: member?.premiumWithdrawn ?? false,
      },
    });
    return { updated, member };
  });
  if (result.member && result.updated.memberId !== null && result.member.taken > 0)
    announceBalance(services.events, result.updated.memberId, result.member.credits);
  return {
    payment: presentAdminPayment(result.updated),
    credits_taken: result.member?.taken ?? 0,
    credits: result.member?.credits ?? null,
    paid: result.member?.paid ?? null,
  };
}

/** Takes up to `due` credits from the payment's member (never below zero) and settles premium. */
async function takeBack(tx: Tx, payment: typeof payments.$inferSelect, due: number, now: Date) {
  const memberId = payment.memberId as number;
  const [current] = await tx
    .select({ credits: members.credits, paid: members.paidUser })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!current) return null;
  const taken = Math.min(due, current.credits);
  const fullyRefunded = payment.refundedAmount >= payment.amount;
  const [standing] = fullyRefunded
    ? await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.memberId, memberId),
            eq(payments.status, 'paid'),
            ne(payments.id, payment.id),
            lt(payments.refundedAmount, payments.amount),
          ),
        )
        .limit(1)
    : [];
  const premiumWithdrawn = current.paid && fullyRefunded && !standing;
  if (premiumWithdrawn) await tx.update(members).set({ paidUser: false }).where(eq(members.id, memberId));
  const entry =
    taken > 0
      ? await changeBalance(tx, { memberId, delta: -taken, reason: 'refund', reference: payment.id, at: now })
      : null;
  return {
    taken,
    credits: entry?.balanceAfter ?? current.credits,
    paid: current.paid && !premiumWithdrawn,
    premiumWithdrawn,
  };
}
