/**
 * `npm run bench [-- --members N] [-- --only postgres|pglite] [-- --seconds S]`
 *
 * Seeds (or reuses) N members (default 1 000 000) on PostgreSQL (a scratch database `search_bench`
 * on the server of DATABASE_URL) and on PGlite (.tmp/bench/pglite), starts the app on each in a
 * process of its own and measures over loopback with autocannon: search page 1, a page 50 pages
 * deep (its cursor), the profile view, the likes list and the chat list of a member with 50 chats. Latency (p50/p95/p99) is measured with one
 * connection, so that it is the time a request takes rather than time spent queueing; throughput
 * (req/s) with ten.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureChats, openBenchDb, seedUpTo } from './prepare';

/** The member who measures has this many chats (the chat list's figure is for such a member). */
const BENCH_CHATS = 50;

type Target = { port: number; host: string; cookie: string };
type Figures = { p50: number; p95: number; p99: number; rps: number; errors: number };

const log = (line: string) => process.stdout.write(`${line}\n`);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function load(t: Target, path: string, connections: number, seconds: number): Promise<Figures> {
  const times: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${t.port}${path}`,
    headers: { host: t.host, cookie: t.cookie },
    connections,
    duration: seconds,
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status !== 200) errors++;
    times.push(ms);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: result.requests.average,
    errors: errors + result.errors + result.non2xx,
  };
}

async function get(t: Target, path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`http://127.0.0.1:${t.port}${path}`, {
    headers: { host: t.host, cookie: t.cookie },
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

function startServer(kind: string): Promise<{ child: ChildProcess; target: Target }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/serve.ts', kind], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, target: JSON.parse(line) as Target });
    });
    child.on('exit', (code) => reject(new Error(`the ${kind} server exited (${code})`)));
  });
}

type SearchBody = { profiles: { id: number }[]; next_cursor: string | null };

async function scenarios(t: Target): Promise<[string, string | null][]> {
  const search = '/api/members.php?country=NL&gender=female&min_age=25&max_age=45';
  const first = await get(t, search);
  if (first.status !== 200) throw new Error(`search answered ${first.status}: ${JSON.stringify(first.body)}`);
  let cursor = (first.body as SearchBody).next_cursor;
  for (let page = 1; page < 50 && cursor; page++)
    cursor = ((await get(t, `${search}&cursor=${encodeURIComponent(cursor)}`)).body as SearchBody)
      .next_cursor;
  const deep = cursor ? `${search}&cursor=${encodeURIComponent(cursor)}` : null;
  // Profile view and likes come from other parts of the app: measured where they exist.
  const ids = (first.body as SearchBody).profiles.map((p) => p.id);
  let profile: string | null = null;
  for (const id of ids) {
    if ((await get(t, `/api/member.php?id=${id}`)).status === 200) {
      profile = `/api/member.php?id=${id}`;
      break;
    }
  }
  const likes = (await get(t, '/api/likes.php')).status === 200 ? '/api/likes.php' : null;
  const chats = await get(t, '/api/chats.php');
  const chatCount = (chats.body as { chats?: unknown[] } | null)?.chats?.length ?? 0;
  return [
    // What the machine gives any authenticated request (session lookup, one read), for comparison.
    ['baseline: current member (/api/user.php)', '/api/user.php'],
    ['search, page 1', search],
    ['search, page 51 (cursor)', deep],
    ['profile view', profile],
    ['likes list', likes],
    [`chat list (${chatCount} chats)`, chats.status === 200 ? '/api/chats.php' : null],
  ];
}

async function main() {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '1000000' },
      only: { type: 'string' },
      seconds: { type: 'string', default: '10' },
      // Measures only the endpoints whose name contains this text (e.g. `profile`).
      endpoint: { type: 'string' },
    },
  });
  const members = Number(values.members);
  const seconds = Number(values.seconds);
  const kinds = (values.only ? [values.only] : ['postgres', 'pglite']) as ('postgres' | 'pglite')[];
  log(`${os.availableParallelism()} cores, Node ${process.version}, ${members} members`);
  for (const kind of kinds) {
    const bench = await openBenchDb(kind);
    try {
      await seedUpTo(bench, members, log);
      await ensureChats(bench, BENCH_CHATS, log);
    } finally {
      await bench.database.close();
      bench.release();
    }
    const { child, target } = await startServer(kind);
    try {
      log(`\n${kind}: latency with 1 connection, throughput with 10, ${seconds} s each`);
      log('| endpoint | p50 ms | p95 ms | p99 ms | req/s (10 conn.) |');
      log('|---|---|---|---|---|');
      for (const [name, path] of await scenarios(target)) {
        if (values.endpoint && !name.includes(values.endpoint)) continue;
        if (!path) {
          log(`| ${name} | skipped: the endpoint answers 404 here | | | |`);
          continue;
        }
        const lat = await load(target, path, 1, seconds);
        const thr = await load(target, path, 10, seconds);
        const errors = lat.errors + thr.errors ? ` (${lat.errors + thr.errors} errors)` : '';
        log(
          `| ${name} | ${lat.p50.toFixed(1)} | ${lat.p95.toFixed(1)} | ${lat.p99.toFixed(1)} | ${Math.round(thr.rps)}${errors} |`,
        );
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
