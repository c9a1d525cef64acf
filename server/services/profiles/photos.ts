import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, max, or } from 'drizzle-orm';
import { PHOTO_LIMIT_FREE, PHOTO_LIMIT_PREMIUM } from '../../../common/constants';
import type { Db } from '../../db/client';
import { members, photos, profiles } from '../../db/schema';
import type { Storage } from '../../infra/storage';
import { ApiError } from '../../plugins/errors';
import { isPaidMember } from '../accounts/account';
import type { Services } from '../bag';
import { renderPhoto } from './photo-images';

export type PhotoRow = typeof photos.$inferSelect;
export type MemberPhotos = { rows: PhotoRow[]; mainPhotoId: number | null; limit: number };

/** Free members at most 3 photos, premium members at most 25. */
export const photoLimit = (paid: boolean) => (paid ? PHOTO_LIMIT_PREMIUM : PHOTO_LIMIT_FREE);

/**
 * Whether the viewer may load a premium photo's image (`p/` key): a paid member loads every one, any
 * member their own, whatever their membership; a visitor none.
 */
export async function mayLoadPremiumPhoto(db: Db, viewerId: number | null, key: string): Promise<boolean> {
  if (viewerId === null) return false;
  if (await isPaidMember(db, viewerId)) return true;
  const [own] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.memberId, viewerId), or(eq(photos.originalKey, key), eq(photos.thumbKey, key))))
    .limit(1);
  return Boolean(own);
}

/** Random keys; a premium photo's original and thumbnail live under `p/`, which only premium viewers load. */
export const newKey = (prefix: 'o' | 'b' | 'p') => `${prefix}/${randomBytes(16).toString('hex')}.webp`;
const visibleKey = (premium: boolean) => newKey(premium ? 'p' : 'o');

export async function memberPhotos(db: Db, memberId: number): Promise<MemberPhotos> {
  const [owner] = await db
    .select({ paid: members.paidUser, mainPhotoId: profiles.mainPhotoId })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, memberId));
  if (!owner) throw new ApiError(404, 'not_found');
  const rows = await db
    .select()
    .from(photos)
    .where(eq(photos.memberId, memberId))
    .orderBy(asc(photos.position), asc(photos.id));
  return { rows, mainPhotoId: owner.mainPhotoId, limit: photoLimit(owner.paid) };
}

export async function putAll(storage: Storage, files: [key: string, bytes: Buffer][]) {
  const written: string[] = [];
  try {
    for (const [key, bytes] of files) {
      written.push(key);
      await storage.put(key, bytes);
    }
  } catch (err) {
    await removeKeys(storage, written);
    throw err;
  }
}

export async function removeKeys(storage: Storage, keys: string[]) {
  await Promise.allSettled(keys.map((k) => storage.delete(k)));
}

/** Demo photos share their image files, so a file goes only when no photo row names it any more. */
export async function removeUnused(services: Pick<Services, 'db' | 'storage'>, keys: string[]) {
  const unused: string[] = [];
  for (const key of keys) {
    const [used] = await services.db
      .select({ id: photos.id })
      .from(photos)
      .where(or(eq(photos.originalKey, key), eq(photos.thumbKey, key), eq(photos.blurredKey, key)))
      .limit(1);
    if (!used) unused.push(key);
  }
  await removeKeys(services.storage, unused);
}

/** An early answer before an upload is read; `uploadPhoto` decides under a lock. */
export async function ensurePhotoRoom(db: Db, memberId: number): Promise<void> {
  const p = await memberPhotos(db, memberId);
  if (p.rows.length >= p.limit) throw limitReached(p.limit);
}

/**
 * Adds a photo. The image work and the file writes happen before the transaction; the
 * transaction locks the member's row, so two uploads at once are counted one after the other and
 * cannot pass the limit together. When anything fails after the files are written, they are removed.
 */
export async function uploadPhoto(
  services: Services,
  memberId: number,
  bytes: Buffer,
  premium: boolean,
): Promise<PhotoRow> {
  const { db, storage } = services;
  const image = await renderPhoto(bytes);
  const keys = { original: visibleKey(premium), thumb: visibleKey(premium), blurred: newKey('b') };
  await putAll(storage, [
    [keys.original, image.display],
    [keys.thumb, image.thumb],
    [keys.blurred, image.blurred],
  ]);
  try {
    return await db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ paid: members.paidUser })
        .from(members)
        .where(eq(members.id, memberId))
        .for('update');
      if (!owner) throw new ApiError(404, 'not_found');
      const [stats] = await tx
        .select({ n: count(), last: max(photos.position) })
        .from(photos)
        .where(eq(photos.memberId, memberId));
      const limit = photoLimit(owner.paid);
      if ((stats?.n ?? 0) >= limit) throw limitReached(limit);
      const [row] = await tx
        .insert(photos)
        .values({
          memberId,
          originalKey: keys.original,
          thumbKey: keys.thumb,
          blurredKey: keys.blurred,
          width: image.width,
          height: image.height,
          premium,
          // Post-moderation: shown at once, and in the moderation queue (reviewedAt null) until a
          // moderator approves or rejects it (services/safety/moderation/photo-queue.ts).
          status: 'approved',
          reviewedAt: null,
          position: (stats?.last ?? -1) + 1,
        })
        .returning();
      if (!row) throw new Error('photo not inserted');
      const [profile] = await tx
        .select({ mainPhotoId: profiles.mainPhotoId })
        .from(profiles)
        .where(eq(profiles.memberId, memberId));
      if (profile && profile.mainPhotoId === null)
        await tx.update(profiles).set({ mainPhotoId: row.id }).where(eq(profiles.memberId, memberId));
      return row;
    });
  } catch (err) {
    await removeKeys(storage, Object.values(keys));
    throw err;
  }
}

