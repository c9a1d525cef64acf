import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, buildApp } from '../../app';
import { createMember } from '../../test/app';
import { type TestDatabase, testConfig, testDatabase } from '../../test/db';
import { storageFor } from './for-config';
import type { Storage } from './index';
import { s3Storage } from './s3';

const BUCKET = 'photos';
let server: S3rver;
let dir: string;
let endpoint: string;
let storage: Storage;

// s3rver's built-in account; the storage signs every request with it as with real credentials.
const s3Env = () => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_PREFIX: 'install-1/',
});

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = storageFor(testConfig(dir, s3Env()));
});

afterAll(async () => {
  await server?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const key = (prefix: 'o' | 'b' | 'p') => `${prefix}/${randomBytes(12).toString('hex')}.webp`;
const BYTES = Buffer.from('RIFF....WEBPVP8 fake image bytes');

/** What the bucket holds under a raw object key, read past the storage's prefix and key check. */
const rawObject = (objectKey: string) =>
  fs.readFile(path.join(dir, BUCKET, `${objectKey}._S3rver_object`)).catch(() => null);

describe('S3 storage', () => {
  test('put, get and delete round-trip the bytes, under the prefix', async () => {
    const k = key('o');
    await storage.put(k, BYTES);
    expect((await storage.get(k))?.equals(BYTES)).toBe(true);
    expect((await rawObject(`install-1/${k}`))?.equals(BYTES)).toBe(true);
    await storage.delete(k);
    expect(await storage.get(k)).toBeNull();
  });

  test('a premium original (p/) is stored and read back', async () => {
    const k = key('p');
    await storage.put(k, BYTES);
    expect((await storage.get(k))?.equals(BYTES)).toBe(true);
  });

  test('a missing key reads as null and deletes without error', async () => {
    const k = key('b');
    expect(await storage.get(k)).toBeNull();
    await expect(storage.delete(k)).resolves.toBeUndefined();
  });

  test.each([
    'o/abc.webp',
    'x/0123456789abcdef0123.webp',
    'o/../../etc/passwd',
    'o/0123456789abcdef0123.png',
  ])('an invalid key is refused before any request: %s', async (bad) => {
    await expect(storage.put(bad, BYTES)).rejects.toThrow(/invalid media key/);
    await expect(storage.get(bad)).rejects.toThrow(/invalid media key/);
    await expect(storage.delete(bad)).rejects.toThrow(/invalid media key/);
  });

  test('a missing bucket is an error, not a missing photo', async () => {
    const k = key('o');
    await storage.put(k, BYTES);
    const options = {
      endpoint,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'install-1/',
    };
    await expect(s3Storage({ ...options, bucket: 'no-such-bucket' }).get(k)).rejects.toThrow(/bucket/i);
    expect((await s3Storage(options).get(k))?.equals(BYTES)).toBe(true);
  });
});

describe('the app on S3', () => {
  let app: App;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await testDatabase();
    // The database's own config, with photos in the bucket: nothing lands under DATA_DIR/media.
    const config = { ...database.config, s3: testConfig(dir, s3Env()).s3 };
    app = await buildApp({ config, database: database.database, webDir: null });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  test('serves a photo from the bucket through GET /media/o/…', async () => {
    const owner = await createMember(database.database.db, { photo: {} });
    const thumb = owner.photo?.thumbKey ?? '';
    await storage.put(thumb, BYTES);
    const res = await app.inject({ url: `/media/${thumb}`, headers: { host: 'main.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.equals(BYTES)).toBe(true);
    const gone = await app.inject({ url: `/media/${key('o')}`, headers: { host: 'main.test' } });
    expect(gone.statusCode).toBe(404);
  });

  test('a premium original in the bucket stays behind the premium check', async () => {
    const owner = await createMember(database.database.db, { photo: { premium: true } });
    const original = owner.photo?.originalKey ?? '';
    await storage.put(original, BYTES);
    const res = await app.inject({ url: `/media/${original}`, headers: { host: 'main.test' } });
    expect(res.statusCode).toBe(404);
  });
});
