import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  CONVERSATION_LIMIT_WINDOW_MS,
  conversationLimit,
  conversationStartAllowed,
} from '../../../common/rules/conversation-limit';
import type { Db, Tx } from '../../db/client';
import { conversations, members, reports } from '../../db/schema';
import { ApiError } from '../../plugins/errors';

/**
 * The new-conversation limit of a member (common/rules/conversation-limit.ts) against the database:
 * what the rule needs to know of the member, and the starts of the last day. The send path calls
 * `assertMayStartConversation` in the transaction that creates the conversation, after locking the
 * member's row (services/chat/messages.ts startAndWrite), so two starts at once are counted one after
 * the other and cannot both take the last place.
 */

/** The member's limit at `now` (null: none), from their account, photo and upheld reports. */
export async function conversationLimitOf(db: Db | Tx, memberId: number, now: Date): Promise<number | null> {
  // The subqueries name the outer row as `members.id` (drizzle writes a lone table's columns bare,
  // and a bare "id" inside them would be the photo's or the report's).
  const [facts] = await db
    .select({
      signupDate: members.signupDate,
      emailConfirmed: sql<boolean>`${members.emailConfirmedAt} IS NOT NULL`,
      // A real photo is one a moderator has seen: uploads are approved at once (services/profiles/photos.ts),
      // so "approved" alone says nothing about what the picture shows.
      reviewedPhoto: sql<boolean>`EXISTS (
        SELECT 1 FROM profiles p JOIN photos ph ON ph.id = p.main_photo_id
        WHERE p.member_id = members.id AND ph.status = 'approved' AND ph.reviewed_at IS NOT NULL)`,
      lastUpheldReportAt: sql<Date | null>`(
        SELECT max(r.decided_at) FROM reports r
        WHERE r.reported_id = members.id AND r.status = 'upheld')`.mapWith(reports.decidedAt),
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!facts) return null;
  return conversationLimit(
    {
      signupDate: facts.signupDate,
      emailConfirmed: Boolean(facts.emailConfirmed),
      reviewedPhoto: Boolean(facts.reviewedPhoto),
      lastUpheldReportAt: facts.lastUpheldReportAt,
    },
    now,
  );
}

/**
 * Refuses a new conversation beyond the member's limit: 429 `conversation_limit` with the limit
 * and the seconds until a start leaves the rolling day. Only conversations the member opened count.
 */
export async function assertMayStartConversation(db: Db | Tx, memberId: number, now: Date): Promise<void> {
  const limit = await conversationLimitOf(db, memberId, now);
  if (limit === null) return;
  const since = new Date(now.getTime() - CONVERSATION_LIMIT_WINDOW_MS);
  const starts = await db
    .select({ createdAt: conversations.createdAt })
    .from(conversations)
    .where(and(eq(conversations.startedBy, memberId), gt(conversations.createdAt, since)))
    .orderBy(desc(conversations.createdAt))
    .limit(Math.max(1, limit));
  const verdict = conversationStartAllowed(
    limit,
    starts.map((s) => s.createdAt),
    now,
  );
  if (!verdict.allowed)
    throw new ApiError(429, 'conversation_limit', { limit, retry_after: verdict.retryAfter });
}
