import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members, profiles } from '../../db/schema';
import { consumeToken, knownTokenOwner, type Tx } from '../../infra/tokens';
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
 * What following an activation link did: `activated` the account of `memberId` (a live token of an
 * account that still exists), found it `already` confirmed (a used or expired link of an account
 * whose address is confirmed: the member clicked twice, or an older mail), or `failed`.
 */
export type ActivationOutcome =
  | { kind: 'activated'; memberId: number; status: MemberStatus; language: string }
  | { kind: 'already'; memberId: number; language: string }
  | { kind: 'failed' };

type MemberStatus = (typeof members.$inferSelect)['status'];

export async function activate(db: Db, token: string, now: Date): Promise<ActivationOutcome> {
  const used = await db.transaction(async (tx) => {
    const live = await consumeToken(tx, token, 'activation', now);
    return live && (await confirmEmail(tx, live.memberId, now)) ? live.memberId : null;
  });
  const memberId = used ?? (await knownTokenOwner(db, token, 'activation'));
  if (memberId === null) return { kind: 'failed' };
  const [m] = await db
    .select({ status: members.status, language: members.language, confirmedAt: members.emailConfirmedAt })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
  if (!m) return { kind: 'failed' };
  if (used !== null) return { kind: 'activated', memberId, status: m.status, language: m.language };
  return m.confirmedAt ? { kind: 'already', memberId, language: m.language } : { kind: 'failed' };
}

/** The activation mail once more, for a member whose address is not confirmed yet (else 409). */
export async function resendActivationMail(
  services: Services,
  memberId: number,
  opts: { host?: string } = {},
): Promise<void> {
  const [member] = await services.db
    .select({ confirmedAt: members.emailConfirmedAt })
    .from(members)
    .where(eq(members.id, memberId));
  if (member?.confirmedAt) throw new ApiError(409, 'already_confirmed');
  await sendActivationMail(services, memberId, opts);
}
