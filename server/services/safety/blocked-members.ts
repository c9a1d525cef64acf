import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BlockedMember } from '../../../common/api/settings-account';
import type { Db } from '../../db/client';
import { blocks, members, photos, profiles } from '../../db/schema';
import { ApiError } from '../../plugins/errors';
import { cardMember, presentCard } from '../../presenters/profile';
import type { Services } from '../bag';
import { removeChatsBetween } from '../chat/chats';
import { deleteLikesBetween } from '../discovery/likes';

export const BLOCKS_PAGE_SIZE = 20;

type Cursor = { at: string; id: number };

// The cursor names the last row shown: its block time to the microsecond (as text, so no precision
// is lost through a JS Date) and the member id that breaks ties.
const encodeCursor = (c: Cursor) => Buffer.from(`${c.at}|${c.id}`).toString('base64url');

function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !/^\d{4}-\d\d-\d\d[ T][\d:.]+(\+00(:00)?|Z)?$/.test(at) || !/^\d{1,15}$/.test(id ?? '')) {
    throw new ApiError(400, 'invalid_input', { fields: { cursor: 'invalid' } });
  }
  return { at, id: Number(id) };
}

/**
 * The members `blockerId` blocked, newest first, a page at a time. Deleted accounts are left out:
 * nothing of them may be shown any more. The photo is what the blocker may see of it.
 */
export async function blockedMembers(
  db: Db,
  blockerId: number,
  cursorText: string | undefined,
  now: Date,
): Promise<{ blocks: BlockedMember[]; next_cursor: string | null }> {
  const cursor = decodeCursor(cursorText);
  const [viewer] = await db.select({ paid: members.paidUser }).from(members).where(eq(members.id, blockerId));
  const at = sql<string>`to_char(${blocks.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const rows = await db
    .select({ profile: profiles, photo: photos, member: cardMember, blockedAt: blocks.createdAt, at })
    .from(blocks)
    .innerJoin(members, eq(members.id, blocks.blockedId))
    .innerJoin(profiles, eq(profiles.memberId, blocks.blockedId))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(
      and(
        eq(blocks.blockerId, blockerId),
        isNull(members.deletedAt),
        cursor
          ? sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${cursor.at}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(BLOCKS_PAGE_SIZE + 1);
  const page = rows.slice(0, BLOCKS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    blocks: page.map((row) => {
      const card = presentCard(
        { profile: row.profile, photo: row.photo, member: row.member, regionName: null },
        { paid: viewer?.paid ?? false },
        now,
      );
      return {
        profile: { id: card.id, name: card.name, main_image: card.main_image },
        blocked_at: row.blockedAt.toISOString(),
      };
    }),
    next_cursor:
      rows.length > BLOCKS_PAGE_SIZE && last
        ? encodeCursor({ at: last.at, id: last.profile.memberId })
        : null,
  };
}

/**
 * Blocks another member of the same site; blocking twice changes nothing. Likes both ways end, and
 * every chat between the two leaves both lists (its history hidden); both members hear of it.
 */
export async function blockMember(
  services: Pick<Services, 'db' | 'events'>,
  blockerId: number,
  siteId: number,
  blockedId: number,
) {
  const { db } = services;
  if (blockedId === blockerId) throw new ApiError(400, 'invalid_input', { fields: { member_id: 'self' } });
  const [target] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, blockedId), eq(members.siteId, siteId), isNull(members.deletedAt)));
  if (!target) throw new ApiError(404, 'not_found');
  // A block ends the likes and chats between the two at once (SPEC §4 "Blocking"); all in one step.
  const removed = await db.transaction(async (tx) => {
    await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
    await deleteLikesBetween(tx, blockerId, blockedId);
    return removeChatsBetween(tx, blockerId, blockedId);
  });
  for (const side of removed)
    services.events.publish(side.memberId, { type: 'chat_removed', conversation_id: side.conversationId });
}

/** Lifts one of the member's own blocks; another member's block is not found. */
export async function unblockMember(db: Db, blockerId: number, blockedId: number) {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  if (removed.length === 0) throw new ApiError(404, 'not_found');
}
