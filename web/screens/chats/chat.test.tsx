import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, MessagesResponse } from '../../../common/api/chats';
import type { OutboxMessage } from '../../state/outbox';
import { testI18n } from '../../test-i18n';
import { type HistoryRow, historyRows, newestIncomingId } from './history-rows';
import { MessageBubble } from './MessageBubble';
import { MessageText, safeHref, textParts } from './MessageText';
import { dayLabel } from './time';

const ME = 1;
const OTHER = 2;
let nextId = 1;
function message(at: string, sender = OTHER, body = 'hallo', id = nextId++): ChatMessage {
  return {
    id,
    conversation_id: 9,
    client_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    sender_id: sender,
    kind: 'text',
    body,
    photo: null,
    gift: null,
    created_at: at,
  };
}
const page = (messages: ChatMessage[], has_more = false): MessagesResponse => ({
  messages,
  has_more,
  history_limited: false,
});
const local = (at: string, state: 'sending' | 'failed', body = 'onderweg'): OutboxMessage => ({
  ...message(at, ME, body, 0),
  client_id: `11111111-1111-4111-8111-${state === 'sending' ? '000000000001' : '000000000002'}`,
  local: { state, draft: { kind: 'text', body }, error: state === 'failed' ? 'network' : null },
});

/** A local time of a day, as the viewer's clock reads it. */
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();

describe('history rows', () => {
  it('puts a day separator before the first message of each day, oldest first across pages', () => {
    const older = page([message(at(2026, 11, 20, 9)), message(at(2026, 11, 20, 22))]);
    const newer = page([message(at(2026, 11, 21, 8)), message(at(2026, 11, 22, 10), ME)]);
    const rows = historyRows({ pages: [newer, older], outbox: [], viewerId: ME, otherLastRead: null });
    expect(rows.map((r) => r.type)).toEqual([
      'day',
      'message',
      'message',
      'day',
      'message',
      'day',
      'message',
    ]);
    const days = rows.filter((r): r is Extract<HistoryRow, { type: 'day' }> => r.type === 'day');
    expect(days.map((d) => d.date.getDate())).toEqual([20, 21, 22]);
  });

  it('marks own messages read up to the other member’s last read message, sent after it', () => {
    const a = message(at(2026, 11, 22, 9), ME);
    const b = message(at(2026, 11, 22, 10), ME);
    const rows = historyRows({ pages: [page([a, b])], outbox: [], viewerId: ME, otherLastRead: a.id });
    const states = rows.flatMap((r) => (r.type === 'message' ? [r.state] : []));
    expect(states).toEqual(['read', 'sent']);
  });

  it('shows messages on their way after the saved ones, once: a saved copy wins', () => {
    const saved = message(at(2026, 11, 22, 9), ME);
    const sending = local(at(2026, 11, 22, 10), 'sending');
    const echo = { ...local(at(2026, 11, 22, 9), 'failed'), client_id: saved.client_id };
    const rows = historyRows({
      pages: [page([saved])],
      outbox: [echo, sending],
      viewerId: ME,
      otherLastRead: null,
    });
    const shown = rows.flatMap((r) => (r.type === 'message' ? [[r.message.client_id, r.state]] : []));
    expect(shown).toEqual([
      [saved.client_id, 'sent'],
      [sending.client_id, 'sending'],
    ]);
  });

  it('finds the newest message of the other member, which opening the chat marks read', () => {
    const theirs = message(at(2026, 11, 22, 9));
    const mine = message(at(2026, 11, 22, 10), ME);
    expect(newestIncomingId([page([theirs, mine]), page([message(at(2026, 11, 1))])], ME)).toBe(theirs.id);
    expect(newestIncomingId([page([mine])], ME)).toBeNull();
  });

  it('labels days Today, Yesterday, the weekday within a week, then the date', async () => {
    const i18n = await testI18n();
    const now = new Date(2026, 10, 22, 15);
    const label = (d: Date) => dayLabel(d, now, i18n.t, 'en');
    expect(label(new Date(2026, 10, 22, 0, 5))).toBe('Today');
    expect(label(new Date(2026, 10, 21, 23, 55))).toBe('Yesterday');
    expect(label(new Date(2026, 10, 18, 12))).toBe('Wednesday');
    expect(label(new Date(2026, 9, 3, 12))).toBe('Sat, October 3');
    expect(label(new Date(2025, 9, 3, 12))).toBe('Fri, October 3, 2025');
  });
});

describe('message text', () => {
  it('turns http(s) addresses into links that open apart and pass nothing on', () => {
    const { container } = render(<MessageText body={'Kijk: https://example.com/a?b=1. En http://x.test'} />);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a?b=1', 'http://x.test/']);
    for (const a of links) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
      expect(a.getAttribute('target')).toBe('_blank');
    }
    expect(container.textContent).toBe('Kijk: https://example.com/a?b=1. En http://x.test');
  });

  it('never renders markup or script addresses from a message', () => {
    const body = '<img src=x onerror=alert(1)><a href="javascript:alert(1)">klik</a> javascript:alert(2)';
    const { container } = render(<MessageText body={body} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe(body);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
  });

  it('keeps the words around a link and a link at the very end', () => {
    expect(textParts('a https://x.test/p')).toEqual([
      { text: 'a ', href: null },
      { text: 'https://x.test/p', href: 'https://x.test/p' },
    ]);
  });
});

describe('message states', () => {
  async function renderRow(row: Extract<HistoryRow, { type: 'message' }>) {
    const i18n = await testI18n();
    const onRetry = vi.fn();
    const onDiscard = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <MessageBubble row={row} otherName="Lotte" onRetry={onRetry} onDiscard={onDiscard} />
      </I18nextProvider>,
    );
    return { onRetry, onDiscard };
  }

  it.each([
    ['sending', 'Sending'],
    ['sent', 'Sent'],
    ['read', 'Read'],
  ] as const)('says %s in words for a screen reader', async (state, words) => {
    const m = state === 'sending' ? local(at(2026, 11, 22), 'sending') : message(at(2026, 11, 22), ME);
    await renderRow({ type: 'message', key: 'k', message: m, mine: true, state });
    expect(screen.getByText(words, { selector: '.visually-hidden' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers a retry of a failed message with the same message', async () => {
    const failed = local(at(2026, 11, 22), 'failed', 'niet gelukt');
    const { onRetry } = await renderRow({
      type: 'message',
      key: 'k',
      message: failed,
      mine: true,
      state: 'failed',
    });
    expect(screen.getByText('Not sent.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith(failed);
  });

  it('shows a gift with its name and the other member’s words without a state', async () => {
    const gift: ChatMessage = {
      ...message(at(2026, 11, 22)),
      kind: 'gift',
      body: '',
      gift: { id: 3, slug: 'rose' },
    };
    await renderRow({ type: 'message', key: 'k', message: gift, mine: false, state: null });
    expect(screen.getByText('Rose')).toBeTruthy();
    expect(document.querySelector('.chat-state')).toBeNull();
    expect(document.querySelector('svg.gift-icon')).not.toBeNull();
  });
});
