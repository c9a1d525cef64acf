import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import {
  type AccountDeletion,
  channelsOf,
  ESSENTIAL_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
  type NotificationsUpdate,
} from '../../../common/api/settings-account';
import { type Locale, REACTIVATION_DAYS } from '../../../common/constants';
import type { Db } from '../../db/client';
import { members, sessions } from '../../db/schema';
import { hitRate } from '../../infra/rate-limit';
import { consumeToken } from '../../infra/tokens';
import { ApiError } from '../../plugins/errors';
import type { Services } from '../bag';
import { verifyPassword } from './passwords';
import { closeEndedSessionSockets } from './sessions';

type Stored = (typeof members.$inferSelect)['notificationSettings'];

/** Every kind with its choice per channel; a channel the member never touched is on. */
export function presentNotificationSettings(stored: Stored): NotificationSettings {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, channelChoices(stored, kind, true)]),
  ) as NotificationSettings;
}

/** The kind's channels, each as stored or else `fallback`. */
function channelChoices(stored: Stored, kind: NotificationKind, fallback: boolean) {
  return Object.fromEntries(channelsOf(kind).map((c) => [c, stored[kind]?.[c] ?? fallback]));
}

/** The member row for a settings endpoint; the caller has checked the session, which excludes deleted members. */
async function memberRow(db: Db, memberId: number) {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member || member.deletedAt) throw new ApiError(403, 'authentication_required');
  return member;
}

export async function notificationsOf(db: Db, memberId: number) {
  const member = await memberRow(db, memberId);
  return {
    settings: presentNotificationSettings(member.notificationSettings),
    email_disabled: member.notificationsDisabled,
  };
}

/**
 * Changes some kinds and keeps the rest. The merge happens in SQL so two tabs changing different
 * kinds at once both win, and the push choices a later channel stores survive an e-mail change.
 */
export async function updateNotificationSettings(db: Db, memberId: number, update: NotificationsUpdate) {
  await mergeNotificationSettings(db, memberId, update);
  return notificationsOf(db, memberId);
}

/** The merge of updateNotificationSettings alone, also for a caller without a session (an unsubscribe link). */
export async function mergeNotificationSettings(db: Db, memberId: number, update: NotificationsUpdate) {
  let patch = sql`${members.notificationSettings}`;
  for (const [kind, channels] of Object.entries(update.settings)) {
    if (!channels) continue;
    patch = sql`jsonb_set(${patch}, ${`{${kind}}`}::text[], coalesce(${patch} -> ${kind}, '{}'::jsonb) || ${JSON.stringify(channels)}::jsonb)`;
  }
  await db.update(members).set({ notificationSettings: patch }).where(eq(members.id, memberId));
}

/** The member turns e-mail back on after a spam flag, a bounce or an unsubscribe. */
export async function enableEmail(db: Db, memberId: number) {
  await db.update(members).set({ notificationsDisabled: [] }).where(eq(members.id, memberId));
  return notificationsOf(db, memberId);
}

/** "Fewer notifications" of the deletion flow: only mail about people who want to talk. */
export async function essentialNotificationsOnly(db: Db, memberId: number) {
  const settings = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { email: ESSENTIAL_NOTIFICATION_KINDS.includes(kind) }]),
  );
  return updateNotificationSettings(db, memberId, { settings });
}

/** Whether the member has paid, which shows them premium photos unblurred; a visitor (null) has not. */
/**
 * Whether a member (an id or the query's own expression) has premium, as a column of a larger
 * query: the lists that show cards (chats, likes) learn which photos the viewer may see in the
 * same round trip. False for no such member.
 */
export const paidMemberSql = (memberId: SQL) =>
  sql<boolean>`coalesce((select vs.paid_user from ${members} vs where vs.id = ${memberId}), false)`;

export async function isPaidMember(db: Db, memberId: number | null): Promise<boolean> {
  if (memberId === null) return false;
  const [member] = await db.select({ paid: members.paidUser }).from(members).where(eq(members.id, memberId));
  return member?.paid ?? false;
}

export async function accountOf(db: Db, memberId: number) {
  const member = await memberRow(db, memberId);
  return { invisible: member.invisible };
}

/** The language the member uses the site in (mail to them follows it too). */
export async function setLanguage(db: Db, memberId: number, language: Locale) {
  await db.update(members).set({ language }).where(eq(members.id, memberId));
}

export async function setInvisible(db: Db, memberId: number, invisible: boolean) {
  await db.update(members).set({ invisible }).where(eq(members.id, memberId));
  return accountOf(db, memberId);
}

