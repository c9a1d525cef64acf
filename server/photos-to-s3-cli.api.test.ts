import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runTs } from './test/process';

const BUCKET = 'photos';
let server: S3rver;
let bucketDir: string;
let dataDir: string;
let endpoint: string;

// s3rver's built-in account, as in the storage's own test.
const s3Env = (bucket = BUCKET) => ({
  S3_BUCKET: bucket,
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_PREFIX: 'install-1/',
});

beforeAll(async () => {
  bucketDir = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dating-to-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: bucketDir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.close();
  await fs.rm(bucketDir, { recursive: true, force: true });
  await fs.rm(dataDir, { recursive: true, force: true });
});

const newKey = (prefix: 'o' | 'b' | 'p' | 'c') => `${prefix}/${randomBytes(12).toString('hex')}.webp`;

async function writeLocal(key: string, bytes: Buffer) {
  const file = path.join(dataDir, 'media', key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, bytes);
}

/** What the bucket holds under a raw object key. */
const rawObject = (objectKey: string) =>
  fs.readFile(path.join(bucketDir, BUCKET, `${objectKey}._S3rver_object`)).catch(() => null);

async function copy(env: Record<string, string> = s3Env()) {
  const child = runTs('server/photos-to-s3-cli.ts', [], {
    DATA_DIR: dataDir,
    ...env,
  });
  const code = await child.exited;
  return { code, output: child.output() };
}

describe('npm run photos:to-s3', () => {
  const keys = [newKey('o'), newKey('b'), newKey('p'), newKey('c')];
  const bytesOf = (key: string) => Buffer.from(`webp bytes of ${key}`);

  test('copies every photo of DATA_DIR/media into the bucket under the prefix, and leaves other files alone', async () => {
    for (const key of keys) await writeLocal(key, bytesOf(key));
    await fs.writeFile(path.join(dataDir, 'media', 'notes.txt'), 'not a photo');
    const { code, output } = await copy();
    expect(output).toContain('4 copied, 0 already there, 0 failed, 1 left alone.');
    expect(code).toBe(0);
    for (const key of keys) expect((await rawObject(`install-1/${key}`))?.equals(bytesOf(key))).toBe(true);
    expect(await rawObject('install-1/notes.txt')).toBeNull();
  }, 60_000);

  test('a second run copies only what is new or differs in size', async () => {
    const added = newKey('o');
    await writeLocal(added, bytesOf(added));
    const changed = keys[0] as string;
    await writeLocal(changed, Buffer.from('a longer rendition of the same photo'));
    const { code, output } = await copy();
    expect(output).toContain('2 copied, 3 already there, 0 failed');
    expect(code).toBe(0);
    expect((await rawObject(`install-1/${added}`))?.equals(bytesOf(added))).toBe(true);
    expect((await rawObject(`install-1/${changed}`))?.toString()).toBe(
      'a longer rendition of the same photo',
    );
  }, 60_000);

  test('a bucket that cannot be reached fails with exit code 1', async () => {
    const { code, output } = await copy(s3Env('no-such-bucket'));
    expect(output).toMatch(/Cannot reach the bucket no-such-bucket/);
    expect(code).toBe(1);
  }, 60_000);

  test('without S3_BUCKET it says what to set and exits 2', async () => {
    const { code, output } = await copy({});
    expect(output).toMatch(/Set S3_BUCKET/);
    expect(code).toBe(2);
  }, 60_000);
});
