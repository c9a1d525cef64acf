import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DirectDebitBlock } from '../../../common/api/admin/direct-debit';
import {
  DIRECT_DEBIT_LIMIT_CENTS,
  DIRECT_DEBIT_LIMIT_DAYS,
  SMS_CODE_ATTEMPTS,
  SMS_CODE_DIGITS,
  SMS_CODE_MINUTES,
  SMS_CODES_PER_HOUR,
} from '../../../common/constants';
import type { Tx } from '../../db/client';
import {
  directDebitBlocks,
  directDebitMandates,
  paymentEvents,
  payments,
  smsCodes,
  staff,
} from '../../db/schema';
import { hitRate } from '../../infra/rate-limit';
import { ApiError } from '../../plugins/errors';
import { presentDirectDebitBlock } from '../../presenters/console';
import { audit } from '../admin/audit';
import type { Services } from '../bag';

const hash = (code: string) => createHash('sha256').update(code).digest();

/**
 * The direct-debit errors, checked before a code is sent and again before collecting: an
 * account on the block list (403), or more than the limit collected in the period (409).
 */
export async function checkDirectDebit(services: Services, memberId: number, iban: string, amount: number) {
  const { db } = services;
  const [blocked] = await db.select().from(directDebitBlocks).where(eq(directDebitBlocks.iban, iban));
  if (blocked) throw new ApiError(403, 'direct_debit_blocked');
  const since = new Date(services.now().getTime() - DIRECT_DEBIT_LIMIT_DAYS * 86_400_000);
  const [sum] = await db
    .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.memberId, memberId),
        eq(payments.method, 'directdebit'),
        inArray(payments.status, ['open', 'pending', 'paid']),
        gte(payments.createdAt, since),
      ),
    );
  if ((sum?.total ?? 0) + amount > DIRECT_DEBIT_LIMIT_CENTS) throw new ApiError(409, 'direct_debit_limit');
}

/** Sends a fresh code to the phone (only its hash is kept); a few per hour per member. */
export async function sendSmsCode(
  services: Services,
  memberId: number,
  phone: string,
  text: (code: string) => string,
): Promise<void> {
  const now = services.now();
  const rate = await hitRate(services.db, `sms:${memberId}`, SMS_CODES_PER_HOUR, 3600, now);
  if (!rate.allowed) throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });
  const code = String(randomInt(0, 10 ** SMS_CODE_DIGITS)).padStart(SMS_CODE_DIGITS, '0');
  const row = {
    memberId,
    phone,
    codeHash: hash(code).toString('hex'),
    attemptsLeft: SMS_CODE_ATTEMPTS,
    expiresAt: new Date(now.getTime() + SMS_CODE_MINUTES * 60_000),
  };
  await services.db.insert(smsCodes).values(row).onConflictDoUpdate({ target: smsCodes.memberId, set: row });
  await services.sms.send(phone, text(code));
}

/**
 * Checks a code for this member and phone: right, in time and with tries left, it is used up;
 * otherwise one try is gone and the answer is 400 `sms_code_invalid` ('Code ongeldig').
 */
export async function consumeSmsCode(services: Services, memberId: number, phone: string, code: string) {
  const { db } = services;
  const [row] = await db.select().from(smsCodes).where(eq(smsCodes.memberId, memberId));
  const fresh = row && row.phone === phone && row.expiresAt > services.now() && row.attemptsLeft > 0;
  const right = fresh && timingSafeEqual(hash(code), Buffer.from(row.codeHash, 'hex'));
  if (right) {
    // Deleted only if still there: two requests with the same code cannot both use it.
    const used = await db.delete(smsCodes).where(eq(smsCodes.memberId, memberId)).returning();
    if (used.length === 1) return;
  } else if (row) {
    await db
      .update(smsCodes)
      .set({ attemptsLeft: sql`greatest(${smsCodes.attemptsLeft} - 1, 0)` })
      .where(eq(smsCodes.memberId, memberId));
  }
  throw new ApiError(400, 'sms_code_invalid');
}

