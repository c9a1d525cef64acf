import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { ErrorCode } from '../../common/api/errors';
import { type ClientFrame, clientFrame, type ServerEvent } from '../../common/api/events';
import { requestSchema } from '../../common/api/fields';
import { AUTH_COOKIE, type Locale } from '../../common/constants';
import { translate } from '../i18n';
import type { EventListener, FrameContext, FrameHandlers } from '../infra/events/bus';
import { chatMessagesDelivered, openSockets } from '../infra/metrics';
import { currentMemberId } from '../plugins/auth';
import { ApiError } from '../plugins/errors';
import { memberForToken } from '../services/accounts/sessions';
import type { Services } from '../services/bag';
import { chatFrameHandlers } from './chat-frames';

/** Largest browser frame: a message body of 10 000 characters in JSON fits with room to spare. */
export const SOCKET_MAX_PAYLOAD = 64 * 1024;
/** A socket whose unsent output grows past this is not reading: it is dropped, reconnects and catches up. */
export const SOCKET_MAX_BUFFERED = 512 * 1024;
/** Every socket is pinged this often; one that did not answer the previous ping is dropped. */
export const HEARTBEAT_MS = 30_000;
/**
 * A socket outlives its upgrade. Whatever ends sessions announces it (`session_ended`), and the
 * member's sockets check theirs at once; as a fallback (an announcement lost with a Redis outage),
 * its session is checked again before a frame when the last check is older than this…
 */
export const SESSION_RECHECK_MS = 60_000;
/** …and, for a socket that only listens, by the heartbeat, a bounded number of sockets per beat. */
export const IDLE_SESSION_RECHECK_MS = 10 * 60_000;
const SESSION_CHECKS_PER_BEAT = 200;
/** Close code for a socket whose session ended: the browser does not get events of a logged-out member. */
export const SESSION_ENDED_CLOSE = 4401;
/** Frames one socket may have in flight: a person sends one at a time, a flood gets slow_down. */
export const SOCKET_MAX_IN_FLIGHT_EACH = 8;
/** How long the browser waits before it tries a send refused for overload again, in seconds. */
const SLOW_DOWN_RETRY_AFTER = 1;
/** A frame is checked as an HTTP request is (no NUL in any string: plugins/validation.ts). */
const frameSchema = requestSchema(clientFrame);

/** What the server keeps per socket: small, because one process holds thousands of idle ones. */
type Connection = {
  memberId: number;
  siteId: number;
  locale: Locale;
  /** The session token of the upgrade, to check the session again later. */
  token: string;
  checkedAt: number;
  /** Frames of this socket being handled now. */
  busy: number;
  alive: boolean;
  unsubscribe: () => void;
  /** The socket's bus listener: events the socket itself caused skip it. */
  listener: EventListener;
};

declare module 'fastify' {
  interface FastifyRequest {
    socketMemberId?: number;
  }
}

