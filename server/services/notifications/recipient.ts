import { and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { channelsOf, type NotificationKind } from '../../../common/api/settings-account';
import { members, profiles } from '../../db/schema';
import { hasLiveSubscription } from '../../infra/push/subscriptions';
import { type MailMember, toMailMember } from '../accounts/member-mail';
import type { Services } from '../bag';
import type { RecipientState } from './channel';

/** A member as a notification mail needs them: where and how to write, and what the decision reads. */
export type Recipient = MailMember & {
  state: RecipientState;
  country: string | null;
  regionCode: string | null;
  seekingGender: (typeof profiles.$inferSelect)['seekingGender'];
  signupDate: Date;
  unreadReminderAt: Date | null;
  weeklyUpdateAt: Date | null;
  /** A browser of the member is subscribed to push (deliveryFor's `subscribed`). */
  pushSubscribed: boolean;
};

export async function notificationRecipient(services: Services, memberId: number): Promise<Recipient | null> {
  const [row] = await services.db
    .select({
      member: members,
      name: profiles.name,
      country: profiles.country,
      regionCode: profiles.regionCode,
      seekingGender: profiles.seekingGender,
      pushSubscribed: sql<boolean>`${hasLiveSubscription(members.id, services.now())}`,
    })
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, memberId));
  if (!row) return null;
  const site = await services.sites.byId(row.member.siteId);
  if (!site) return null;
  const { member } = row;
  return {
    ...toMailMember(member, row.name, site),
    state: member,
    country: row.country,
    regionCode: row.regionCode,
    seekingGender: row.seekingGender,
    signupDate: member.signupDate,
    unreadReminderAt: member.unreadReminderAt,
    weeklyUpdateAt: member.weeklyUpdateAt,
    pushSubscribed: row.pushSubscribed,
  };
}

/**
 * The members `deliveryFor` (channel.ts) may let a notification of `kind` through to, by mail or
 * by push, as SQL, so that a job does not load every member to turn most of them away. It leaves
 * out only what the decision would refuse anyway; the decision still has the last word (presence).
 */
export function reachable(kind: NotificationKind, now: Date): SQL {
  const byMail = and(
    eq(members.status, 'active'),
    isNull(members.deletedAt),
    isNotNull(members.emailConfirmedAt),
    sql`${members.notificationsDisabled} = '[]'::jsonb`,
    sql`coalesce(${members.notificationSettings} -> ${kind} ->> 'email', 'true') <> 'false'`,
  ) as SQL;
  if (!channelsOf(kind).includes('push')) return byMail;
  const byPush = and(
    sql`${members.status} NOT IN ('suspended', 'deleted')`,
    isNull(members.deletedAt),
    sql`coalesce(${members.notificationSettings} -> ${kind} ->> 'push', 'true') <> 'false'`,
    hasLiveSubscription(members.id, now),
  ) as SQL;
  return or(byMail, byPush) as SQL;
}
