import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import type { MessagesResponse, SendMessageResponse } from '../../common/api/chats';
import { type TestApp, testApp } from '../test/app';
import { chatHarness } from '../test/chat';
import { adminClient, tempDataDir, withDatabase } from '../test/db';
import { photoRows, testImage, upload } from '../test/photos';
import { startServer, stop } from '../test/process';

/**
 * The restore drill of docs/operations.md ("Backups"), step by step with the commands an operator
 * types: a dump of a database with members, a chat and a photo, restored into a new database, the
 * photo folder copied beside it, and the real server started on the copies. The original database
 * and data folder are gone before the server starts, so everything it answers comes from the backup.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);

describe.skipIf(!adminUrl)('restoring a backup', () => {
  const clock = { now: new Date() };
  let t: TestApp | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];

  afterAll(async () => {
    stop(server);
    if (server) await server.exited;
    await t?.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test('pg_dump, pg_restore --no-owner and a copy of the photo folder bring back members, chats and photos', async () => {
    t = await testApp();
    const { member, send } = chatHarness(() => t as TestApp, clock);
    const anna = await member({ name: 'AnnaBackup' });
    const bram = await member({ name: 'BramBackup' });
    expect((await upload(t, anna.cookie, await testImage('jpeg'))).statusCode).toBe(201);
    const first = await send(anna, { member_id: bram.id }, { body: 'Hoi Bram, bewaard?' });
    expect(first.statusCode, first.body).toBe(200);
    const conversationId = (first.json() as SendMessageResponse).message.conversation_id;
    expect((await send(bram, { conversation_id: conversationId }, { body: 'Zeker, Anna.' })).statusCode).toBe(
      200,
    );
    const [photo] = await photoRows(t, anna.id);
    if (!photo) throw new Error('the upload stored no photo');
    const oldDataDir = t.config.dataDir;
    const photoBytes = fs.readFileSync(path.join(oldDataDir, 'media', photo.thumbKey));

    // 1. The dump, from the running database.
    const backups = tempDataDir();
    cleanups.push(backups.remove);
    const dump = path.join(backups.dataDir, 'dating.dump');
    await run('pg_dump', ['--format=custom', `--file=${dump}`, t.config.databaseUrl as string]);
    // 2. The photos: a copy of DATA_DIR/media (a bucket would be copied with its own tools).
    await run('cp', ['-a', path.join(oldDataDir, 'media'), path.join(backups.dataDir, 'backup-media')]);

    // The original goes away, as in the disaster the backup is for.
    await t.close();
    t = undefined;

    // 3. A new, empty database, restored into without the original's owner.
    const name = `test_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
    const newUrl = withDatabase(adminUrl as string, name);
    await run('createdb', [`--maintenance-db=${adminUrl}`, name]);
    cleanups.push(async () => {
      const admin = await adminClient(adminUrl as string);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.end());
    });
    await run('pg_restore', ['--no-owner', `--dbname=${newUrl}`, dump]);
    // 4. A new data folder holding the copied photos.
    const restored = tempDataDir();
    cleanups.push(restored.remove);
    await run('mkdir', ['-p', restored.dataDir]);
    await run('cp', ['-a', path.join(backups.dataDir, 'backup-media'), path.join(restored.dataDir, 'media')]);

    // 5. The server, in production mode, on the restored copies.
    server = await startServer(restored.dataDir, {
      NODE_ENV: 'production',
      DATABASE_URL: newUrl,
      PAYMENTS: 'demo',
    });
    const get = (url: string, cookie?: string) =>
      fetch(`${server?.url}${url}`, { headers: { host: 'main.test', ...(cookie ? { cookie } : {}) } });

    // The members are there, and their sessions too: Anna is still logged in.
    const me = await get('/api/user.php', anna.cookie);
    expect(me.status).toBe(200);
    expect((await me.json()).user?.profile.name).toBe('AnnaBackup');
    const profile = await get(`/api/member.php?id=${bram.id}`, anna.cookie);
    expect(profile.status).toBe(200);
    expect(JSON.stringify(await profile.json())).toContain('BramBackup');

    // The chat with its messages, in order.
    const history = await get(`/api/messages.php?conversation_id=${conversationId}`, bram.cookie);
    expect(history.status).toBe(200);
    const { messages } = (await history.json()) as MessagesResponse;
    expect(messages.map((m) => m.body)).toEqual(['Hoi Bram, bewaard?', 'Zeker, Anna.']);

    // The photo's bytes, from the copied folder.
    const media = await get(`/media/${photo.thumbKey}`);
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(photoBytes)).toBe(true);
  }, 120_000);
});