/** The Origin header names this very host: a page of another site cannot open a member's socket. */
export function sameOrigin(origin: string | undefined, host: string): boolean {
  if (!origin) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * GET /api/ws: the member's socket (common/api/events.ts). Authenticated by the session cookie on the
 * upgrade request, which must come from a page of the same site (cross-site WebSocket hijacking).
 * Events of the member's bus subscription go out as JSON; browser frames go to the frame handlers
 * the chat routes registered (infra/events/bus.ts).
 */
/** The frame handlers are the chat's static table; a test may hand in its own. */
export async function wsRoutes(app: FastifyInstance, opts: { frameHandlers?: FrameHandlers } = {}) {
  const { events, config } = app.services;
  const frameHandlers = opts.frameHandlers ?? chatFrameHandlers;
  const connections = new Map<WebSocket, Connection>();
  let inFlight = 0;

  /**
   * Whether the socket's session still stands; a socket whose session ended is closed. A check
   * before a frame counts as the member's activity; the heartbeat's check of an idle socket does
   * not (`activity` false): a page left open in a hidden tab is not presence.
   */
  async function sessionStands(socket: WebSocket, connection: Connection, activity = true): Promise<boolean> {
    const now = app.services.now();
    connection.checkedAt = now.getTime();
    const memberId = await memberForToken(
      app.services.db,
      connection.token,
      now,
      connection.siteId,
      activity,
    ).catch(() => connection.memberId);
    if (memberId === connection.memberId) return true;
    socket.close(SESSION_ENDED_CLOSE, 'session ended');
    return false;
  }

  // One timer for all sockets: a timer per socket would cost memory and wake-ups by the thousand.
  const heartbeat = setInterval(() => {
    const stale: [WebSocket, Connection][] = [];
    const staleBefore = app.services.now().getTime() - IDLE_SESSION_RECHECK_MS;
    for (const [socket, connection] of connections) {
      if (!connection.alive) {
        socket.terminate();
        continue;
      }
      connection.alive = false;
      socket.ping();
      if (connection.checkedAt < staleBefore && stale.length < SESSION_CHECKS_PER_BEAT)
        stale.push([socket, connection]);
    }
    // One after the other: the recheck must not compete with the chat for the database.
    void (async () => {
      for (const [socket, connection] of stale) await sessionStands(socket, connection, false);
    })();
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  function send(socket: WebSocket, event: ServerEvent) {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > SOCKET_MAX_BUFFERED) {
      socket.terminate();
      return;
    }
    socket.send(JSON.stringify(event));
    if (event.type === 'message') chatMessagesDelivered.inc();
  }

  function sendError(
    socket: WebSocket,
    connection: Connection,
    clientId: string,
    status: number,
    code: ErrorCode,
    extra: Record<string, unknown> = {},
  ) {
    const vars: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(extra))
      if (typeof v === 'string' || typeof v === 'number') vars[k] = v;
    const retryAfter = typeof extra.retry_after === 'number' ? { retry_after: extra.retry_after } : {};
    send(socket, {
      type: 'send_error',
      client_id: clientId,
      status,
      error: code,
      message: translate(connection.locale, `error.${code}`, vars),
      ...retryAfter,
    });
  }

  async function onFrame(socket: WebSocket, connection: Connection, raw: string) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const parsed = frameSchema.safeParse(json);
    const clientId = sendClientId(json);
    if (!parsed.success) {
      // A send the browser waits for gets its answer; anything else malformed is dropped.
      if (clientId) sendError(socket, connection, clientId, 400, 'invalid_input');
      return;
    }
    const frame = parsed.data;
    const handler = frameHandlers[frame.type] as (
      services: Services,
      context: FrameContext,
      frame: ClientFrame,
    ) => Promise<ServerEvent | undefined>;
    if (app.services.now().getTime() - connection.checkedAt > SESSION_RECHECK_MS) {
      if (!(await sessionStands(socket, connection))) return;
    }
    if (inFlight >= config.socketMaxInFlight || connection.busy >= SOCKET_MAX_IN_FLIGHT_EACH) {
      // Saturated (the process, or this one socket, so that one flooding member cannot take every
      // slot): a send is refused at once (the browser retries after retry_after) instead of
      // queueing without bound; typing and read frames are dropped (the next one says the same).
      if (frame.type === 'send')
        sendError(socket, connection, frame.client_id, 429, 'slow_down', {
          retry_after: SLOW_DOWN_RETRY_AFTER,
        });
      return;
    }
    inFlight++;
    connection.busy++;
    try {
      const { memberId, siteId, locale, listener } = connection;
      const answer = await handler(app.services, { memberId, siteId, locale, listener }, frame);
      if (answer) send(socket, answer);
    } catch (err) {
      if (frame.type !== 'send') return;
      if (err instanceof ApiError)
        sendError(socket, connection, frame.client_id, err.status, err.code, err.extra);
      else {
        app.log.error({ err }, 'socket frame failed');
        sendError(socket, connection, frame.client_id, 500, 'internal');
      }
    } finally {
      inFlight--;
      connection.busy--;
    }
  }

  app.get(
    '/api/ws',
    {
      websocket: true,
      schema: { hide: true },
      // Runs on the upgrade request before the 101: a refusal is an ordinary error JSON answer.
      preHandler: async (request: FastifyRequest) => {
        // A plain GET gets the route's 404; only an upgrade needs a member.
        if (!request.ws) return;
        if (!sameOrigin(request.headers.origin, request.host)) throw new ApiError(403, 'csrf');
        const memberId = await currentMemberId(request, app.services);
        if (memberId === null) throw new ApiError(403, 'authentication_required');
        request.socketMemberId = memberId;
      },
    },
    async (socket, request) => {
      const memberId = request.socketMemberId as number;
      const connection: Connection = {
        memberId,
        siteId: request.site.id,
        locale: request.locale,
        token: request.cookies[AUTH_COOKIE] ?? '',
        // Counted as checked up to half an interval ago: sockets that connected together (a restart,
        // a reconnect wave) come due one by one, not all in the same second with their next frames.
        checkedAt: app.services.now().getTime() - Math.random() * (SESSION_RECHECK_MS / 2),
        busy: 0,
        alive: true,
        unsubscribe: () => {},
        // Sessions of the member ended (a logout, a password change or reset, a deletion, a
        // sanction): the socket checks its own and closes when that is one of them.
        listener: (event) =>
          event.type === 'session_ended'
            ? void sessionStands(socket, connection, false)
            : send(socket, event),
      };
      connections.set(socket, connection);
      openSockets.inc();
      connection.unsubscribe = events.subscribe(memberId, connection.listener);
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (data, isBinary) => {
        connection.alive = true;
        if (isBinary) return;
        void onFrame(socket, connection, data.toString());
      });
      socket.on('close', () => {
        connection.unsubscribe();
        connections.delete(socket);
        openSockets.dec();
      });
      await events.ready?.(memberId);
      send(socket, { type: 'ready' });
    },
  );
}

/** The client_id of something that looks like a send frame, so even a malformed send gets its answer. */
function sendClientId(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const { type, client_id: id } = json as { type?: unknown; client_id?: unknown };
  if (type !== 'send' || typeof id !== 'string') return null;
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
}

/** Closing sockets get this long to say goodbye before they are cut (SIGTERM drain). */
const CLOSE_GRACE_MS = 2_000;

/**
 * On app close: every socket is told the server is going away (1001), so browsers reconnect to
 * another instance at once; one that has not closed after the grace period is cut.
 */
export async function closeSockets(this: FastifyInstance) {
  const server = this.websocketServer;
  const open = [...server.clients];
  for (const socket of open) socket.close(1001);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, CLOSE_GRACE_MS);
    let left = open.length;
    if (left === 0) return done();
    for (const socket of open)
      socket.once('close', () => {
        if (--left === 0) done();
      });
    function done() {
      clearTimeout(timer);
      for (const socket of open) socket.terminate();
      resolve();
    }
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
