import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  DIRECT_DEBIT_LIMIT_CENTS,
  DIRECT_DEBIT_LIMIT_DAYS,
  SMS_CODE_ATTEMPTS,
  SMS_CODE_DIGITS,
  SMS_CODE_MINUTES,
  SMS_CODES_PER_HOUR,
} from '../../../common/constants';
import { directDebitBlocks, directDebitMandates, payments, smsCodes } from '../../db/schema';
import { hitRate } from '../../infra/rate-limit';
import { ApiError } from '../../plugins/errors';
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
