import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { ServerEvent } from '../../common/api/events';
import { LOCALE_COOKIE } from '../../common/constants';
import { members, messages } from '../db/schema';
import type { FrameHandlers } from '../infra/events/bus';
import { createToken } from '../infra/tokens';
import { ApiError } from '../plugins/errors';
import { hashPassword } from '../services/accounts/passwords';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';
import { chatHarness } from '../test/chat';
import { listen, openSocket, type TestSocket } from '../test/socket';
import { chatFrameHandlers } from './chat-frames';
import { SESSION_ENDED_CLOSE, SESSION_RECHECK_MS, SOCKET_MAX_IN_FLIGHT_EACH } from './ws';

let t: TestApp;
let port: number;
const sockets: TestSocket[] = [];
/** The socket's handlers: the chat's own (routes/chat-frames.ts); tests that stand in their own put them back. */
const handlers: FrameHandlers = { ...chatFrameHandlers };

/** The app's clock runs with real time, moved on by `ahead` ms (session rechecks). */
let ahead = 0;

beforeAll(async () => {
  t = await testApp({ now: () => new Date(Date.now() + ahead), frameHandlers: handlers });
  ({ port } = await listen(t.app));
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
  Object.assign(handlers, chatFrameHandlers);
});

async function member() {
  const m = await createMember(t.db);
  return { ...m, cookie: await loginCookie(t.db, m.id) };
}

async function open(cookie: string, opts: { origin?: string | null; domain?: string } = {}) {
  const socket = await openSocket(port, { cookie, ...opts });
  sockets.push(socket);
  return socket;
}

const PASSWORD = 'Zonnebloem-7-Akker';
const NEW_PASSWORD = 'Fietsbel-op-de-Dam-42';

const sendFrame = (extra: Record<string, unknown> = {}) => ({
  type: 'send',
  client_id: randomUUID(),
  conversation_id: 1,
  body: 'Hallo',
  ...extra,
});

