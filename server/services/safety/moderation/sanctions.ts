import { eq } from 'drizzle-orm';
import type { ReportReason } from '../../../../common/api/reports';
import type { Tx } from '../../../db/client';
import { bans, memberNotices, members, sessions } from '../../../db/schema';
import { ApiError } from '../../../plugins/errors';
import { closeEndedSessionSockets } from '../../accounts/sessions';
import { audit } from '../../admin/audit';
import type { Services } from '../../bag';
import { sendStatementMail } from '../notice-mail';
import { type AfterCommit, runAfterCommit } from './after-commit';

/**
 * What a moderator does to a member's account: suspend for a time, ban, lift either.
 * A suspension is `status 'suspended'` with `suspended_until`; a ban is 'suspended' without an end,
 * plus `bans` rows for the e-mail address (lower-cased) and the last network address, which signup
 * and login refuse on every site. Both end every session of the member at once and close their
 * sockets after the commit.
 *
 * The report decisions (decisions.ts) use the `…Tx` pieces inside their own transaction; the
 * members screen calls `suspendMember`, `banMember` and `liftSuspension`, which run their own.
 */

export type SanctionedMember = {
  id: number;
  siteId: number;
  email: string;
  status: (typeof members.$inferSelect)['status'];
  suspendedUntil: Date | null;
  deletedAt: Date | null;
  emailConfirmedAt: Date | null;
  lastIp: string | null;
};

export const isBanned = (m: Pick<SanctionedMember, 'status' | 'suspendedUntil'>) =>
  m.status === 'suspended' && m.suspendedUntil === null;

/** The status an account returns to when a suspension ends. */
export const restoredStatus = (m: Pick<SanctionedMember, 'deletedAt' | 'emailConfirmedAt'>) =>
  m.deletedAt ? ('deleted' as const) : m.emailConfirmedAt ? ('active' as const) : ('not_confirmed' as const);

