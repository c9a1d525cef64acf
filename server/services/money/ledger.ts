import { and, eq, sql } from 'drizzle-orm';
import type { CreditReason } from '../../../common/api/credits';
import type { Tx } from '../../db/client';
import { creditLedger, members } from '../../db/schema';
import type { EventBus, EventListener } from '../../infra/events/bus';
import { ApiError } from '../../plugins/errors';

/**
 * The credits ledger: every grant and every spend of a member's credits moves `members.credits` and
 * writes its `credit_ledger` row together, so a member's ledger always sums to their balance. The
 * chat send statement (services/chat/send-statement.ts) does the same for many sends at once, in
 * SQL, under a reason of the same enum (common/api/credits.ts).
 */

export type LedgerRow = typeof creditLedger.$inferSelect;

export type BalanceChange = {
  memberId: number;
  /** Credits added (above zero) or taken (below zero); never zero: no change, no row. */
  delta: number;
  reason: CreditReason;
  /** What the change is for: a payment's id, a message's id, `staff:<id>`. */
  reference?: string | null;
  /** The row's time (the caller's clock); the database's when absent. */
  at?: Date;
};

/**
 * Moves a member's balance by `delta` and writes the ledger row with the balance after it, in the
 * caller's transaction. A change that would take the balance below zero changes nothing and throws
 * `refuse()` (402 `not_enough_credits` unless the caller answers otherwise); an unknown member is
 * 404 `not_found`. The member's row stays locked until the transaction ends, so the changes of one
 * member run one after the other. Announce the new balance after the commit (`announceBalance`).
 */
export async function changeBalance(
  tx: Tx,
  change: BalanceChange,
  refuse: () => Error = () => new ApiError(402, 'not_enough_credits'),
): Promise<LedgerRow> {
  const { memberId, delta } = change;
  if (!Number.isInteger(delta) || delta === 0) throw new Error(`a balance change of ${delta} credits`);
  const [moved] = await tx
    .update(members)
    .set({ credits: sql`${members.credits} + ${delta}` })
    .where(and(eq(members.id, memberId), sql`${members.credits} + ${delta} >= 0`))
    .returning({ credits: members.credits });
  if (moved) {
    const [entry] = await tx
      .insert(creditLedger)
      .values({
        memberId,
        delta,
        balanceAfter: moved.credits,
        reason: change.reason,
        reference: change.reference ?? null,
        ...(change.at ? { createdAt: change.at } : {}),
      })
      .returning();
    if (!entry) throw new Error('ledger row not written');
    return entry;
  }
  const [exists] = await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  throw exists ? refuse() : new ApiError(404, 'not_found');
}

/**
 * Tells a member's open tabs their balance after a change, once it is committed (a receiver may read
 * the database as soon as the event arrives). `skip`: the socket that caused it and has the answer.
 */
export function announceBalance(
  events: Pick<EventBus, 'publish'>,
  memberId: number,
  credits: number,
  skip?: EventListener,
): void {
  events.publish(memberId, { type: 'credits', credits }, skip);
}
