import WebSocket from 'ws';
import type { ServerEvent } from '../../common/api/events';
import type { App } from '../app';

/** Starts the app on a free loopback port; answers its base address (with the port). */
export async function listen(app: App): Promise<{ port: number; address: string }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { port, address: `127.0.0.1:${port}` };
}

export type TestSocket = {
  ws: WebSocket;
  /** Every event received so far, in order. */
  events: ServerEvent[];
  /** The first event (already received or still to come) matching `match`; rejects after `timeoutMs`. */
  next: <T extends ServerEvent['type']>(
    type: T,
    match?: (e: Extract<ServerEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ) => Promise<Extract<ServerEvent, { type: T }>>;
  send: (frame: unknown) => void;
  close: () => Promise<void>;
};

export type SocketOptions = { cookie?: string; origin?: string | null; domain?: string };

/**
 * Opens /api/ws as a browser page of `domain` would (its Host, its Origin, the cookie) and waits for
 * the server's `ready`. Rejects with `HTTP <status>` when the upgrade is refused.
 */
export function openSocket(port: number, opts: SocketOptions = {}): Promise<TestSocket> {
  const host = `${opts.domain ?? 'main.test'}:${port}`;
  const headers: Record<string, string> = { host };
  if (opts.cookie) headers.cookie = opts.cookie;
  const origin = opts.origin === undefined ? `http://${host}` : opts.origin;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
    headers,
    ...(origin ? { origin } : {}),
  });
  const events: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    events.push(JSON.parse(data.toString()) as ServerEvent);
    for (const w of waiters) w();
  });
  const next: TestSocket['next'] = (type, match, timeoutMs = 5_000) =>
    new Promise((resolve, reject) => {
      type E = Extract<ServerEvent, { type: typeof type }>;
      const find = () => events.find((e): e is E => e.type === type && (!match || match(e as E)));
      const check = () => {
        const found = find();
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${type} event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const socket: TestSocket = {
    ws,
    events,
    next,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    close: () =>
      new Promise((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => {
      reject(new Error(`HTTP ${res.statusCode}`));
      res.resume();
      ws.terminate();
    });
    ws.once('error', reject);
    next('ready').then(() => resolve(socket), reject);
  });
}
