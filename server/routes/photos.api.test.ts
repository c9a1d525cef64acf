import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../common/api/photos';
import { PHOTO_LIMIT_FREE, PHOTO_LIMIT_PREMIUM } from '../../common/constants';
import { members, photos } from '../db/schema';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';
import {
  EXIF_MARKER,
  HEADERS,
  jpegWithGps,
  keyOf,
  multipart,
  orphanFiles,
  photoRows,
  storedKeys,
  testImage,
  upload,
} from '../test/photos';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

async function member(input: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(t.db, input);
  return { ...m, cookie: await loginCookie(t.db, m.id) };
}

const user = async (cookie: string) =>
  (await t.app.inject({ url: '/api/user.php', headers: { ...HEADERS, cookie } })).json().user;

/** Rows pointing at files that hold nothing would be as bad as files without rows. */
async function expectNothingHalfSaved(memberId: number, rowsBefore: number) {
  expect(await photoRows(t, memberId)).toHaveLength(rowsBefore);
  expect(await orphanFiles(t)).toEqual([]);
}

describe('POST /api/photos.php', () => {
  test('a JPEG becomes three WebP renditions under random keys, and the main photo', async () => {
    const m = await member();
    const res = await upload(t, m.cookie, await testImage('jpeg'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.limit).toBe(PHOTO_LIMIT_FREE);
    expect(body.photo).toMatchObject({
      main: true,
      premium: false,
      status: 'approved',
      width: 900,
      height: 1200,
    });
    expect(body.photos).toHaveLength(1);
    const sizes = await Promise.all(
      [body.photo.url, body.photo.thumb_url, body.photo.blurred_url].map(async (url: string) => {
        expect(url).toMatch(/^\/media\/[ob]\/[a-f0-9]{32}\.webp$/);
        const bytes = await t.app.services.storage.get(keyOf(url));
        const meta = await sharp(bytes as Buffer).metadata();
        return `${meta.format} ${meta.width}x${meta.height}`;
      }),
    );
    expect(sizes).toEqual(['webp 900x1200', 'webp 320x400', 'webp 160x200']);
    // The member's card now has a main image, so the profile-photo alert goes away.
    expect((await user(m.cookie)).profile.main_image.thumb_filename).toBe(body.photo.thumb_url);
  });

  test('a large photo is scaled down to display size, never up', async () => {
    const m = await member();
    const res = await upload(t, m.cookie, await testImage('jpeg', { width: 3000, height: 2000 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().photo).toMatchObject({ width: 1080, height: 720 });
  });

  test('PNG and WebP are accepted, whatever type the browser claims', async () => {
    const m = await member();
    expect(
      (await upload(t, m.cookie, await testImage('png'), { type: 'application/octet-stream' })).statusCode,
    ).toBe(201);
    expect((await upload(t, m.cookie, await testImage('webp'), { type: 'image/jpeg' })).statusCode).toBe(201);
  });

  test('EXIF and GPS are removed from every stored rendition', async () => {
    const input = await jpegWithGps();
    // The test image really carries GPS: its EXIF has a GPS IFD and the marker.
    const exif = (await sharp(input).metadata()).exif;
    expect(exif?.toString('latin1')).toContain(EXIF_MARKER);
    expect(exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const m = await member();
    const res = await upload(t, m.cookie, input);
    expect(res.statusCode).toBe(201);
    const [row] = await photoRows(t, m.id);
    for (const key of [row?.originalKey, row?.thumbKey, row?.blurredKey]) {
      const bytes = (await t.app.services.storage.get(key as string)) as Buffer;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, key).toBeUndefined();
      expect(meta.xmp, key).toBeUndefined();
      expect(bytes.includes(EXIF_MARKER), key).toBe(false);
      expect(bytes.includes('Exif'), key).toBe(false);
    }
  });

  test('a premium-only upload keeps its original and thumbnail under p/ only', async () => {
    const m = await member();
    const res = await upload(t, m.cookie, await testImage('jpeg'), { premium: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().photo).toMatchObject({ premium: true });
    expect(res.json().photo.url).toMatch(/^\/media\/p\//);
    expect(res.json().photo.thumb_url).toMatch(/^\/media\/p\//);
    expect(res.json().photo.blurred_url).toMatch(/^\/media\/b\//);
  });

  test.each([
    ['a GIF', () => testImage('gif', { width: 40, height: 40 }), 'image/gif'],
    ['text named like a photo', async () => Buffer.from('just some text, not a photo at all'), 'image/jpeg'],
    [
      'an SVG',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'image/svg+xml',
    ],
    [
      'a TIFF',
      () =>
        sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
          .tiff()
          .toBuffer(),
      'image/tiff',
    ],
  ])('%s is refused with 415 and a clear message in the member’s language', async (_, bytes, type) => {
    const m = await member();
    const res = await upload(t, m.cookie, await bytes(), { type });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      error: 'photo_type',
      message: 'Dit bestandstype wordt niet ondersteund. Upload een JPEG-, PNG- of WebP-foto.',
    });
    await expectNothingHalfSaved(m.id, 0);
  });

  test('a corrupt image is refused with 400, nothing saved', async () => {
    const m = await member();
    const whole = await testImage('jpeg');
    const res = await upload(t, m.cookie, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('photo_corrupt');
    await expectNothingHalfSaved(m.id, 0);
  });

  test('a file above the size cap is refused with 413 naming the limit', async () => {
    const m = await member();
    const big = Buffer.concat([await testImage('jpeg'), Buffer.alloc(PHOTO_MAX_BYTES)]);
    const body = multipart(big);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      headers: { ...HEADERS, cookie: `${m.cookie}; i18n_locale=en`, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: 'photo_too_large',
      max_mb: 10,
      message: 'This photo is too large. A photo may be at most 10 MB.',
    });
    await expectNothingHalfSaved(m.id, 0);
  });

  test('an image above the pixel cap is refused with 413 before it is decoded', async () => {
    const m = await member();
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(t, m.cookie, huge, { type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'photo_too_many_pixels', max_megapixels: 50 });
    expect(res.json().message).toContain('50');
    await expectNothingHalfSaved(m.id, 0);
  });

  test('a request without a file is 400', async () => {
    const m = await member();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      headers: { ...HEADERS, cookie: m.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
  });

  test('needs a login and the client header', async () => {
    const image = await testImage('jpeg');
    const visitor = await upload(t, '', image);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error).toBe('authentication_required');
    const m = await member();
    const body = multipart(image);
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      headers: { host: 'main.test', cookie: m.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error).toBe('csrf');
    await expectNothingHalfSaved(m.id, 0);
  });
});

describe('photo limits', () => {
  test(`a free member has at most ${PHOTO_LIMIT_FREE}: then 'photo limit reached'`, async () => {
    const m = await member();
    const image = await testImage('jpeg', { width: 400, height: 500 });
    for (let i = 0; i < PHOTO_LIMIT_FREE; i++)
      expect((await upload(t, m.cookie, image)).statusCode).toBe(201);
    const res = await upload(t, m.cookie, image);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'photo_limit_reached',
      limit: PHOTO_LIMIT_FREE,
      message: "Fotolimiet bereikt: je kunt maximaal 3 foto's hebben.",
    });
    await expectNothingHalfSaved(m.id, PHOTO_LIMIT_FREE);
  });

  test(`a premium member has at most ${PHOTO_LIMIT_PREMIUM}`, async () => {
    const m = await member({ paid: true });
    const rows = Array.from({ length: PHOTO_LIMIT_PREMIUM - 1 }, (_, i) => ({
      memberId: m.id,
      originalKey: `o/${'a'.repeat(30)}${String(i).padStart(2, '0')}.webp`,
      thumbKey: `o/${'b'.repeat(30)}${String(i).padStart(2, '0')}.webp`,
      blurredKey: `b/${'c'.repeat(30)}${String(i).padStart(2, '0')}.webp`,
      width: 10,
      height: 10,
      position: i,
    }));
    await t.db.insert(photos).values(rows);
    const image = await testImage('jpeg', { width: 400, height: 500 });
    const ok = await upload(t, m.cookie, image);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().limit).toBe(PHOTO_LIMIT_PREMIUM);
    const full = await upload(t, m.cookie, image);
    expect(full.statusCode).toBe(409);
    expect(full.json().limit).toBe(PHOTO_LIMIT_PREMIUM);
    expect(await photoRows(t, m.id)).toHaveLength(PHOTO_LIMIT_PREMIUM);
  });

  test('two uploads at once cannot pass the limit together, and the loser leaves no files', async () => {
    const m = await member();
    const image = await testImage('jpeg', { width: 600, height: 800 });
    expect((await upload(t, m.cookie, image)).statusCode).toBe(201);
    expect((await upload(t, m.cookie, image)).statusCode).toBe(201);
    const filesBefore = storedKeys(t).length;
    const answers = await Promise.all([upload(t, m.cookie, image), upload(t, m.cookie, image)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await photoRows(t, m.id)).toHaveLength(PHOTO_LIMIT_FREE);
    expect(storedKeys(t).length).toBe(filesBefore + 3);
    expect(await orphanFiles(t)).toEqual([]);
  });

  test('becoming premium raises the limit at once', async () => {
    const m = await member();
    const image = await testImage('jpeg', { width: 400, height: 500 });
    for (let i = 0; i < PHOTO_LIMIT_FREE; i++) await upload(t, m.cookie, image);
    expect((await upload(t, m.cookie, image)).statusCode).toBe(409);
    await t.db.update(members).set({ paidUser: true }).where(eq(members.id, m.id));
    expect((await upload(t, m.cookie, image)).statusCode).toBe(201);
  });
});
