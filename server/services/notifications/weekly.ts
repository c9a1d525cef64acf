import { and, asc, eq, gt, isNull, lte, or, type SQLWrapper, sql } from 'drizzle-orm';
import { COUNT_CAP, WEEKLY_UPDATE_DAYS } from '../../../common/constants';
import { conversationMembers, likes, members, profiles } from '../../db/schema';
import type { Services } from '../bag';
import { canSql } from '../policies/member';
import { deliveryFor } from './channel';
import { kindText, sendNotificationMail } from './mail';
import { notificationRecipient, type Recipient, reachable } from './recipient';

const DAY = 86_400_000;
const PAGE = 100;

type Log = { error(obj: object, msg: string): void };

/**
 * The weekly update (the scheduled job): once in WEEKLY_UPDATE_DAYS, from a member's first full
 * week on, a short summary of the week: new likes, messages waiting, new members near them (their
 * region, else their country, of the gender they seek). A week with nothing to tell sends nothing
 * and counts as done, so the member is looked at again a week later.
 */
export async function sendWeeklyUpdates(services: Services, log: Log): Promise<number> {
  const now = services.now();
  const weekAgo = new Date(now.getTime() - WEEKLY_UPDATE_DAYS * DAY);
  const due = and(
    reachable('weekly_updates', now),
    lte(members.signupDate, weekAgo),
    or(isNull(members.weeklyUpdateAt), lte(members.weeklyUpdateAt, weekAgo)),
  );
  let sent = 0;
  let after = 0;
  for (;;) {
    const page = await services.db
      .select({ id: members.id })
      .from(members)
      .where(and(due, gt(members.id, after)))
      .orderBy(asc(members.id))
      .limit(PAGE);
    for (const { id } of page) {
      try {
        if (await sendWeekly(services, id, weekAgo)) sent++;
      } catch (err) {
        log.error({ err, memberId: id }, 'weekly update failed');
      }
    }
    if (page.length < PAGE) return sent;
    after = page[page.length - 1]?.id ?? after;
  }
}

/** The week's numbers for one member; counts stop at COUNT_CAP ("1000+"). */
export async function weeklySummary(services: Services, recipient: Recipient, since: Date) {
  const { db } = services;
  const capped = (q: { limit(n: number): SQLWrapper }) =>
    sql`(SELECT count(*)::int FROM (${q.limit(COUNT_CAP)}) AS capped)`;
  const newLikes = db
    .select({ one: sql`1` })
    .from(likes)
    .innerJoin(members, eq(members.id, likes.likerId))
    .innerJoin(profiles, eq(profiles.memberId, likes.likerId))
    .where(
      and(
        eq(likes.likedId, recipient.id),
        gt(likes.createdAt, since),
        canSql('like', { viewer: recipient.id, site: recipient.site.id }),
      ),
    );
  const nearby = db
    .select({ one: sql`1` })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .where(
      and(
        canSql('discover', { viewer: recipient.id, site: recipient.site.id }),
        gt(members.signupDate, since),
        recipient.country ? eq(profiles.country, recipient.country) : undefined,
        recipient.regionCode ? eq(profiles.regionCode, recipient.regionCode) : undefined,
        recipient.seekingGender ? eq(profiles.gender, recipient.seekingGender) : undefined,
      ),
    );
  const [row] = await db
    .select({
      likes: capped(newLikes).mapWith(Number),
      members: capped(nearby).mapWith(Number),
      unread: sql<number>`coalesce(sum(${conversationMembers.unreadCount}), 0)::int`.mapWith(Number),
    })
    .from(conversationMembers)
    .innerJoin(members, eq(members.id, conversationMembers.otherMemberId))
    .innerJoin(profiles, eq(profiles.memberId, conversationMembers.otherMemberId))
    .where(
      and(
        eq(conversationMembers.memberId, recipient.id),
        eq(conversationMembers.removed, false),
        // Messages from a member gone or behind a block are waiting for nobody.
        canSql('converse', { viewer: recipient.id, site: recipient.site.id }, { known: { chat: true } }),
      ),
    );
  return { likes: row?.likes ?? 0, unread: row?.unread ?? 0, members: row?.members ?? 0 };
}

async function sendWeekly(services: Services, memberId: number, weekAgo: Date): Promise<boolean> {
  const now = services.now();
  const recipient = await notificationRecipient(services, memberId);
  if (
    !recipient ||
    deliveryFor(recipient.state, 'weekly_updates', now, recipient.pushSubscribed).channel !== 'email'
  )
    return false;
  // Claimed in one guarded UPDATE: two runs at once send one update.
  const claimed = await services.db
    .update(members)
    .set({ weeklyUpdateAt: now })
    .where(
      and(eq(members.id, memberId), or(isNull(members.weeklyUpdateAt), lte(members.weeklyUpdateAt, weekAgo))),
    )
    .returning({ id: members.id });
  if (claimed.length === 0) return false;
  const summary = await weeklySummary(services, recipient, weekAgo);
  const t = kindText(recipient, 'weekly_updates');
  const line = (key: 'likes' | 'unread' | 'members') => {
    const n = summary[key];
    if (n === 0) return [];
    // Likes and members are counted up to COUNT_CAP only: at the cap the text says "1000+".
    return [t(n >= COUNT_CAP && key !== 'unread' ? `${key}Capped` : key, { count: n })];
  };
  const lines = [...line('likes'), ...line('unread'), ...line('members')];
  if (lines.length === 0) return false;
  try {
    await sendNotificationMail(services, recipient, 'weekly_updates', {
      subject: t('subject'),
      title: t('title'),
      paragraphs: [t('body'), ...lines],
      button: { label: t('button'), path: summary.unread > 0 ? '/chats' : '/members' },
    });
  } catch (err) {
    await services.db
      .update(members)
      .set({ weeklyUpdateAt: recipient.weeklyUpdateAt })
      .where(eq(members.id, memberId));
    throw err;
  }
  return true;
}
