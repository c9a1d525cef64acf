/**
 * Chat benchmark: `npm run bench:chat [-- --only pglite|postgres] [-- --seconds 60]`.
 * Starts the server on a fresh database (scripts/bench/chat-serve.ts, a process of its own), connects
 * the members' sockets from this process and sends messages to their partners at a steady rate
 * through the socket's `send` frame. Reports the delivery latency (send → the partner's socket has
 * it), loss (acknowledged but never delivered) and the answers above saturation (memory with idle
 * sockets: npm run bench:idle-sockets). PostgreSQL needs DATABASE_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import type { ChatBenchMember } from './chat-serve';

type Kind = 'pglite' | 'postgres';
type Server = { child: ChildProcess; port: number; members: ChatBenchMember[] };

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startServer(kind: Kind, members: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        // E.g. BENCH_NODE_ARGS=--cpu-prof to profile the server under load.
        ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
        '--import',
        'tsx',
        'scripts/bench/chat-serve.ts',
        kind,
        String(members),
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      const { port, file } = JSON.parse(line) as { port: number; file: string };
      resolve({ child, port, members: JSON.parse(fs.readFileSync(file, 'utf8')) as ChatBenchMember[] });
    });
    child.on('exit', (code) => reject(new Error(`the ${kind} server exited (${code})`)));
  });
}

/** The server's resident memory in MB (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function connect(port: number, m: ChatBenchMember, onEvent: (event: Record<string, unknown>) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const origin = `http://${m.host}:${port}`;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
      headers: { host: `${m.host}:${port}`, origin, cookie: m.cookie },
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.on('message', (data) => onEvent(JSON.parse(data.toString()) as Record<string, unknown>));
  });
}

async function connectAll(
  port: number,
  list: ChatBenchMember[],
  onEvent: (m: ChatBenchMember, e: Record<string, unknown>) => void,
) {
  const sockets: WebSocket[] = [];
  // A few hundred handshakes at a time: the listen backlog and the session lookups stay reasonable.
  for (let i = 0; i < list.length; i += 200) {
    const batch = list.slice(i, i + 200);
    sockets.push(...(await Promise.all(batch.map((m) => connect(port, m, (e) => onEvent(m, e))))));
  }
  return sockets;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

type RunResult = {
  rate: number;
  sent: number;
  acked: number;
  delivered: number;
  lost: number;
  errors: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  perSecond: number;
  rssMax: number;
};

/** Sends `rate` messages a second for `seconds`, round robin over the members, and measures delivery. */
async function loadRun(server: Server, rate: number, seconds: number): Promise<RunResult> {
  const members = server.members;
  const sentAt = new Map<string, number>();
  const acked = new Set<string>();
  const delivered = new Set<string>();
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const onEvent = (m: ChatBenchMember, e: Record<string, unknown>) => {
    if (e.type === 'ack') {
      acked.add(e.client_id as string);
    } else if (e.type === 'send_error') {
      const key = `${e.status} ${e.error}`;
      errors[key] = (errors[key] ?? 0) + 1;
    } else if (e.type === 'message') {
      const message = e.message as { sender_id: number; client_id: string };
      if (message.sender_id === m.id) return;
      const at = sentAt.get(message.client_id);
      if (at === undefined || delivered.has(message.client_id)) return;
      delivered.add(message.client_id);
      latencies.push(performance.now() - at);
    }
  };
  const sockets = await connectAll(server.port, members, onEvent);
  let rssMax = rssMb(server.child.pid ?? 0);
  const rssTimer = setInterval(() => {
    rssMax = Math.max(rssMax, rssMb(server.child.pid ?? 0));
  }, 1000);

  const tickMs = 10;
  const perTick = rate / (1000 / tickMs);
  let owed = 0;
  let next = 0;
  let sent = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const tickStart = performance.now();
    owed += perTick;
    for (; owed >= 1; owed -= 1) {
      const index = next++ % members.length;
      const m = members[index] as ChatBenchMember;
      const socket = sockets[index] as WebSocket;
      const clientId = randomUUID();
      sentAt.set(clientId, performance.now());
      socket.send(
        JSON.stringify({
          type: 'send',
          client_id: clientId,
          conversation_id: m.conversation,
          kind: 'text',
          body: `Benchmark message ${sent} from ${m.id}`,
        }),
      );
      sent++;
    }
    await sleep(Math.max(0, tickMs - (performance.now() - tickStart)));
  }
  const elapsed = (performance.now() - started) / 1000;
  // Messages acknowledged near the end still have a few seconds to arrive.
  for (let waited = 0; waited < 10_000 && delivered.size < acked.size; waited += 250) await sleep(250);
  clearInterval(rssTimer);
  for (const s of sockets) s.close();
  latencies.sort((a, b) => a - b);
  let lost = 0;
  for (const id of acked) if (!delivered.has(id)) lost++;
  return {
    rate,
    sent,
    acked: acked.size,
    delivered: delivered.size,
    lost,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    perSecond: acked.size / elapsed,
    rssMax,
  };
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const errorText = (e: Record<string, number>) =>
  Object.entries(e)
    .map(([k, v]) => `${v}× ${k}`)
    .join(', ') || 'none';

async function main() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      members: { type: 'string', default: '2000' },
      seconds: { type: 'string', default: '60' },
      overload: { type: 'string', default: '3' },
    },
  });
  const kinds = (values.only ? [values.only] : ['pglite', 'postgres']) as Kind[];
  const targets: Record<Kind, number> = { pglite: 500, postgres: 2000 };
  const seconds = Number(values.seconds);
  log(`${os.availableParallelism()} cores, Node ${process.version}, ${values.members} members, ${seconds} s`);
  for (const kind of kinds) {
    const server = await startServer(kind, Number(values.members));
    try {
      log(`\n${kind}: ${server.members.length} connected members`);
      log(
        '| rate msg/s | delivered msg/s | p50 ms | p95 ms | p99 ms | max ms | lost | refused | server RSS MB |',
      );
      log('|---|---|---|---|---|---|---|---|---|');
      const rates = [targets[kind], targets[kind] * Number(values.overload)];
      for (const [i, rate] of rates.entries()) {
        // The overload run is shorter: it shows how the server answers above saturation.
        const r = await loadRun(server, rate, i === 0 ? seconds : Math.min(seconds, 15));
        log(
          `| ${rate} | ${Math.round(r.perSecond)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${r.lost} of ${r.acked} | ${errorText(r.errors)} | ${r.rssMax} |`,
        );
        await sleep(3000);
      }
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
