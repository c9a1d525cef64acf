import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSummary, ChatsResponse } from '../../../common/api/chats';
import { chatsKey } from '../../api/chat-cache';
import { useChats } from '../../api/chats';
import { testI18n } from '../../test-i18n';
import { ChatList } from './ChatList';

const ME = 1;
const summary = (id: number, name: string, unread: number, body: string): ChatSummary => ({
  conversation: { id },
  profile: {
    id: 100 + id,
    name,
    age: 30,
    gender: 'female',
    country: 'NL',
    region: null,
    status: 'active',
    premium: false,
    online: false,
    fictional: false,
    main_image: null,
  },
  num_unread_messages: unread,
  last_message: {
    id: id * 10,
    sender_id: 100 + id,
    kind: 'text',
    body,
    gift: null,
    created_at: '2026-11-22T09:15:00Z',
  },
  other_last_read_message_id: null,
});
const LIST: ChatsResponse = {
  chats: [summary(1, 'Lotte', 120, 'Hoi!'), summary(2, 'Noor', 0, 'Tot morgen')],
};

function Overview() {
  const chats = useChats();
  return chats.data ? (
    <ChatList chats={chats.data.chats} viewerId={ME} now={new Date('2026-11-22T12:00:00Z')} />
  ) : null;
}

async function renderList(deleteAnswer: { status: number; body: unknown }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(chatsKey, LIST);
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  // The server answers the delete when the test says so: what the list shows before is the optimistic part.
  let release = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (init.method === 'DELETE') {
        await answered;
        return new Response(JSON.stringify(deleteAnswer.body), { status: deleteAnswer.status });
      }
      return new Response(JSON.stringify(LIST), { status: 200 });
    }),
  );
  const alert = vi.fn();
  Object.defineProperty(window, 'alert', { value: alert, configurable: true, writable: true });
  const i18n = await testI18n();
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <Overview />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { calls, alert, release };
}

afterEach(() => vi.unstubAllGlobals());

function deleteChatWith(name: string) {
  fireEvent.click(screen.getByRole('button', { name: `Delete chat with ${name}` }));
  const dialog = screen.getByRole('dialog', { hidden: true });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete chat', hidden: true }));
}

describe('chat overview', () => {
  it('shows each chat with its last message and unread count, 99+ above 99', async () => {
    await renderList({ status: 200, body: { removed: [1] } });
    const lotte = screen.getByRole('link', { name: /Lotte/ });
    expect(lotte.getAttribute('href')).toBe('/chats/1');
    expect(within(lotte).getByText('Hoi!')).toBeTruthy();
    expect(within(lotte).getByText('99+')).toBeTruthy();
    expect(within(lotte).getByText('120 unread messages')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /Noor/ })).queryByText(/unread/)).toBeNull();
  });

  it('takes a deleted chat out of the list at once and tells the server', async () => {
    const { calls, alert, release } = await renderList({ status: 200, body: { removed: [1] } });
    deleteChatWith('Lotte');
    await waitFor(() => expect(screen.queryByRole('link', { name: /Lotte/ })).toBeNull());
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    release();
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      url: '/api/chat.php',
      body: { conversation: { id: 1 } },
    });
    expect(alert).not.toHaveBeenCalled();
  });

  it('on a failed delete shows the error in a browser alert and reloads the chats', async () => {
    const { calls, alert, release } = await renderList({
      status: 404,
      body: { error: 'not_found', message: 'This chat no longer exists.' },
    });
    deleteChatWith('Lotte');
    await waitFor(() => expect(screen.queryByRole('link', { name: /Lotte/ })).toBeNull());
    expect(alert).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('This chat no longer exists.'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/chats.php')).toHaveLength(1));
    expect(await screen.findByRole('link', { name: /Lotte/ })).toBeTruthy();
  });
});