const limitReached = (limit: number) => new ApiError(409, 'photo_limit_reached', { limit });

async function ownPhoto(db: Db, memberId: number, photoId: number): Promise<PhotoRow> {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.memberId, memberId)));
  // Another member's photo answers exactly like one that does not exist.
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export async function setMainPhoto(db: Db, memberId: number, photoId: number): Promise<void> {
  const photo = await ownPhoto(db, memberId, photoId);
  // A photo a moderator rejected is shown to no one, so it cannot be the face of a profile.
  if (photo.status === 'rejected') throw new ApiError(400, 'invalid_input');
  await db.update(profiles).set({ mainPhotoId: photoId }).where(eq(profiles.memberId, memberId));
}

/**
 * Moves a photo between public and premium-only. Its original and thumbnail get new keys under the
 * other prefix, and the old files are removed, so an address handed out while the photo was public
 * no longer serves it once it is premium (and the reverse).
 */
export async function setPhotoPremium(
  services: Services,
  memberId: number,
  photoId: number,
  premium: boolean,
): Promise<void> {
  const { db, storage } = services;
  const photo = await ownPhoto(db, memberId, photoId);
  if (photo.premium === premium) return;
  const next = { original: visibleKey(premium), thumb: visibleKey(premium) };
  const [original, thumb] = await Promise.all([storage.get(photo.originalKey), storage.get(photo.thumbKey)]);
  if (!original || !thumb) throw new Error(`photo ${photoId} has lost its files`);
  await putAll(storage, [
    [next.original, original],
    [next.thumb, thumb],
  ]);
  const moved = await db
    .update(photos)
    // A changed photo goes back to the moderation queue (a rejected one stays rejected).
    .set({
      premium,
      originalKey: next.original,
      thumbKey: next.thumb,
      reviewedAt: photo.status === 'rejected' ? photo.reviewedAt : null,
    })
    .where(and(eq(photos.id, photoId), eq(photos.originalKey, photo.originalKey)))
    .returning({ id: photos.id })
    .catch(async (err) => {
      await removeKeys(storage, Object.values(next));
      throw err;
    });
  if (moved.length === 0) {
    // Deleted or moved by another request meanwhile: its state stands, these copies go.
    await removeKeys(storage, Object.values(next));
    return;
  }
  await removeUnused(services, [photo.originalKey, photo.thumbKey]);
}

/** Puts the member's photos in the given order, which must name each of their photos once. */
export async function reorderPhotos(db: Db, memberId: number, order: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.memberId, memberId))
      .for('update');
    const ids = new Set(rows.map((r) => r.id));
    const sameSet = order.length === ids.size && new Set(order).size === order.length;
    if (!sameSet || order.some((id) => !ids.has(id))) throw new ApiError(400, 'invalid_input');
    for (const [position, id] of order.entries())
      await tx.update(photos).set({ position }).where(eq(photos.id, id));
  });
}

/** Deletes a photo; when it was the main photo, the next one in the member's order takes its place. */
export async function deletePhoto(services: Services, memberId: number, photoId: number): Promise<void> {
  const removed = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(photos)
      .where(and(eq(photos.id, photoId), eq(photos.memberId, memberId)))
      .returning();
    if (!row) throw new ApiError(404, 'not_found');
    const [profile] = await tx
      .select({ mainPhotoId: profiles.mainPhotoId })
      .from(profiles)
      .where(eq(profiles.memberId, memberId));
    if (profile?.mainPhotoId === photoId) {
      const [next] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.memberId, memberId), eq(photos.status, 'approved')))
        .orderBy(asc(photos.position), asc(photos.id))
        .limit(1);
      await tx
        .update(profiles)
        .set({ mainPhotoId: next?.id ?? null })
        .where(eq(profiles.memberId, memberId));
    }
    return row;
  });
  await removeUnused(services, [removed.originalKey, removed.thumbKey, removed.blurredKey]);
}
