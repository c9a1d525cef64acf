import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  PHOTO_QUEUE_PAGE,
  type PhotoQueueResponse,
  type PhotoReviewRequest,
  QUEUE_COUNT_CAP,
} from '../../../../common/api/admin/moderation';
import { memberNotices, members, photos, profiles } from '../../../db/schema';
import {
  afterCursor,
  cursorTime,
  decodeTimeCursor,
  encodeTimeCursor,
  keysetPage,
} from '../../../infra/cursor';
import { ApiError } from '../../../plugins/errors';
import { presentConsolePhoto } from '../../../presenters/console';
import { audit } from '../../admin/audit';
import type { Services } from '../../bag';
import { sendPhotoRejectedMail } from '../notice-mail';
import { type AfterCommit, runAfterCommit } from './after-commit';
import { copyToHiddenKeys, photoRow, rejectPhotoTx, removeOldFiles } from './photos';

/**
 * The photo half of the moderation queue. Uploads are post-moderated: shown at once and
 * queued (`reviewed_at` null) until a moderator approves or rejects them; a change (a move to or
 * from premium) queues a photo again (services/profiles/photos.ts).
 */

const waitingPhotos = (siteId: number | undefined) =>
  and(
    isNull(photos.reviewedAt),
    ne(photos.status, 'rejected'),
    // A deleted account's photos are shown to no one and go with its purge.
    isNull(members.deletedAt),
    siteId === undefined ? undefined : eq(members.siteId, siteId),
  );

/** Photos waiting for a look, oldest first, with their member's name and site. */
export async function photoQueue(
  services: Services,
  query: { site_id?: number; cursor?: string },
): Promise<PhotoQueueResponse> {
  const { db } = services;
  const cursor = decodeTimeCursor(query.cursor);
  const where = waitingPhotos(query.site_id);
  const rows = await db
    .select({
      photo: photos,
      at: cursorTime(photos.createdAt),
      mainPhotoId: profiles.mainPhotoId,
      name: profiles.name,
      siteId: members.siteId,
    })
    .from(photos)
    .innerJoin(members, eq(members.id, photos.memberId))
    .leftJoin(profiles, eq(profiles.memberId, photos.memberId))
    .where(and(where, afterCursor(photos.createdAt, photos.id, cursor, 'asc')))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(PHOTO_QUEUE_PAGE + 1);
  const [counted] = await db
    .select({ n: count() })
    .from(
      db
        .select({ one: sql`1` })
        .from(photos)
        .innerJoin(members, eq(members.id, photos.memberId))
        .where(where)
        .limit(QUEUE_COUNT_CAP)
        .as('waiting'),
    );
  const domains = new Map((await services.sites.all()).map((s) => [s.id, s.domain]));
  const { page, nextCursor } = keysetPage(rows, PHOTO_QUEUE_PAGE, (last) =>
    encodeTimeCursor({ at: last.at, id: last.photo.id }),
  );
  return {
    photos: page.map((r) => ({
      ...presentConsolePhoto(r.photo, r.mainPhotoId),
      member: {
        id: r.photo.memberId,
        name: r.name ?? '',
        site_id: r.siteId,
        site: domains.get(r.siteId) ?? '',
      },
    })),
    waiting: counted?.n ?? 0,
    next_cursor: nextCursor,
  };
}

/**
 * Approves a waiting photo, or rejects it with a reason: then it disappears for everyone (the main
 * photo passes to the next approved one), the member gets a `photo_rejected` notice and a mail in
 * their language. A photo already reviewed (by someone else meanwhile) is 409 `photo_reviewed`,
 * nothing changed. One audit row per decision, in the same transaction.
 */
export async function reviewPhoto(
  services: Services,
  staffId: number,
  input: PhotoReviewRequest,
  log?: Parameters<typeof runAfterCommit>[1],
) {
  const { db } = services;
  const now = services.now();
  const photo = await photoRow(db, input.photo_id);
  if (!photo) throw new ApiError(404, 'not_found');
  if (photo.reviewedAt !== null || photo.status === 'rejected') throw new ApiError(409, 'photo_reviewed');
  const [owner] = await db
    .select({ siteId: members.siteId })
    .from(members)
    .where(eq(members.id, photo.memberId));
  const after: AfterCommit = [];

  if (input.decision === 'approve') {
    await db.transaction(async (tx) => {
      const done = await tx
        .update(photos)
        .set({ status: 'approved', reviewedAt: now })
        .where(and(eq(photos.id, photo.id), isNull(photos.reviewedAt), ne(photos.status, 'rejected')))
        .returning({ id: photos.id });
      if (done.length === 0) throw new ApiError(409, 'photo_reviewed');
      await audit(tx, {
        staffId,
        action: 'photo.approve',
        targetType: 'photo',
        targetId: photo.id,
        siteId: owner?.siteId ?? null,
        details: { member_id: photo.memberId },
      });
    });
  } else {
    const note = input.note?.trim() || null;
    const hidden = await copyToHiddenKeys(services, photo);
    try {
      await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ reviewedAt: photos.reviewedAt, status: photos.status })
          .from(photos)
          .where(eq(photos.id, photo.id))
          .for('update');
        if (!locked) throw new ApiError(404, 'not_found');
        if (locked.reviewedAt !== null || locked.status === 'rejected')
          throw new ApiError(409, 'photo_reviewed');
        // Changed meanwhile (moved to premium): the moderator looks again at what it is now.
        if (!(await rejectPhotoTx(tx, hidden, { reason: input.reason, now })))
          throw new ApiError(409, 'photo_reviewed');
        await tx.insert(memberNotices).values({
          memberId: photo.memberId,
          kind: 'photo_rejected',
          reason: input.reason,
          note,
          createdAt: now,
        });
        await audit(tx, {
          staffId,
          action: 'photo.reject',
          targetType: 'photo',
          targetId: photo.id,
          siteId: owner?.siteId ?? null,
          reason: note,
          details: { member_id: photo.memberId, rejection_reason: input.reason },
        });
      });
    } catch (err) {
      await hidden.discard();
      throw err;
    }
    after.push(
      () => removeOldFiles(services, photo),
      () => sendPhotoRejectedMail(services, photo.memberId, { reason: input.reason, note }),
    );
  }
  await runAfterCommit(after, log);
  const [updated] = await db
    .select({ photo: photos, mainPhotoId: profiles.mainPhotoId })
    .from(photos)
    .leftJoin(profiles, eq(profiles.memberId, photos.memberId))
    .where(eq(photos.id, photo.id));
  if (!updated) throw new ApiError(404, 'not_found');
  return presentConsolePhoto(updated.photo, updated.mainPhotoId);
}
