import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { photos } from '../db/schema';
import type { TestApp } from './app';

/** A real image of the given type, with noise so it does not compress to nothing. */
export function testImage(
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  size: { width: number; height: number } = { width: 900, height: 1200 },
): Promise<Buffer> {
  return sharp({
    create: {
      ...size,
      channels: 3,
      background: '#c2185b',
      noise: { type: 'gaussian', mean: 120, sigma: 30 },
    },
  })
    .toFormat(format)
    .toBuffer();
}

/** A marker no renditions may contain once the upload's EXIF is stripped. */
export const EXIF_MARKER = 'OWNER-SECRET-EXIF';

/** A JPEG whose EXIF carries GPS coordinates (IFD3) and an owner string, as a phone camera writes them. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#277a37' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: EXIF_MARKER, Artist: EXIF_MARKER },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 22/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 5678/100',
      },
    })
    .toBuffer();
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipart(bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const boundary = `----photo${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const HEADERS = { host: 'main.test', 'x-requested-with': 'XMLHttpRequest' } as const;

export function upload(
  t: TestApp,
  cookie: string,
  bytes: Buffer,
  opts: { premium?: boolean; type?: string } = {},
) {
  const body = multipart(bytes, 'photo', opts.type ?? 'image/jpeg');
  return t.app.inject({
    method: 'POST',
    url: `/api/photos.php${opts.premium ? '?premium=1' : ''}`,
    headers: { ...HEADERS, cookie, ...body.headers },
    payload: body.payload,
  });
}

/** Every file in the media folder, as storage keys. */
export function storedKeys(t: TestApp): string[] {
  const dir = path.join(t.config.dataDir, 'media');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** Files no photo row names: what a failed or half-done upload would leave behind. */
export async function orphanFiles(t: TestApp): Promise<string[]> {
  const rows = await t.db.select().from(photos);
  const named = new Set(rows.flatMap((r) => [r.originalKey, r.thumbKey, r.blurredKey]));
  return storedKeys(t).filter((k) => !named.has(k));
}

export async function photoRows(t: TestApp, memberId: number) {
  return t.db.select().from(photos).where(eq(photos.memberId, memberId));
}

/** The key of a `/media/…` address. */
export const keyOf = (url: string) => url.replace(/^\/media\//, '');
