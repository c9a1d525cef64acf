import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Locale } from '../../common/constants';
import type { Db } from '../db/client';
import { conversationMembers, conversations, messages } from '../db/schema';
import { LINES, type Lines } from './chats';
import type { Rng } from './rng';
import { DEMO_EMAIL } from './rows';
import { HISTORY_DAYS } from './traffic';

/** Chats between demo members per site, so the console's messages per day have a history. */
const CHATS_PER_SITE = 24;
const MESSAGES_MAX = 9;
const DAY_MS = 86_400_000;
const ORDER: (keyof Lines)[] = ['opener', 'reply', 'question', 'later', 'hello'];

type Candidate = { id: number; language: string; gender: string; from: number; until: number };

/**
 * Chats between demo members of each site over the last HISTORY_DAYS days: pairs of recently active
 * members write a few messages back and forth, in the sender's language, within the time both were
 * around. Both have read everything (no reminder mail waits on them). A site that already has a
 * chat between two demo members (not the demo login) is left alone. The number of chats is fixed,
 * whatever the number of members.
 */
export async function seedMemberChats(db: Db, siteIds: number[], now: Date, rng: Rng): Promise<void> {
  const windowStart = now.getTime() - HISTORY_DAYS * DAY_MS;
  for (const siteId of siteIds) {
    const { rows: has } = await db.execute(sql`
      SELECT EXISTS (SELECT 1 FROM conversations c JOIN members a ON a.id = c.member_low JOIN members b ON b.id = c.member_high
        WHERE c.site_id = ${siteId} AND a.email <> ${DEMO_EMAIL} AND b.email <> ${DEMO_EMAIL}) AS has`);
    if ((has[0] as { has: boolean } | undefined)?.has) continue;
    // The newest members (by id, the primary key's order: no sort of a large site) active lately.
    const { rows } = await db.execute(sql`
      SELECT m.id, m.language, p.gender, extract(epoch FROM m.signup_date) * 1000 AS signup,
        extract(epoch FROM m.last_active_at) * 1000 AS active
      FROM members m JOIN profiles p ON p.member_id = m.id
      WHERE m.site_id = ${siteId} AND m.status = 'active' AND m.deleted_at IS NULL AND m.email <> ${DEMO_EMAIL}
        AND m.last_active_at >= ${new Date(windowStart).toISOString()}::timestamptz
      ORDER BY m.id DESC LIMIT ${CHATS_PER_SITE * 4}`);
    const candidates = (
      rows as { id: unknown; language: string; gender: string; signup: unknown; active: unknown }[]
    ).map(
      (r): Candidate => ({
        id: Number(r.id),
        language: r.language,
        gender: r.gender,
        from: Math.max(windowStart, Number(r.signup)),
        until: Number(r.active),
      }),
    );
    const men = candidates.filter((c) => c.gender === 'male');
    const women = candidates.filter((c) => c.gender === 'female');
    const pairs: [Candidate, Candidate][] = [];
    for (let i = 0; i < Math.min(men.length, women.length) && pairs.length < CHATS_PER_SITE; i++)
      pairs.push(
        rng.chance(0.5)
          ? [men[i] as Candidate, women[i] as Candidate]
          : [women[i] as Candidate, men[i] as Candidate],
      );
    await db.transaction(async (tx) => {
      for (const [starter, other] of pairs) {
        const from = Math.max(starter.from, other.from);
        const until = Math.min(starter.until, other.until, now.getTime());
        if (until - from < 60_000) continue;
        const times: number[] = [];
        let at = from + rng.next() * (until - from);
        const count = rng.int(2, MESSAGES_MAX);
        while (times.length < count && at <= until) {
          times.push(at);
          at += rng.int(5 * 60_000, 10 * 3_600_000);
        }
        const [conversation] = await tx
          .insert(conversations)
          .values({
            siteId,
            memberLow: Math.min(starter.id, other.id),
            memberHigh: Math.max(starter.id, other.id),
            startedBy: starter.id,
            createdAt: new Date(times[0] as number),
          })
          .onConflictDoNothing()
          .returning({ id: conversations.id });
        if (!conversation) continue;
        const saved = await tx
          .insert(messages)
          .values(
            times.map((time, i) => {
              const sender = i % 2 === 0 ? starter : other;
              const lines = LINES[sender.language as Locale] ?? LINES.en;
              return {
                conversationId: conversation.id,
                senderId: sender.id,
                clientId: randomUUID(),
                body: lines[ORDER[i % ORDER.length] as keyof Lines],
                credits: 0,
                createdAt: new Date(time),
              };
            }),
          )
          .returning({ id: messages.id, createdAt: messages.createdAt });
        const last = saved[saved.length - 1];
        if (!last) continue;
        const side = (memberId: number, otherMemberId: number) => ({
          conversationId: conversation.id,
          memberId,
          otherMemberId,
          lastReadMessageId: last.id,
          lastMessageId: last.id,
          lastMessageAt: last.createdAt,
        });
        await tx.insert(conversationMembers).values([side(starter.id, other.id), side(other.id, starter.id)]);
      }
    });
  }
}
