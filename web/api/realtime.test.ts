import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatsResponse, MessagesResponse } from '../../common/api/chats';
import type { ServerEvent } from '../../common/api/events';
import { SOCKET_RETRY_BASE_MS, SOCKET_RETRY_MAX_MS, TYPING_INDICATOR_MS } from '../../common/constants';
import { chatsKey, type MessagesCache, messagesKey } from './chat-cache';
import { ApiError } from './client';
import { likesKey } from './likes';
import { connectRealtime, reconnectDelay, sendOverSocket, sendRead, sendTyping, socketUrl } from './realtime';
import { applyEvent, isTyping } from './realtime-cache';
import { userKey } from './user';

const ME = 1;
const OTHER = 2;

function message(id: number, sender = OTHER, conversation = 10): ChatMessage {
  return {
    id,
    conversation_id: conversation,
    client_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    sender_id: sender,
    kind: 'text',
    body: `m${id}`,
    photo: null,
    gift: null,
    created_at: '2026-01-01T10:00:00.000Z',
  };
}

function chats(unread = 0): ChatsResponse {
  return {
    chats: [
      {
        conversation: { id: 10 },
        profile: { id: OTHER } as ChatsResponse['chats'][number]['profile'],
        num_unread_messages: unread,
        last_message: null,
        other_last_read_message_id: null,
      },
    ],
  };
}

function history(...messages: ChatMessage[]): MessagesCache {
  return { pages: [{ messages, has_more: false, history_limited: false }], pageParams: [undefined] };
}

describe('reconnectDelay (exponential backoff with full jitter)', () => {
  it('lies between 0 and base·2^attempt, never above the maximum', () => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const ceiling = Math.min(SOCKET_RETRY_MAX_MS, SOCKET_RETRY_BASE_MS * 2 ** attempt);
      expect(reconnectDelay(attempt, () => 0)).toBe(0);
      expect(reconnectDelay(attempt, () => 0.999_999)).toBeLessThan(ceiling);
      expect(reconnectDelay(attempt, () => 0.999_999)).toBeGreaterThan(ceiling * 0.99);
      const d = reconnectDelay(attempt);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(ceiling);
    }
    expect(reconnectDelay(0, () => 0.5)).toBe(SOCKET_RETRY_BASE_MS / 2);
    expect(reconnectDelay(1000, () => 0.5)).toBe(SOCKET_RETRY_MAX_MS / 2);
  });

  it('spreads browsers over the whole window', () => {
    const delays = Array.from({ length: 2000 }, () => reconnectDelay(6));
    const ceiling = SOCKET_RETRY_BASE_MS * 2 ** 6;
    expect(Math.min(...delays)).toBeLessThan(ceiling * 0.1);
    expect(Math.max(...delays)).toBeGreaterThan(ceiling * 0.9);
  });
});

describe('socketUrl', () => {
  it('follows the page: ws:// on http, wss:// on https, same host', () => {
    expect(socketUrl({ protocol: 'http:', host: 'amora.localhost:8080' })).toBe(
      'ws://amora.localhost:8080/api/ws',
    );
    expect(socketUrl({ protocol: 'https:', host: 'amora.example' })).toBe('wss://amora.example/api/ws');
  });
});