/** The mandate the code confirmed: who holds the account, where they live, the debit it is for. */
export async function recordMandate(
  services: Services,
  mandate: Omit<typeof directDebitMandates.$inferInsert, 'id' | 'createdAt'>,
): Promise<void> {
  await services.db.insert(directDebitMandates).values({ ...mandate, createdAt: services.now() });
}

/** The phone as the form shows it back: country code and the last two digits. */
export function phoneHint(e164: string): string {
  return `${e164.slice(0, 3)} •••• ${e164.slice(-2)}`;
}

// ---------------------------------------------------------------------------------------------
// The block list

const blockColumns = {
  iban: directDebitBlocks.iban,
  reason: directDebitBlocks.reason,
  paymentId: directDebitBlocks.paymentId,
  createdAt: directDebitBlocks.createdAt,
  staffId: staff.id,
  staffName: staff.name,
};

/** The blocked accounts, newest first (the console's list: a few hundred at most). */
export async function directDebitBlockList(services: Services): Promise<DirectDebitBlock[]> {
  const rows = await services.db
    .select(blockColumns)
    .from(directDebitBlocks)
    .leftJoin(staff, eq(staff.id, directDebitBlocks.staffId))
    .orderBy(desc(directDebitBlocks.createdAt), directDebitBlocks.iban);
  return rows.map(presentDirectDebitBlock);
}

/**
 * Staff block an account (already in its normal form); the audit row is written with it. An
 * account already on the list is 409 `already_blocked`, its first reason kept.
 */
export async function addDirectDebitBlock(
  services: Services,
  by: { staffId: number; staffName: string },
  iban: string,
  reason: string,
): Promise<DirectDebitBlock> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(directDebitBlocks)
      .values({ iban, reason, staffId: by.staffId, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ApiError(409, 'direct_debit_block_exists');
    await audit(tx, {
      staffId: by.staffId,
      action: 'direct_debit.block',
      targetType: 'iban',
      targetId: iban,
      reason,
    });
    return presentDirectDebitBlock({ ...row, staffId: by.staffId, staffName: by.staffName });
  });
}

/** Staff lift a block, with why; an account that is not on the list is 404. */
export async function removeDirectDebitBlock(
  services: Services,
  staffId: number,
  iban: string,
  reason: string,
): Promise<void> {
  await services.db.transaction(async (tx) => {
    const [row] = await tx.delete(directDebitBlocks).where(eq(directDebitBlocks.iban, iban)).returning();
    if (!row) throw new ApiError(404, 'not_found');
    await audit(tx, {
      staffId,
      action: 'direct_debit.unblock',
      targetType: 'iban',
      targetId: iban,
      reason,
      details: { blocked_at: row.createdAt.toISOString(), blocked_for: row.reason },
    });
  });
}

/**
 * The provider reported a chargeback of a paid payment: the member's bank took the money back.
 * Once per payment (its `chargeback` event), every account the member gave for direct debit goes
 * on the block list, so the member cannot pay by direct debit from it again; the audit log names
 * the system as who did it. Runs in the transaction that records the chargeback.
 */
export async function blockForChargeback(
  tx: Tx,
  payment: { id: string; memberId: number | null; siteId: number },
  now: Date,
): Promise<string[]> {
  const [seen] = await tx
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.source, 'chargeback')));
  if (seen) return [];
  await tx
    .insert(paymentEvents)
    .values({ paymentId: payment.id, status: 'paid', source: 'chargeback', createdAt: now });
  if (payment.memberId === null) return [];
  const accounts = await tx
    .selectDistinct({ iban: directDebitMandates.iban })
    .from(directDebitMandates)
    .where(eq(directDebitMandates.memberId, payment.memberId));
  const blocked: string[] = [];
  for (const { iban } of accounts) {
    const [row] = await tx
      .insert(directDebitBlocks)
      .values({ iban, reason: 'chargeback', paymentId: payment.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ iban: directDebitBlocks.iban });
    if (!row) continue;
    blocked.push(iban);
    await audit(tx, {
      staffId: null,
      action: 'direct_debit.block',
      targetType: 'iban',
      targetId: iban,
      siteId: payment.siteId,
      details: { payment_id: payment.id, member_id: payment.memberId, chargeback: true },
    });
  }
  return blocked;
}
