import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members, profiles } from '../../db/schema';
import { consumeToken, type Tx } from '../../infra/tokens';
import { ApiError } from '../../plugins/errors';
import type { Services } from '../bag';
import { sendActivationMail } from './account-mail';

/**
 * Records that the member reads mail at their address. A member still `not_confirmed` becomes
 * `active` and their profile, hidden until now, goes live (status not_confirmed and profile
 * disabled until the e-mail is confirmed). A suspended member stays suspended.
 */
export async function confirmEmail(tx: Db | Tx, memberId: number, now: Date): Promise<boolean> {
  const [before] = await tx
    .select({ status: members.status })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .for('update');
  if (!before) return false;
  await tx
    .update(members)
    .set({
      emailConfirmedAt: sql`coalesce(${members.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
      ...(before.status === 'not_confirmed' ? { status: 'active' as const } : {}),
    })
    .where(eq(members.id, memberId));
  if (before.status === 'not_confirmed')
    await tx
      .update(profiles)
      .set({ status: 'active' })
      .where(and(eq(profiles.memberId, memberId), eq(profiles.status, 'disabled')));
  return true;
}

/**
 * Follows an activation link: the member, when it was a live token of an account that still
 * exists (null otherwise).
 */
export async function activate(db: Db, token: string, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, 'activation', now);
    return used && (await confirmEmail(tx, used.memberId, now)) ? used.memberId : null;
  });
}

/** The activation mail once more, for a member whose address is not confirmed yet (else 409). */
export async function resendActivationMail(services: Services, memberId: number): Promise<void> {
  const [member] = await services.db
    .select({ confirmedAt: members.emailConfirmedAt })
    .from(members)
    .where(eq(members.id, memberId));
  if (member?.confirmedAt) throw new ApiError(409, 'already_confirmed');
  await sendActivationMail(services, memberId);
}