describe('applyEvent: socket events land in the query cache', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient();
    client.setQueryData(chatsKey, chats(0));
    client.setQueryData(messagesKey(10), history(message(1)));
    client.setQueryData(userKey, { user: { credits: 20 } });
  });

  it('a message from the other member joins the history and counts as unread; typing stops', () => {
    applyEvent(client, { type: 'typing', conversation_id: 10, member_id: OTHER }, ME);
    expect(isTyping(10)).toBe(true);
    applyEvent(client, { type: 'message', message: message(2) }, ME);
    applyEvent(client, { type: 'message', message: message(2) }, ME);
    const data = client.getQueryData<MessagesCache>(messagesKey(10));
    expect(data?.pages[0]?.messages.map((m) => m.id)).toEqual([1, 2]);
    expect(client.getQueryData<ChatsResponse>(chatsKey)?.chats[0]?.num_unread_messages).toBe(1);
    expect(isTyping(10)).toBe(false);
  });

  it('an ack adds my message and sets my balance', () => {
    applyEvent(
      client,
      { type: 'ack', client_id: message(3, ME).client_id, message: message(3, ME), credits: 17 },
      ME,
    );
    expect(client.getQueryData<MessagesCache>(messagesKey(10))?.pages[0]?.messages).toHaveLength(2);
    expect(client.getQueryData<{ user: { credits: number } }>(userKey)?.user.credits).toBe(17);
  });

  it('read receipts, credits, removed chats and likes', () => {
    client.setQueryData(likesKey, { profiles: [], liked_by: [] });
    applyEvent(client, { type: 'read', conversation_id: 10, member_id: OTHER, last_read_message_id: 1 }, ME);
    expect(client.getQueryData<ChatsResponse>(chatsKey)?.chats[0]?.other_last_read_message_id).toBe(1);
    applyEvent(client, { type: 'credits', credits: 3 }, ME);
    expect(client.getQueryData<{ user: { credits: number } }>(userKey)?.user.credits).toBe(3);
    applyEvent(client, { type: 'like', member_id: OTHER, match: true }, ME);
    expect(client.getQueryState(likesKey)?.isInvalidated).toBe(true);
    applyEvent(client, { type: 'chat_removed', conversation_id: 10 }, ME);
    expect(client.getQueryData<ChatsResponse>(chatsKey)?.chats).toEqual([]);
    expect(client.getQueryData(messagesKey(10))).toBeUndefined();
  });

  it('the typing indicator lasts TYPING_INDICATOR_MS and ignores my own typing', () => {
    const now = Date.now();
    applyEvent(client, { type: 'typing', conversation_id: 11, member_id: ME }, ME, now);
    expect(isTyping(11, now)).toBe(false);
    applyEvent(client, { type: 'typing', conversation_id: 11, member_id: OTHER }, ME, now);
    expect(isTyping(11, now + TYPING_INDICATOR_MS - 1)).toBe(true);
    expect(isTyping(11, now + TYPING_INDICATOR_MS + 1)).toBe(false);
  });
});

