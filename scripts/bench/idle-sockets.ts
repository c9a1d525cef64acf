/**
 * `npm run bench:idle-sockets [-- --sockets N]`
 *
 * Starts the server (server/main.ts, embedded database) in a process of its own, opens N member
 * sockets (default 10 000) to /api/ws from this process over loopback, and reports the server's
 * resident memory (RSS) before and with them, after a garbage collection settles (the target: 10 000
 * idle connections in one process under 400 MB). With TEST_DATABASE_URL the server runs on a
 * PostgreSQL database made for the run (the embedded PGlite alone takes a few hundred MB of the
 * process). Each process needs a file limit above N (`ulimit -n`).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { openDatabase } from '../../server/db/client';
import { createMember, loginCookie } from '../../server/test/app';
import { freshDataDir, testDatabase } from '../../server/test/db';
import { startServer, stop } from '../../server/test/process';

const { values } = parseArgs({ options: { sockets: { type: 'string', default: '10000' } } });
const count = Number(values.sockets);
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const { dataDir, remove } = await freshDataDir();
  const postgres = process.env.TEST_DATABASE_URL ? await testDatabase() : null;
  const database = postgres?.database ?? (await openDatabase({ dir: `${dataDir}/db` }));
  const member = await createMember(database.db);
  const cookie = await loginCookie(database.db, member.id);
  await database.close();
  const databaseUrl = postgres?.config.databaseUrl;
  log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  const server = await startServer(dataDir, {
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const pid = server.process.pid as number;
  const port = new URL(server.url).port;
  const sockets: WebSocket[] = [];
  try {
    await sleep(2_000);
    const before = rssMb(pid);
    log(`server RSS with no sockets: ${before} MB`);
    const started = Date.now();
    // In batches, so the accept queue is never the bottleneck being measured.
    for (let i = 0; i < count; i += 200) {
      const batch = Array.from({ length: Math.min(200, count - i) }, () => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
          headers: { host: `main.test:${port}`, cookie },
          origin: `http://main.test:${port}`,
        });
        sockets.push(ws);
        return new Promise<void>((resolve, reject) => {
          ws.once('message', () => resolve());
          ws.once('error', reject);
        });
      });
      await Promise.all(batch);
    }
    log(`${count} sockets ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await sleep(5_000);
    const after = rssMb(pid);
    log(
      `server RSS with ${count} idle sockets: ${after} MB (${(((after - before) * 1024) / count).toFixed(1)} KB per socket)`,
    );
  } finally {
    for (const ws of sockets) ws.terminate();
    stop(server);
    remove();
    await postgres?.destroy();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
