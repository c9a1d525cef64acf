import { eq } from 'drizzle-orm';
import type { LedgerEntry } from '../../../../common/api/admin/members';
import { members, profiles, sessions } from '../../../db/schema';
import { ApiError } from '../../../plugins/errors';
import { presentLedgerEntry } from '../../../presenters/console';
import type { Services } from '../../bag';
import { announceBalance, changeBalance } from '../../money/ledger';
import { closeSockets } from '../../safety/moderation/sanctions';
import { audit } from '../audit';

/** Who acts, and why (the reason the dialog asked for, kept in the audit log). */
export type StaffAct = { staffId: number; reason: string };

/**
 * Adds or takes credits (admin): the balance, its ledger row (reason 'adjustment', the staff
 * member as reference) and the audit row in one transaction. A balance never goes below zero:
 * 409 `credits_negative`, nothing changed.
 */
export async function adjustCredits(
  services: Services,
  act: StaffAct & { memberId: number; delta: number },
): Promise<{ credits: number; entry: LedgerEntry }> {
  const now = services.now();
  const result = await services.db.transaction(async (tx) => {
    const entry = await changeBalance(
      tx,
      {
        memberId: act.memberId,
        delta: act.delta,
        reason: 'adjustment',
        reference: `staff:${act.staffId}`,
        at: now,
      },
      () => new ApiError(409, 'credits_negative'),
    );
    const [member] = await tx
      .select({ siteId: members.siteId })
      .from(members)
      .where(eq(members.id, act.memberId));
    if (!member) throw new Error('member vanished during its adjustment');
    await audit(tx, {
      staffId: act.staffId,
      action: 'member.credits',
      targetType: 'member',
      targetId: act.memberId,
      siteId: member.siteId,
      reason: act.reason,
      details: { delta: act.delta, balance_after: entry.balanceAfter, ledger_id: entry.id },
    });
    return { credits: entry.balanceAfter, entry: presentLedgerEntry(entry) };
  });
  // After commit: the member's open tabs show the new balance.
  announceBalance(services.events, act.memberId, result.credits);
  return result;
}

/**
 * Marks a profile fictional or not (admin). The site's fictional disclosure then shows wherever
 * the member app shows the profile (cards, the profile page, the landers). No change, no row.
 */
export async function setFictional(
  services: Services,
  act: StaffAct & { memberId: number; fictional: boolean },
): Promise<{ fictional: boolean }> {
  return services.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ fictional: profiles.fictional, siteId: profiles.siteId })
      .from(profiles)
      .where(eq(profiles.memberId, act.memberId));
    if (!current) throw new ApiError(404, 'not_found');
    if (current.fictional === act.fictional) return { fictional: current.fictional };
    await tx.update(profiles).set({ fictional: act.fictional }).where(eq(profiles.memberId, act.memberId));
    await audit(tx, {
      staffId: act.staffId,
      action: act.fictional ? 'member.fictional' : 'member.not_fictional',
      targetType: 'member',
      targetId: act.memberId,
      siteId: current.siteId,
      reason: act.reason,
      details: { fictional: act.fictional },
    });
    return { fictional: act.fictional };
  });
}

/**
 * Ends every session of a member (support), as "log out everywhere" does: their browsers are
 * logged out at the next call, the push subscriptions registered under those sessions go with
 * them (a foreign key), and open sockets are told after the commit to check their session (and
 * close); one that misses it closes at its next regular check.
 */
export async function endMemberSessions(
  services: Services,
  act: StaffAct & { memberId: number },
): Promise<{ ended: number }> {
  const result = await services.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ siteId: members.siteId })
      .from(members)
      .where(eq(members.id, act.memberId));
    if (!member) throw new ApiError(404, 'not_found');
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.memberId, act.memberId))
      .returning({ tokenHash: sessions.tokenHash });
    await audit(tx, {
      staffId: act.staffId,
      action: 'member.end_sessions',
      targetType: 'member',
      targetId: act.memberId,
      siteId: member.siteId,
      reason: act.reason,
      details: { ended: ended.length },
    });
    return { ended: ended.length };
  });
  closeSockets(services, act.memberId);
  return result;
}
