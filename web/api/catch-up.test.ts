import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatResponse, ChatsResponse, MessagesResponse } from '../../common/api/chats';
import { CATCH_UP_OVERLAP_MS, keepArrived, provenUpTo } from './catch-up';
import { addMessage, chatByConversationKey, chatsKey, type MessagesCache, messagesKey } from './chat-cache';
import { likesKey } from './likes';
import { historyQuery } from './messages';
import { catchUp } from './realtime-cache';

const ME = 1;
const OTHER = 2;
const T0 = Date.parse('2026-01-01T10:00:00.000Z');

function message(id: number, sender: number, at = T0 + id * 60_000): ChatMessage {
  return {
    id,
    conversation_id: 10,
    client_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    sender_id: sender,
    kind: 'text',
    body: `m${id}`,
    photo: null,
    gift: null,
    created_at: new Date(at).toISOString(),
  };
}

/** The server's side: every stored message, answered as GET /api/messages.php would. */
function server(stored: ChatMessage[]) {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    asked.push(url);
    const q = new URL(url, 'http://x').searchParams;
    const after = q.get('after');
    const rows = after === null ? stored : stored.filter((m) => m.id > Number(after));
    return new Response(
      JSON.stringify({ messages: rows, has_more: false, history_limited: false } satisfies MessagesResponse),
    );
  });
  return { fetch, asked };
}

const ids = (client: QueryClient) =>
  client
    .getQueryData<MessagesCache>(messagesKey(10))
    ?.pages.flatMap((p) => p.messages.map((m) => m.id))
    .sort((a, b) => a - b);

describe('the catch-up of a history', () => {
  let client: QueryClient;
  let stop = () => {};
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  /** An open chat screen: the history query with an observer, loaded over HTTP. */
  async function openChat(stored: ChatMessage[]) {
    const { fetch } = server(stored);
    vi.stubGlobal('fetch', fetch);
    const observer = new InfiniteQueryObserver(client, historyQuery(10));
    stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(ids(client)).toEqual(stored.map((m) => m.id)));
  }

  it('does not skip a message of the other member that is older than my own acknowledged send', async () => {
    await openChat([message(1, OTHER), message(2, ME)]);
    // My send is acknowledged by my instance (id 5); the other member's 4, sent meanwhile through
    // another instance, was lost with the events of a Redis restart.
    addMessage(client, message(5, ME), ME);
    const later = server([message(1, OTHER), message(2, ME), message(4, OTHER), message(5, ME)]);
    vi.stubGlobal('fetch', later.fetch);
    await catchUp(client, ME);
    expect(ids(client)).toEqual([1, 2, 4, 5]);
    expect(later.asked).toContain('/api/messages.php?conversation_id=10&after=1');
  });

  it('does not skip one behind a newer live event of the other member either', async () => {
    await openChat([message(1, OTHER)]);
    // 3 was lost; 6 came live once Redis was back, before the catch-up ran.
    addMessage(client, message(6, OTHER), ME);
    const later = server([message(1, OTHER), message(3, OTHER), message(6, OTHER)]);
    vi.stubGlobal('fetch', later.fetch);
    await catchUp(client, ME);
    expect(ids(client)).toEqual([1, 3, 6]);
  });

  it('moves on with what each catch-up proved, and asks again for what was still committing', async () => {
    await openChat([message(1, OTHER), message(2, ME)]);
    const recent = T0 + 10 * 60_000;
    const first = server([
      message(1, OTHER),
      message(2, ME),
      message(7, OTHER, recent - CATCH_UP_OVERLAP_MS - 1),
      message(9, OTHER, recent),
    ]);
    vi.stubGlobal('fetch', first.fetch);
    await catchUp(client, ME);
    expect(first.asked).toContain('/api/messages.php?conversation_id=10&after=1');
    // 8 had its id before 9 but committed after the answer: 7 is proven, 9 is not.
    const second = server([
      message(7, OTHER, recent - CATCH_UP_OVERLAP_MS - 1),
      message(8, ME, recent - 5),
      message(9, OTHER, recent),
    ]);
    vi.stubGlobal('fetch', second.fetch);
    await catchUp(client, ME);
    expect(second.asked).toContain('/api/messages.php?conversation_id=10&after=7');
    expect(ids(client)).toEqual([1, 2, 7, 8, 9]);
  });

  it('reloads the chat list (the unread counts) and the likes and matches', async () => {
    client.setQueryData(chatsKey, { chats: [] });
    client.setQueryData(likesKey, { profiles: [], liked_by: [] });
    vi.stubGlobal('fetch', server([]).fetch);
    await catchUp(client, ME);
    expect(client.getQueryState(chatsKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(likesKey)?.isInvalidated).toBe(true);
  });
});

describe('provenUpTo', () => {
  it('proves the messages older than the overlap before the newest of the answer', () => {
    expect(provenUpTo(3, [])).toBe(3);
    expect(provenUpTo(3, [message(4, OTHER, T0), message(5, ME, T0 + CATCH_UP_OVERLAP_MS)])).toBe(4);
    expect(provenUpTo(3, [message(4, OTHER, T0), message(5, ME, T0 + 1)])).toBe(3);
  });
});

describe('keepArrived', () => {
  const cache = (has_more: boolean, ...messages: ChatMessage[]): MessagesCache => ({
    pages: [{ messages, has_more, history_limited: false }],
    pageParams: [undefined],
  });

  it('a reload keeps a message that arrived live while it was on its way', () => {
    const before = cache(false, message(1, OTHER), message(2, ME), message(5, OTHER));
    const answer = cache(false, message(1, OTHER), message(2, ME), message(3, OTHER));
    expect(keepArrived(before, answer).pages[0]?.messages.map((m) => m.id)).toEqual([1, 2, 3, 5]);
    expect(keepArrived(undefined, answer)).toBe(answer);
    // What lies before a newest page that has more stays with the older pages.
    const newest = cache(true, message(4, OTHER), message(6, ME));
    expect(keepArrived(before, newest).pages[0]?.messages.map((m) => m.id)).toEqual([4, 5, 6]);
  });
});

describe('a message that comes twice', () => {
  it('is shown and counted unread once', () => {
    const client = new QueryClient();
    client.setQueryData<MessagesCache>(messagesKey(10), {
      pages: [{ messages: [message(1, OTHER)], has_more: false, history_limited: false }],
      pageParams: [undefined],
    });
    client.setQueryData<ChatsResponse>(chatsKey, {
      chats: [
        {
          conversation: { id: 10 },
          profile: { id: OTHER } as ChatsResponse['chats'][number]['profile'],
          num_unread_messages: 0,
          last_message: null,
          other_last_read_message_id: null,
        },
      ],
    });
    client.setQueryData(chatByConversationKey(10), {
      chat: { conversation: { id: 10 }, num_unread_messages: 0 },
    } as unknown as ChatResponse);
    addMessage(client, message(2, OTHER), ME);
    addMessage(client, message(2, OTHER), ME);
    expect(ids(client)).toEqual([1, 2]);
    expect(client.getQueryData<ChatsResponse>(chatsKey)?.chats[0]?.num_unread_messages).toBe(1);
    expect(client.getQueryData<ChatResponse>(chatByConversationKey(10))?.chat.num_unread_messages).toBe(1);
  });
});