/** The member's row, locked for the decision's transaction; 404 when the account is gone. */
export async function lockMember(tx: Tx, memberId: number): Promise<SanctionedMember> {
  const [m] = await tx
    .select({
      id: members.id,
      siteId: members.siteId,
      email: members.email,
      status: members.status,
      suspendedUntil: members.suspendedUntil,
      deletedAt: members.deletedAt,
      emailConfirmedAt: members.emailConfirmedAt,
      lastIp: members.lastIp,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!m) throw new ApiError(404, 'not_found');
  return m;
}

const DAY_MS = 86_400_000;

/**
 * Suspends for `days` from now. A ban, or a longer suspension already running, stands: a shorter
 * sanction never shortens a longer one. Returns the end that applies (null: banned). Every session
 * ends in the same transaction.
 */
export async function suspendTx(
  tx: Tx,
  member: SanctionedMember,
  days: number,
  now: Date,
): Promise<Date | null> {
  let until: Date | null = new Date(now.getTime() + days * DAY_MS);
  if (isBanned(member)) until = null;
  else if (member.status === 'suspended' && member.suspendedUntil && member.suspendedUntil > until)
    until = member.suspendedUntil;
  await tx
    .update(members)
    .set({ status: 'suspended', suspendedUntil: until })
    .where(eq(members.id, member.id));
  await tx.delete(sessions).where(eq(sessions.memberId, member.id));
  return until;
}

/** Bans: suspended without an end, and the e-mail address and last network address refused. */
export async function banTx(
  tx: Tx,
  member: SanctionedMember,
  input: { staffId: number; reason: string },
): Promise<{ email: string; ip: string | null }> {
  await tx
    .update(members)
    .set({ status: 'suspended', suspendedUntil: null })
    .where(eq(members.id, member.id));
  await tx.delete(sessions).where(eq(sessions.memberId, member.id));
  const email = member.email.toLowerCase();
  const rows: (typeof bans.$inferInsert)[] = [
    { kind: 'email', value: email, memberId: member.id, reason: input.reason, staffId: input.staffId },
  ];
  if (member.lastIp)
    rows.push({
      kind: 'ip',
      value: member.lastIp,
      memberId: member.id,
      reason: input.reason,
      staffId: input.staffId,
    });
  // An address banned before (another account from the same address) stays as it was.
  await tx.insert(bans).values(rows).onConflictDoNothing();
  return { email, ip: member.lastIp };
}

/** Writes the statement of reasons the member reads in their account (and gets by mail). */
export async function statementNotice(
  tx: Tx,
  input: {
    memberId: number;
    reportId: number | null;
    action: 'warn' | 'hide_photo' | 'suspend' | 'ban';
    reason: string | null;
    text: string;
    until: Date | null;
    now: Date;
  },
) {
  await tx.insert(memberNotices).values({
    memberId: input.memberId,
    kind: 'statement',
    reportId: input.reportId,
    action: input.action,
    reason: input.reason,
    note: input.text,
    until: input.until,
    createdAt: input.now,
  });
}

/**
 * Closes the member's open sockets on every instance: the socket route checks its session again
 * on this event, finds it ended, and closes (routes/ws.ts).
 */
export function closeSockets(services: Pick<Services, 'events'>, memberId: number) {
  closeEndedSessionSockets(services, memberId);
}

type DirectInput = {
  staffId: number;
  memberId: number;
  /** The explanation the member reads (the statement of reasons). */
  reason: string;
  /** The ground, as a report reason, when there is one. */
  code?: ReportReason | null;
};
type Log = Parameters<typeof runAfterCommit>[1];

async function direct(
  services: Services,
  input: DirectInput,
  log: Log,
  apply: (
    tx: Tx,
    member: SanctionedMember,
    now: Date,
  ) => Promise<{ action: 'suspend' | 'ban'; until: Date | null; details: Record<string, unknown> }>,
) {
  const now = services.now();
  const result = await services.db.transaction(async (tx) => {
    const member = await lockMember(tx, input.memberId);
    const done = await apply(tx, member, now);
    await statementNotice(tx, {
      memberId: member.id,
      reportId: null,
      action: done.action,
      reason: input.code ?? null,
      text: input.reason,
      until: done.until,
      now,
    });
    await audit(tx, {
      staffId: input.staffId,
      action: `member.${done.action}`,
      targetType: 'member',
      targetId: member.id,
      siteId: member.siteId,
      reason: input.reason,
      details: { ...done.details, until: done.until?.toISOString() ?? null, code: input.code ?? null },
    });
    return done;
  });
  const after: AfterCommit = [
    async () => closeSockets(services, input.memberId),
    () =>
      sendStatementMail(services, input.memberId, {
        action: result.action,
        reason: input.code ?? null,
        text: input.reason,
        until: result.until,
      }),
  ];
  await runAfterCommit(after, log);
  return { until: result.until };
}

/** Suspends a member for `days` (1..SUSPENSION_MAX_DAYS) without a report (the members screen). */
export function suspendMember(services: Services, input: DirectInput & { days: number }, log?: Log) {
  return direct(services, input, log, async (tx, member, now) => {
    const until = await suspendTx(tx, member, input.days, now);
    return { action: until ? 'suspend' : 'ban', until, details: { days: input.days } };
  });
}

/** Bans a member (e-mail and last network address) without a report (the members screen). */
export function banMember(services: Services, input: DirectInput, log?: Log) {
  return direct(services, input, log, async (tx, member) => {
    const banned = await banTx(tx, member, { staffId: input.staffId, reason: input.reason });
    return { action: 'ban', until: null, details: { banned } };
  });
}

/**
 * Ends a suspension or a ban before its time: the account returns to its status, the member's
 * bans rows go. 409 when the member is neither suspended nor banned.
 */
export async function liftSuspension(
  services: Services,
  input: { staffId: number; memberId: number; reason: string },
): Promise<void> {
  await services.db.transaction(async (tx) => {
    const member = await lockMember(tx, input.memberId);
    const removed = await tx
      .delete(bans)
      .where(eq(bans.memberId, member.id))
      .returning({ kind: bans.kind, value: bans.value });
    if (member.status !== 'suspended' && removed.length === 0) throw new ApiError(409, 'invalid_input');
    if (member.status === 'suspended')
      await tx
        .update(members)
        .set({ status: restoredStatus(member), suspendedUntil: null })
        .where(eq(members.id, member.id));
    await audit(tx, {
      staffId: input.staffId,
      action: 'member.lift_suspension',
      targetType: 'member',
      targetId: member.id,
      siteId: member.siteId,
      reason: input.reason,
      details: {
        was: isBanned(member) ? 'ban' : 'suspend',
        until: member.suspendedUntil?.toISOString() ?? null,
        bans_removed: removed,
      },
    });
  });
}
