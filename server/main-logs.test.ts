import { afterEach, describe, expect, test } from 'vitest';
import { freshDataDir, testDatabase } from './test/db';
import { type Child, startServer, stop } from './test/process';

// What the server writes when it starts and serves, as `npm start` runs it: JSON log lines, and the
// start banner (its lines indented) that a person on a laptop reads.

const children: Child[] = [];
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) stop(c);
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The server's environment with LOG_LEVEL unset, as on a laptop (a child process skips undefined). */
async function environment(env: NodeJS.ProcessEnv = {}) {
  const { dataDir, remove } = await freshDataDir();
  cleanups.push(remove);
  return { dataDir, env: { ...env, LOG_LEVEL: undefined } };
}

/** The output's lines: JSON log lines parsed, and the rest (the banner). */
function split(output: string) {
  const lines = output.split('\n').filter((l) => l.trim() !== '');
  const json = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
  return { json, other: lines.filter((l) => !l.startsWith('{')) };
}

describe('on the embedded database (a laptop)', () => {
  test('the banner stays readable: no line per request, every other line JSON', async () => {
    const { env, dataDir } = await environment();
    const server = await startServer(dataDir, env);
    children.push(server);
    await server.waitFor(/Site running at http:\/\/localhost:\d+/);
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${server.url}/api/settings.php`)).status).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 500));
    const { json, other } = split(server.output());
    expect(json.map((l) => l.msg)).toContain(`Server listening at ${server.url}`);
    expect(json.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
    // The banner's lines are indented; nothing else is plain text.
    for (const line of other) expect(line).toMatch(/^\s/);
    expect(json.filter((l) => Number(l.level) >= 40)).toEqual([]);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL (production)', () => {
  test('the start warns once of each thing kept per machine, as JSON; requests are logged at info', async () => {
    const { database, config, destroy } = await testDatabase();
    await database.close();
    cleanups.push(destroy);
    const { env, dataDir } = await environment({ DATABASE_URL: config.databaseUrl, PAYMENTS: 'demo' });
    const server = await startServer(dataDir, env);
    children.push(server);
    await server.waitFor(/Site running at http:\/\/localhost:\d+/);
    expect((await fetch(`${server.url}/api/settings.php`)).status).toBeLessThan(500);
    await server.waitFor(/"msg":"request completed"/);
    const { json, other } = split(server.output());
    for (const line of other) expect(line).toMatch(/^\s/);
    const warnings = json.filter((l) => l.level === 40);
    expect(warnings.map((l) => l.setting)).toEqual(['VAPID_PUBLIC_KEY', 'S3_BUCKET', 'SMTP_URL', 'SMS']);
    expect(warnings.map((l) => l.msg)).toEqual([
      expect.stringMatching(/push keys not configured/),
      expect.stringMatching(/photos on local disk/),
      expect.stringMatching(/mail goes to the outbox/),
      expect.stringMatching(/SMS go to the outbox/),
    ]);
    const requests = json.filter((l) => l.msg === 'incoming request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ level: 30, req: { url: '/api/settings.php' } });
    expect(requests[0]?.reqId).toMatch(/^[0-9a-f-]{36}$/);
  }, 120_000);
});
