import { z } from 'zod';

/** Upload caps: bytes of the file and pixels of the decoded image. */
export const PHOTO_MAX_MB = 10;
export const PHOTO_MAX_BYTES = PHOTO_MAX_MB * 1024 * 1024;
export const PHOTO_MAX_MEGAPIXELS = 50;
/** What a photo may be, told by its bytes (the browser's file picker offers these too). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** One of the member's own photos, with the addresses of its renditions. */
export const ownPhoto = z
  .object({
    id: z.number().int(),
    url: z.string().describe('display size'),
    thumb_url: z.string(),
    blurred_url: z.string().describe('what viewers without premium see of a premium photo'),
    width: z.number().int(),
    height: z.number().int(),
    premium: z.boolean().describe('premium-only: only premium members see it unblurred'),
    status: z.enum(['pending', 'approved', 'rejected']),
    main: z.boolean(),
  })
  .meta({ id: 'OwnPhoto' });
export type OwnPhoto = z.infer<typeof ownPhoto>;

/** Every photo call answers with the whole list in the member's order, so the screen never guesses. */
export const photosResponse = z.object({
  photos: z.array(ownPhoto),
  /** How many photos this member may have: free 3, premium 25. */
  limit: z.number().int(),
});
export type PhotosResponse = z.infer<typeof photosResponse>;

export const photoUploadResponse = photosResponse.extend({ photo: ownPhoto });
export type PhotoUploadResponse = z.infer<typeof photoUploadResponse>;

export const photoIdQuery = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const photoUploadQuery = z.object({
  premium: z.enum(['0', '1']).optional().describe('1: the photo is premium-only from the start'),
});

/** PATCH /api/photos.php?id=…: make it the main photo, and/or mark it premium-only or public. */
export const photoUpdateBody = z.object({
  main: z.literal(true).optional(),
  premium: z.boolean().optional(),
});
export type PhotoUpdateBody = z.infer<typeof photoUpdateBody>;

/** PUT /api/photos.php: the member's photo ids in the new order; exactly their photos, each once. */
export const photoOrderBody = z.object({
  order: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100),
});
export type PhotoOrderBody = z.infer<typeof photoOrderBody>;