/** A WebSocket the test drives: `receive` plays the server, `sent` holds the browser's frames. */
class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  static count = 0;
  readyState = 0;
  sent: unknown[] = [];
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    FakeSocket.count++;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  receive(event: ServerEvent) {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

describe('connectRealtime', () => {
  let client: QueryClient;
  let stop: () => void;
  const fetch = vi.fn(
    async (url: string) =>
      new Response(
        JSON.stringify({
          messages: url.includes('after=1') ? [message(2), message(3)] : [],
          has_more: false,
          history_limited: false,
        } satisfies MessagesResponse),
      ),
  );
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('fetch', fetch);
    FakeSocket.count = 0;
    client = new QueryClient();
    stop = connectRealtime(client, ME);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetch.mockClear();
  });

  const socket = () => FakeSocket.last as FakeSocket;

  it('sends nothing before ready; on ready catches up from the newest message of each history', async () => {
    client.setQueryData(chatsKey, chats(0));
    client.setQueryData(messagesKey(10), history(message(1)));
    expect(socket().url).toMatch(/^ws:\/\/.*\/api\/ws$/);
    expect(sendOverSocket({ client_id: message(9).client_id, conversation_id: 10, body: 'x' })).toBeNull();
    expect(sendRead(10, 1)).toBe(false);
    socket().receive({ type: 'ready' });
    expect(client.getQueryState(chatsKey)?.isInvalidated).toBe(true);
    await vi.waitFor(() =>
      expect(client.getQueryData<MessagesCache>(messagesKey(10))?.pages[0]?.messages).toHaveLength(3),
    );
    // …and asks whether a match made meanwhile waits to be shown.
    expect(fetch.mock.calls.map((c) => c[0]).sort()).toEqual([
      '/api/match-moment.php',
      '/api/messages.php?conversation_id=10&after=1',
    ]);
  });

  it('a like that made a match asks for its match moment; a plain like does not', async () => {
    socket().receive({ type: 'like', member_id: OTHER, match: false });
    expect(fetch).not.toHaveBeenCalled();
    socket().receive({ type: 'like', member_id: OTHER, match: true });
    await vi.waitFor(() => expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/match-moment.php']));
  });

  it('a send resolves on its ack and rejects with the error of its send_error', async () => {
    socket().receive({ type: 'ready' });
    const ok = sendOverSocket({ client_id: message(5, ME).client_id, conversation_id: 10, body: 'hi' });
    const refused = sendOverSocket({ client_id: message(6, ME).client_id, conversation_id: 10, body: 'hi' });
    expect(socket().sent).toEqual([
      { type: 'send', client_id: message(5, ME).client_id, conversation_id: 10, body: 'hi' },
      { type: 'send', client_id: message(6, ME).client_id, conversation_id: 10, body: 'hi' },
    ]);
    socket().receive({
      type: 'ack',
      client_id: message(5, ME).client_id,
      message: message(5, ME),
      credits: 4,
    });
    socket().receive({
      type: 'send_error',
      client_id: message(6, ME).client_id,
      status: 402,
      error: 'not_enough_credits',
      message: 'Not enough credits',
    });
    await expect(ok).resolves.toEqual({ message: message(5, ME), credits: 4 });
    const error = (await refused?.catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(402);
    expect(error.code).toBe('not_enough_credits');
    expect(error.message).toBe('Not enough credits');
  });

  it('a drop fails the sends in flight and reconnects within the first backoff window', async () => {
    socket().receive({ type: 'ready' });
    const inFlight = sendOverSocket({ client_id: message(7, ME).client_id, conversation_id: 10, body: 'x' });
    const first = socket();
    first.close();
    await expect(inFlight).rejects.toThrow(/closed/);
    expect(FakeSocket.count).toBe(1);
    vi.advanceTimersByTime(SOCKET_RETRY_BASE_MS);
    expect(FakeSocket.count).toBe(2);
    expect(socket()).not.toBe(first);
  });

  it('a send without an answer times out; typing frames are throttled', async () => {
    socket().receive({ type: 'ready' });
    const lost = sendOverSocket({ client_id: message(8, ME).client_id, conversation_id: 10, body: 'x' });
    vi.advanceTimersByTime(15_000);
    await expect(lost).rejects.toThrow(/timed out/);
    const now = Date.now();
    sendTyping(10, now);
    sendTyping(10, now + 500);
    sendTyping(10, now + TYPING_INDICATOR_MS);
    expect(socket().sent.filter((f) => (f as { type: string }).type === 'typing')).toHaveLength(2);
  });
});

describe('connectRealtime and the network', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('back online, a socket that lived through the outage is replaced at once', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.count = 0;
    const stop = connectRealtime(new QueryClient(), ME);
    const first = FakeSocket.last as FakeSocket;
    first.receive({ type: 'ready' });
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.count).toBe(2);
    expect(first.readyState).toBe(3);
    stop();
  });
});

describe('a second ready on a live socket', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('catches up again, at a random moment within a few seconds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const client = new QueryClient();
    const stop = connectRealtime(client, ME);
    const socket = FakeSocket.last as FakeSocket;
    socket.receive({ type: 'ready' });
    client.setQueryData(chatsKey, chats(0));
    socket.receive({ type: 'ready' });
    expect(client.getQueryState(chatsKey)?.isInvalidated).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(client.getQueryState(chatsKey)?.isInvalidated).toBe(true);
    stop();
  });
});
