import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatDetail } from '../../../common/api/chats';
import { createQueryClient } from '../../api/query-client';
import { applyEvent } from '../../api/realtime-cache';
import { settingsKey } from '../../api/site';
import { userKey } from '../../api/user';
import { testI18n } from '../../test-i18n';
import { card, mockFetch, SETTINGS, USER } from '../members/test-support';
import ChatScreen from './ChatScreen';

/**
 * The chat screen of a member behind a block (either way): the server does not find the chat, and
 * the screen shows the not-found page and nothing of the other member, not even when the block
 * comes while the chat is open.
 */

afterEach(() => vi.unstubAllGlobals());

const OTHER = card(42, { name: 'Bram', online: true });
const open: ChatDetail = {
  conversation: { id: 5 },
  profile: OTHER,
  num_unread_messages: 0,
  other_last_read_message_id: null,
  cannot_send: null,
  awaiting_my_confirmation: false,
};
const notFound = { status: 404, body: { error: 'not_found', message: 'Not found' } };

async function renderAt(path: string) {
  const client = createQueryClient();
  client.setQueryData(settingsKey, { settings: SETTINGS });
  client.setQueryData(userKey, { user: USER });
  const i18n = await testI18n();
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/chats/:id" element={<ChatScreen />} />
            <Route path="/members/:id/chat" element={<ChatScreen />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return client;
}

describe('the chat screen behind a block', () => {
  it.each(['/chats/5', '/members/42/chat'])(
    '%s: only the not-found page, nothing of the member',
    async (path) => {
      mockFetch((url) => (url.pathname === '/api/chats.php' ? { body: { chats: [] } } : notFound));
      await renderAt(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'This page could not be found' }),
      ).toBeTruthy();
      expect(screen.queryByText(/Bram/)).toBeNull();
      expect(screen.queryByText(/Say hello/)).toBeNull();
      expect(screen.queryByRole('note')).toBeNull();
    },
  );

  it('a block while the chat is open (the chat is removed) turns it into the not-found page', async () => {
    let blocked = false;
    mockFetch((url) => {
      if (url.pathname === '/api/chats.php') return { body: { chats: [] } };
      if (url.pathname === '/api/chat.php') return blocked ? notFound : { body: { chat: open } };
      if (url.pathname === '/api/messages.php')
        return blocked ? notFound : { body: { messages: [], has_more: false, history_limited: false } };
      return notFound;
    });
    const client = await renderAt('/chats/5');
    expect(await screen.findByText('Say hello to Bram')).toBeTruthy();
    blocked = true;
    act(() => applyEvent(client, { type: 'chat_removed', conversation_id: 5 }, USER.profile.id));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be found' }),
    ).toBeTruthy();
    expect(screen.queryByText('Say hello to Bram')).toBeNull();
  });
});
