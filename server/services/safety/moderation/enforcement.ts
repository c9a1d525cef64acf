import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { SuspensionStatement } from '../../../../common/api/admin/moderation';
import type { Db } from '../../../db/client';
import { bans, memberNotices, members } from '../../../db/schema';
import { ApiError } from '../../../plugins/errors';
import { restoredStatus } from './sanctions';

/**
 * Where a suspension and a ban take effect: at login and at signup. A suspension for a
 * time ends at the first login after it; until then, and for a ban, login answers 403
 * `account_suspended` with the end (null for a ban) and the statement of reasons, so the form can
 * show them. A banned e-mail address or network address is refused on every site.
 */

/** The ban of an e-mail address (any case) or of a network address, if there is one. */
export async function banOf(db: Db, email: string, address: string | null) {
  const [ban] = await db
    .select({ id: bans.id, kind: bans.kind, memberId: bans.memberId })
    .from(bans)
    .where(
      or(
        and(eq(bans.kind, 'email'), eq(bans.value, email.trim().toLowerCase())),
        address ? and(eq(bans.kind, 'ip'), eq(bans.value, address)) : undefined,
      ),
    )
    .limit(1);
  return ban ?? null;
}

/** The newest statement of reasons behind the member's suspension or ban. */
async function latestStatement(db: Db, memberId: number): Promise<SuspensionStatement | null> {
  const [n] = await db
    .select({ action: memberNotices.action, reason: memberNotices.reason, note: memberNotices.note })
    .from(memberNotices)
    .where(
      and(
        eq(memberNotices.memberId, memberId),
        eq(memberNotices.kind, 'statement'),
        inArray(memberNotices.action, ['suspend', 'ban']),
      ),
    )
    .orderBy(desc(memberNotices.createdAt), desc(memberNotices.id))
    .limit(1);
  if (!n || (n.action !== 'suspend' && n.action !== 'ban')) return null;
  return { action: n.action, reason: n.reason, text: n.note ?? '' };
}

const suspended = (until: Date | null, statement: SuspensionStatement | null) =>
  new ApiError(403, 'account_suspended', { until: until?.toISOString() ?? null, statement });

type LoginMember = {
  id: number;
  email: string;
  status: (typeof members.$inferSelect)['status'];
  suspendedUntil: Date | null;
  deletedAt: Date | null;
  emailConfirmedAt: Date | null;
};

/**
 * Runs after the password was right. A suspension whose end has passed is over: the account gets
 * its status back here. Still suspended, banned, or logging in with a banned address: 403.
 */
export async function enforceAtLogin(db: Db, member: LoginMember, address: string, now: Date): Promise<void> {
  if (member.status === 'suspended') {
    if (member.suspendedUntil && member.suspendedUntil <= now) {
      await db
        .update(members)
        .set({ status: restoredStatus(member), suspendedUntil: null })
        .where(and(eq(members.id, member.id), eq(members.status, 'suspended')));
    } else throw suspended(member.suspendedUntil, await latestStatement(db, member.id));
  }
  const ban = await banOf(db, member.email, address);
  if (ban) {
    // Another account's ban of the same address says nothing of that account's reasons.
    const statement = ban.memberId === member.id ? await latestStatement(db, member.id) : null;
    throw suspended(null, statement);
  }
}

/** Signup refuses a banned e-mail address or network address: 403 `banned`. */
export async function enforceAtSignup(db: Db, email: string, address: string): Promise<void> {
  if (await banOf(db, email, address)) throw new ApiError(403, 'banned');
}