describe('opening the socket', () => {
  test('without a session the upgrade is refused', async () => {
    await expect(openSocket(port)).rejects.toThrow('HTTP 403');
    await expect(openSocket(port, { cookie: 'auth=not-a-session' })).rejects.toThrow('HTTP 403');
  });

  test('a page of another origin, or none, cannot open a member socket (cross-site hijacking)', async () => {
    const { cookie } = await member();
    await expect(openSocket(port, { cookie, origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(openSocket(port, { cookie, origin: `http://main.test:${port + 1}` })).rejects.toThrow(
      'HTTP 403',
    );
    await expect(openSocket(port, { cookie, origin: 'not a url' })).rejects.toThrow('HTTP 403');
    await expect(openSocket(port, { cookie, origin: null })).rejects.toThrow('HTTP 403');
  });

  test("a session is a login on its own site only: another site's domain refuses it", async () => {
    const { cookie } = await member();
    await expect(openSocket(port, { cookie, domain: 'first.test' })).rejects.toThrow('HTTP 403');
  });

  test('a plain GET (no upgrade) is not found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ws', headers: { host: 'main.test' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('events', () => {
  test("a published event reaches every socket of the member and no other member's", async () => {
    const a = await member();
    const b = await member();
    const aPhone = await open(a.cookie);
    const aLaptop = await open(a.cookie);
    const bSocket = await open(b.cookie);
    t.app.services.events.publish(a.id, { type: 'like', member_id: b.id, match: false });
    t.app.services.events.publish([a.id], { type: 'credits', credits: 7 });
    for (const s of [aPhone, aLaptop]) {
      expect(await s.next('like')).toEqual({ type: 'like', member_id: b.id, match: false });
      expect(await s.next('credits')).toEqual({ type: 'credits', credits: 7 });
    }
    t.app.services.events.publish(b.id, { type: 'credits', credits: 1 });
    await bSocket.next('credits');
    expect(bSocket.events.map((e) => e.type)).toEqual(['ready', 'credits']);
  });

  test('a closed socket is unsubscribed: publishing to it is harmless', async () => {
    const a = await member();
    const s = await open(a.cookie);
    await s.close();
    t.app.services.events.publish(a.id, { type: 'credits', credits: 2 });
    const again = await open(a.cookie);
    t.app.services.events.publish(a.id, { type: 'credits', credits: 3 });
    expect(await again.next('credits')).toEqual({ type: 'credits', credits: 3 });
  });
});

describe('an ended session', () => {
  test('a logout stops the socket: after the recheck interval its next frame closes it (4401)', async () => {
    const a = await member();
    const other = await member();
    const s = await open(a.cookie);
    const stays = await open(other.cookie);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout.php',
      headers: { host: 'main.test', cookie: a.cookie },
    });
    expect(res.statusCode).toBe(200);
    // Within the interval the socket is trusted as it was opened.
    s.send({ type: 'typing', conversation_id: 1 });
    ahead += SESSION_RECHECK_MS + 1_000;
    const closed = new Promise<number>((resolve) => s.ws.once('close', (code) => resolve(code)));
    s.send(sendFrame());
    expect(await closed).toBe(SESSION_ENDED_CLOSE);
    // A socket whose session stands goes on.
    stays.send({ type: 'typing', conversation_id: 1 });
    t.app.services.events.publish(other.id, { type: 'credits', credits: 1 });
    await stays.next('credits');
    expect(stays.ws.readyState).toBe(stays.ws.OPEN);
  });

  /** A member with a password (for the calls that ask for it) and a second login elsewhere. */
  async function withPassword() {
    const m = await member();
    await t.db
      .update(members)
      .set({ passwordHash: await hashPassword(PASSWORD), credits: 10 })
      .where(eq(members.id, m.id));
    return { ...m, elsewhere: await loginCookie(t.db, m.id) };
  }

  /**
   * The close code of the socket, which must come at once: the clock does not move, so the
   * recheck of the session before a frame would never close it.
   */
  function closesAtOnce(s: TestSocket): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket stayed open')), 2_000);
      s.ws.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { host: 'main.test', 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });

  /** Nothing a closed socket sends is saved or charged. */
  async function sendsNothing(s: TestSocket, memberId: number, partnerId: number) {
    s.send(sendFrame({ conversation_id: undefined, member_id: partnerId }));
    await new Promise((r) => setTimeout(r, 100));
    expect(await t.db.select().from(messages).where(eq(messages.senderId, memberId))).toEqual([]);
    const [row] = await t.db
      .select({ credits: members.credits })
      .from(members)
      .where(eq(members.id, memberId));
    expect(row?.credits).toBe(10);
  }

  test("a logout closes that session's socket at once; the member's other sessions keep theirs", async () => {
    const a = await withPassword();
    const partner = await member();
    const here = await open(a.cookie);
    const there = await open(a.elsewhere);
    const closed = closesAtOnce(here);
    expect((await call('GET', '/api/logout.php', a.cookie)).statusCode).toBe(200);
    expect(await closed).toBe(SESSION_ENDED_CLOSE);
    await sendsNothing(here, a.id, partner.id);
    t.app.services.events.publish(a.id, { type: 'credits', credits: 10 });
    await there.next('credits');
    expect(there.ws.readyState).toBe(there.ws.OPEN);
  });

  test("logging out everywhere closes every socket of the member's sessions at once", async () => {
    const a = await withPassword();
    const partner = await member();
    const here = await open(a.cookie);
    const there = await open(a.elsewhere);
    const closed = [closesAtOnce(here), closesAtOnce(there)];
    const res = await call('POST', '/api/logout.php', a.cookie, { everywhere: true });
    expect(res.statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual([SESSION_ENDED_CLOSE, SESSION_ENDED_CLOSE]);
    await sendsNothing(there, a.id, partner.id);
  });

  test('a password change closes the sockets of the sessions it ended at once', async () => {
    const a = await withPassword();
    const partner = await member();
    const here = await open(a.cookie);
    const there = await open(a.elsewhere);
    const closed = [closesAtOnce(here), closesAtOnce(there)];
    const res = await call('PUT', '/api/password.php', a.cookie, {
      old_password: PASSWORD,
      password: NEW_PASSWORD,
      password_repeat: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await Promise.all(closed)).toEqual([SESSION_ENDED_CLOSE, SESSION_ENDED_CLOSE]);
    await sendsNothing(there, a.id, partner.id);
    // The browser that changed it has a new session, and its new socket works.
    const fresh = String(res.headers['set-cookie']).split(';')[0] as string;
    const again = await open(fresh);
    expect(again.ws.readyState).toBe(again.ws.OPEN);
  });

  test('a password reset closes every socket of the member at once', async () => {
    const a = await withPassword();
    const partner = await member();
    const there = await open(a.elsewhere);
    const closed = closesAtOnce(there);
    const token = await createToken(t.db, {
      memberId: a.id,
      kind: 'password_reset',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const res = await call('PUT', '/api/password-reset.php', undefined, {
      token,
      password: NEW_PASSWORD,
      password_repeat: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe(SESSION_ENDED_CLOSE);
    await sendsNothing(there, a.id, partner.id);
  });

  test('deleting the account closes every socket of the member at once', async () => {
    const a = await withPassword();
    const partner = await member();
    const here = await open(a.cookie);
    const there = await open(a.elsewhere);
    const closed = [closesAtOnce(here), closesAtOnce(there)];
    const res = await call('DELETE', '/api/account.php', a.cookie, {
      reason: 'found_partner',
      password: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await Promise.all(closed)).toEqual([SESSION_ENDED_CLOSE, SESSION_ENDED_CLOSE]);
    await sendsNothing(there, a.id, partner.id);
  });
});

describe('browser frames', () => {
  test('bad frames are ignored and the socket keeps working', async () => {
    const a = await member();
    const s = await open(a.cookie);
    s.send('not json');
    s.send('null');
    s.send({ type: 'unknown' });
    s.send({ type: 'typing', conversation_id: 'x' });
    s.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    t.app.services.events.publish(a.id, { type: 'credits', credits: 4 });
    await s.next('credits');
    expect(s.events.map((e) => e.type)).toEqual(['ready', 'credits']);
    expect(s.ws.readyState).toBe(s.ws.OPEN);
  });

  test('a malformed send is answered with invalid_input in the member language', async () => {
    const a = await member();
    const s = await open(`${a.cookie}; ${LOCALE_COOKIE}=de`);
    const frame = sendFrame({ conversation_id: undefined });
    s.send(frame);
    const error = await s.next('send_error');
    expect(error).toMatchObject({ client_id: frame.client_id, status: 400, error: 'invalid_input' });
    expect(error.message).toMatch(/ungültig/);
  });

  test('frames go to the registered handler with the socket member; its answer comes back', async () => {
    const a = await member();
    const seen: unknown[] = [];
    handlers.typing = async (_services, context, frame) => {
      seen.push({ context, frame });
      return undefined;
    };
    handlers.send = async (_services, _context, frame) =>
      ({ type: 'credits', credits: frame.body.length }) satisfies ServerEvent;
    const s = await open(`${a.cookie}; ${LOCALE_COOKIE}=fr`);
    s.send({ type: 'typing', conversation_id: 12 });
    s.send(sendFrame({ body: 'abc' }));
    expect(await s.next('credits')).toEqual({ type: 'credits', credits: 3 });
    expect(seen).toEqual([
      {
        context: expect.objectContaining({ memberId: a.id, locale: 'fr', siteId: expect.any(Number) }),
        frame: { type: 'typing', conversation_id: 12 },
      },
    ]);
  });

  test('a send whose handler refuses gets send_error with status and retry_after', async () => {
    const a = await member();
    const s = await open(`${a.cookie}; ${LOCALE_COOKIE}=en`);
    handlers.send = async (_services, _c, frame) => {
      if (frame.body === 'fail') throw new Error('boom');
      throw new ApiError(429, 'slow_down', { retry_after: 12 });
    };
    const limited = sendFrame();
    s.send(limited);
    const error = await s.next('send_error', (e) => e.client_id === limited.client_id);
    expect(error).toEqual({
      type: 'send_error',
      client_id: limited.client_id,
      status: 429,
      error: 'slow_down',
      message: expect.stringMatching(/too fast/),
      retry_after: 12,
    });
    const broken = sendFrame({ body: 'fail' });
    s.send(broken);
    expect(await s.next('send_error', (e) => e.client_id === broken.client_id)).toMatchObject({
      status: 500,
      error: 'internal',
    });
  });

  test('above the in-flight cap a send is answered slow_down at once instead of queueing', async () => {
    const a = await member();
    const config = t.app.services.config;
    const cap = config.socketMaxInFlight;
    config.socketMaxInFlight = 2;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    handlers.send = async (_services, _c, frame) => {
      await gate;
      return { type: 'credits', credits: Number(frame.body) };
    };
    try {
      const s = await open(a.cookie);
      const frames = [1, 2, 3].map((n) => sendFrame({ body: String(n) }));
      for (const f of frames) s.send(f);
      const refused = await s.next('send_error');
      expect(refused).toMatchObject({ client_id: frames[2]?.client_id, status: 429, error: 'slow_down' });
      expect(refused.retry_after).toBeGreaterThan(0);
      release();
      await s.next('credits', (e) => e.credits === 2);
      expect(s.events.filter((e) => e.type === 'credits')).toHaveLength(2);
    } finally {
      config.socketMaxInFlight = cap;
    }
  });

  test('one socket cannot take every slot: past its own cap its sends get slow_down, others go on', async () => {
    const a = await member();
    const b = await member();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    handlers.send = async (_services, context) => {
      if (context.memberId === a.id) await gate;
      return { type: 'credits', credits: context.memberId };
    };
    const flood = await open(a.cookie);
    const calm = await open(b.cookie);
    const frames = Array.from({ length: SOCKET_MAX_IN_FLIGHT_EACH + 2 }, () => sendFrame());
    for (const f of frames) flood.send(f);
    const refused = await flood.next('send_error');
    expect(refused).toMatchObject({ client_id: frames[SOCKET_MAX_IN_FLIGHT_EACH]?.client_id, status: 429 });
    calm.send(sendFrame());
    expect(await calm.next('credits')).toEqual({ type: 'credits', credits: b.id });
    release();
    await vi.waitFor(() =>
      expect(flood.events.filter((e) => e.type === 'credits')).toHaveLength(SOCKET_MAX_IN_FLIGHT_EACH),
    );
    expect(flood.events.filter((e) => e.type === 'send_error')).toHaveLength(2);
  });

  test('an oversized frame closes the socket (1009) without harming others', async () => {
    const a = await member();
    const s = await open(a.cookie);
    const other = await open(a.cookie);
    const closed = new Promise<number>((resolve) => s.ws.once('close', (code) => resolve(code)));
    s.send(sendFrame({ body: 'x'.repeat(100_000) }));
    expect(await closed).toBe(1009);
    t.app.services.events.publish(a.id, { type: 'credits', credits: 9 });
    await other.next('credits');
  });
});

describe('chat over the socket (routes/chat-frames.ts)', () => {
  const { member: chatMember } = chatHarness(() => t, { now: new Date() });

  test('a send is acknowledged after commit and reaches the other member; typing and read follow', async () => {
    const a = await chatMember({ credits: 10 });
    const b = await chatMember();
    const aSocket = await open(a.cookie);
    const aOtherTab = await open(a.cookie);
    const bSocket = await open(b.cookie);
    const frame = sendFrame({ conversation_id: undefined, member_id: b.id, body: 'Hoi!' });
    aSocket.send(frame);
    const ack = await aSocket.next('ack');
    expect(ack).toMatchObject({
      client_id: frame.client_id,
      credits: 9,
      message: { body: 'Hoi!', sender_id: a.id },
    });
    const conversationId = ack.message.conversation_id;
    expect((await bSocket.next('message')).message).toEqual(ack.message);
    // The sender's other tab learns of the message and the balance; the sending socket has the ack.
    expect((await aOtherTab.next('message')).message).toEqual(ack.message);
    expect(await aOtherTab.next('credits')).toEqual({ type: 'credits', credits: 9 });

    // The same client_id again (a retry after a lost ack) is the same message, not charged twice.
    aSocket.send(frame);
    const retried = await aSocket.next('ack', (e) => e !== ack);
    expect(retried.message.id).toBe(ack.message.id);
    expect(retried.credits).toBe(9);

    bSocket.send({ type: 'typing', conversation_id: conversationId });
    expect(await aSocket.next('typing')).toEqual({
      type: 'typing',
      conversation_id: conversationId,
      member_id: b.id,
    });
    bSocket.send({ type: 'read', conversation_id: conversationId, last_read_message_id: ack.message.id });
    expect(await aSocket.next('read')).toEqual({
      type: 'read',
      conversation_id: conversationId,
      member_id: b.id,
      last_read_message_id: ack.message.id,
    });
    // Published before the ack went out: had the sending socket been sent them, they would be here.
    expect(aSocket.events.filter((e) => e.type === 'message' || e.type === 'credits')).toEqual([]);
  });

  test("the chat's rules refuse over the socket as over HTTP: send_error with the code", async () => {
    const a = await chatMember({ credits: 0 });
    const b = await chatMember();
    const s = await open(`${a.cookie}; ${LOCALE_COOKIE}=en`);
    const toSelf = sendFrame({ conversation_id: undefined, member_id: a.id });
    s.send(toSelf);
    expect(await s.next('send_error')).toMatchObject({
      client_id: toSelf.client_id,
      status: 400,
      error: 'message_to_self',
    });
    const broke = sendFrame({ conversation_id: undefined, member_id: b.id });
    s.send(broke);
    expect(await s.next('send_error', (e) => e.client_id === broke.client_id)).toMatchObject({
      status: 402,
      error: 'not_enough_credits',
    });
    // Another member's conversation: typing there is refused quietly and tells nobody.
    s.send({ type: 'typing', conversation_id: 999_999 });
    s.send({ type: 'read', conversation_id: 999_999, last_read_message_id: 1 });
    t.app.services.events.publish(a.id, { type: 'credits', credits: 0 });
    await s.next('credits');
    expect(s.ws.readyState).toBe(s.ws.OPEN);
  });
});

describe('back-pressure', () => {
  test('a socket that stops reading is dropped instead of buffering without bound', async () => {
    const a = await member();
    const s = await open(a.cookie);
    const closed = new Promise<void>((resolve) => s.ws.once('close', () => resolve()));
    // The client stops reading: the kernel buffers fill, then the server's own buffer grows.
    (s.ws as unknown as { _socket: { pause: () => void } })._socket.pause();
    const message = {
      id: 1,
      conversation_id: 1,
      client_id: randomUUID(),
      sender_id: a.id,
      kind: 'text' as const,
      body: 'x'.repeat(10_000),
      photo: null,
      gift: null,
      created_at: new Date().toISOString(),
    };
    for (let i = 0; i < 3_000; i++) t.app.services.events.publish(a.id, { type: 'message', message });
    (s.ws as unknown as { _socket: { resume: () => void } })._socket.resume();
    await closed;
    const received = s.events.filter((e) => e.type === 'message').length;
    expect(received).toBeLessThan(3_000);
  });
});

describe('closing the app', () => {
  test('every socket is told the server is going away (1001)', async () => {
    const a = await member();
    const s = await openSocket(port, { cookie: a.cookie });
    const code = new Promise<number>((resolve) => s.ws.once('close', (c) => resolve(c)));
    await t.app.close();
    expect(await code).toBe(1001);
  });
});