/** A pause: hidden from everyone and no e-mail, until the member turns either back on. */
export async function pauseAccount(db: Db, memberId: number) {
  const off = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelChoices({}, kind, false)]));
  await db.transaction(async (tx) => {
    await tx.update(members).set({ invisible: true }).where(eq(members.id, memberId));
    await updateNotificationSettings(tx as unknown as Db, memberId, { settings: off });
  });
  return { account: await accountOf(db, memberId), notifications: await notificationsOf(db, memberId) };
}

// Wrong passwords on the deletion form, per member: enough for typos, too few to guess with.
const DELETE_ATTEMPTS = 5;
const DELETE_WINDOW_SECONDS = 15 * 60;

/**
 * Deletes the account as the member asked: the password must be right; the account is marked
 * deleted with its reason (kept for REACTIVATION_DAYS, then purged) and every session ends, its
 * sockets with it.
 */
export async function deleteAccount(
  services: Pick<Services, 'db' | 'events'>,
  memberId: number,
  input: AccountDeletion,
  now: Date,
) {
  const { db } = services;
  const member = await memberRow(db, memberId);
  const rate = await hitRate(db, `delete-account:${memberId}`, DELETE_ATTEMPTS, DELETE_WINDOW_SECONDS, now);
  if (!rate.allowed) throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });
  if (!(await verifyPassword(input.password, member.passwordHash))) {
    throw new ApiError(400, 'wrong_password');
  }
  const comment = input.comment?.trim();
  await db.transaction(async (tx) => {
    await tx
      .update(members)
      .set({
        // A suspension outlives a deletion, so that reactivating cannot lift it.
        status: sql`CASE WHEN ${members.status} = 'suspended' THEN ${members.status} ELSE 'deleted' END`,
        deletedAt: now,
        deletionReason: comment ? `${input.reason}: ${comment}` : input.reason,
      })
      .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
    await tx.delete(sessions).where(eq(sessions.memberId, memberId));
  });
  closeEndedSessionSockets(services, memberId);
}

/** The moment before which a deletion can no longer be undone. */
export const reactivationCutoff = (now: Date) => new Date(now.getTime() - REACTIVATION_DAYS * 86_400_000);

/** The account of an address on a site, in any case: the unique index is on the lower-cased address. */
export const addressOnSite = (siteId: number, email: string) =>
  and(eq(members.siteId, siteId), eq(sql`lower(${members.email})`, email.toLowerCase()));

/** A deleted account that a reactivation mail may still bring back, or null. */
export async function reactivatableMember(db: Db, siteId: number, email: string, now: Date) {
  const [member] = await db
    .select({ id: members.id, deletedAt: members.deletedAt })
    .from(members)
    .where(addressOnSite(siteId, email));
  if (!member?.deletedAt || member.deletedAt <= reactivationCutoff(now)) return null;
  return member.id;
}

/**
 * Brings a deleted account back within REACTIVATION_DAYS. The link came by mail to the account's
 * address, which confirms that address too. Guarded in the UPDATE so that a purge or a second
 * click racing with it cannot both win. Returns the account's status when it is back, else null.
 */
export async function reactivateAccount(db: Db, memberId: number, now: Date) {
  const rows = await db
    .update(members)
    .set({
      status: sql`CASE WHEN ${members.status} = 'suspended' THEN ${members.status} ELSE 'active' END`,
      emailConfirmedAt: sql`coalesce(${members.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
      deletedAt: null,
      deletionReason: null,
      lastActiveAt: now,
    })
    .where(
      and(
        eq(members.id, memberId),
        isNotNull(members.deletedAt),
        sql`${members.deletedAt} > ${reactivationCutoff(now).toISOString()}::timestamptz`,
      ),
    )
    .returning({ status: members.status });
  return rows[0] ? { status: rows[0].status } : null;
}

/**
 * Follows the link of a reactivation mail on the site it is shown on: uses the token up and brings
 * the account back, returning its id and status, or null for a link that is no longer good. One
 * transaction: a token shown on another site's domain (400 link_invalid) stays unused.
 */
export async function reactivateWithToken(db: Db, token: string, siteId: number, now: Date) {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, 'reactivation', now);
    if (!used) return null;
    const [member] = await tx
      .select({ siteId: members.siteId })
      .from(members)
      .where(eq(members.id, used.memberId));
    if (member?.siteId !== siteId) throw new ApiError(400, 'link_invalid');
    const account = await reactivateAccount(tx as unknown as Db, used.memberId, now);
    return account ? { memberId: used.memberId, ...account } : null;
  });
}
