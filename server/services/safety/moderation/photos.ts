import { and, asc, eq, ne } from 'drizzle-orm';
import type { ConsolePhoto } from '../../../../common/api/admin/moderation';
import type { PhotoRejectionReason } from '../../../../common/api/reports';
import type { Tx } from '../../../db/client';
import { photos, profiles } from '../../../db/schema';
import { presentConsolePhoto } from '../../../presenters/console';
import type { Services } from '../../bag';
import { newKey, type PhotoRow, putAll, removeUnused } from '../../profiles/photos';

/**
 * A photo's place in the console and what a rejection does to it: shared by the photo queue and a
 * report's `hide_photo`.
 */

/** Fresh storage keys holding a copy of a photo's files, made before the transaction that hides it. */
export type HiddenFiles = {
  photo: PhotoRow;
  keys: { originalKey: string; thumbKey: string; blurredKey: string };
  /** Removes the copies when the hiding did not happen. */
  discard(): Promise<void>;
};

/**
 * A rejected photo must disappear, also from an address handed out while it was shown (public files
 * are cached as immutable): its files move to new random keys, the original and thumbnail under the
 * premium prefix, which only the owner (and the console) ever learns. The copies are written here,
 * outside the transaction; the old files go after it commits (`removeOldFiles`).
 */
export async function copyToHiddenKeys(
  services: Pick<Services, 'storage'>,
  photo: PhotoRow,
): Promise<HiddenFiles> {
  const { storage } = services;
  const keys = { originalKey: newKey('p'), thumbKey: newKey('p'), blurredKey: newKey('b') };
  const files: [string, Buffer][] = [];
  for (const [from, to] of [
    [photo.originalKey, keys.originalKey],
    [photo.thumbKey, keys.thumbKey],
    [photo.blurredKey, keys.blurredKey],
  ] as const) {
    const bytes = await storage.get(from);
    if (bytes) files.push([to, bytes]);
  }
  await putAll(storage, files);
  return {
    photo,
    keys,
    discard: async () => {
      await Promise.allSettled(Object.values(keys).map((k) => storage.delete(k)));
    },
  };
}

export const removeOldFiles = (services: Pick<Services, 'db' | 'storage'>, photo: PhotoRow) =>
  removeUnused(services, [photo.originalKey, photo.thumbKey, photo.blurredKey]);

/**
 * Rejects a photo inside the caller's transaction: status 'rejected' with the reason, the copied
 * files' keys, and, when it was the main photo, the member's next approved photo (or none) in its
 * place. False when the photo changed since the copies were made (deleted, or moved to premium).
 */
export async function rejectPhotoTx(
  tx: Tx,
  hidden: HiddenFiles,
  input: { reason: PhotoRejectionReason; now: Date },
): Promise<boolean> {
  const { photo } = hidden;
  const done = await tx
    .update(photos)
    .set({ status: 'rejected', rejectionReason: input.reason, reviewedAt: input.now, ...hidden.keys })
    .where(and(eq(photos.id, photo.id), eq(photos.originalKey, photo.originalKey)))
    .returning({ id: photos.id });
  if (done.length === 0) return false;
  const [profile] = await tx
    .select({ mainPhotoId: profiles.mainPhotoId })
    .from(profiles)
    .where(eq(profiles.memberId, photo.memberId));
  if (profile?.mainPhotoId === photo.id) {
    const [next] = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.memberId, photo.memberId), eq(photos.status, 'approved'), ne(photos.id, photo.id)))
      .orderBy(asc(photos.position), asc(photos.id))
      .limit(1);
    await tx
      .update(profiles)
      .set({ mainPhotoId: next?.id ?? null })
      .where(eq(profiles.memberId, photo.memberId));
  }
  return true;
}

/** A member's photos in their order, as the console shows them. */
export async function memberConsolePhotos(
  db: Services['db'],
  memberId: number,
): Promise<{ photos: ConsolePhoto[]; count: number }> {
  const rows = await db
    .select({ photo: photos, mainPhotoId: profiles.mainPhotoId })
    .from(photos)
    .leftJoin(profiles, eq(profiles.memberId, photos.memberId))
    .where(eq(photos.memberId, memberId))
    .orderBy(asc(photos.position), asc(photos.id));
  return {
    photos: rows.map((r) => presentConsolePhoto(r.photo, r.mainPhotoId)),
    count: rows.filter((r) => r.photo.status !== 'rejected').length,
  };
}

/** A photo row, or null. */
export async function photoRow(db: Services['db'] | Tx, photoId: number): Promise<PhotoRow | null> {
  const [row] = await db.select().from(photos).where(eq(photos.id, photoId));
  return row ?? null;
}
