import { and, desc, eq, isNull } from 'drizzle-orm';
import type { BlockedMember } from '../../../common/api/settings-account';
import type { Db } from '../../db/client';
import { blocks, members, photos, profiles } from '../../db/schema';
import { afterCursor, cursorTime, decodeTimeCursor, encodeTimeCursor, keysetPage } from '../../infra/cursor';
import { ApiError } from '../../plugins/errors';
import { cardMember, presentCard } from '../../presenters/profile';
import { isPaidMember } from '../accounts/account';
import type { Services } from '../bag';
import { removeChatsBetween } from '../chat/chats';
import { deleteLikesBetween } from '../discovery/likes';

export const BLOCKS_PAGE_SIZE = 20;

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
  const cursor = decodeTimeCursor(cursorText);
  const paid = await isPaidMember(db, blockerId);
  const rows = await db
    .select({
      profile: profiles,
      photo: photos,
      member: cardMember,
      blockedAt: blocks.createdAt,
      at: cursorTime(blocks.createdAt),
    })
    .from(blocks)
    .innerJoin(members, eq(members.id, blocks.blockedId))
    .innerJoin(profiles, eq(profiles.memberId, blocks.blockedId))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(
      and(
        eq(blocks.blockerId, blockerId),
        isNull(members.deletedAt),
        afterCursor(blocks.createdAt, blocks.blockedId, cursor, 'desc'),
      ),
    )
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(BLOCKS_PAGE_SIZE + 1);
  const { page, nextCursor } = keysetPage(rows, BLOCKS_PAGE_SIZE, (last) =>
    encodeTimeCursor({ at: last.at, id: last.profile.memberId }),
  );
  return {
    blocks: page.map((row) => {
      const card = presentCard(
        { profile: row.profile, photo: row.photo, member: row.member, regionName: null },
        { paid },
        now,
      );
      return {
        profile: { id: card.id, name: card.name, main_image: card.main_image },
        blocked_at: row.blockedAt.toISOString(),
      };
    }),
    next_cursor: nextCursor,
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
  // A block ends the likes and chats between the two at once; all in one step.
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
