import type { ChatMessage, MessagesResponse } from '../../../common/api/chats';
import type { OutboxMessage } from '../../state/outbox';

/** How an own message stands (sending / sent / read); the other member's have none. */
export type MessageState = 'sending' | 'failed' | 'sent' | 'read';

export type HistoryRow =
  | { type: 'day'; key: string; date: Date }
  | {
      type: 'message';
      key: string;
      message: ChatMessage | OutboxMessage;
      mine: boolean;
      state: MessageState | null;
    };

const isOutbox = (m: ChatMessage | OutboxMessage): m is OutboxMessage => 'local' in m;

/** A calendar day in the viewer's own time zone: the separators follow the viewer's days. */
export function localDayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** Whole calendar days from `date` to `now` in local time (0 today, 1 yesterday). */
export function daysAgo(date: Date, now: Date): number {
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((start(now) - start(date)) / 86_400_000);
}

/**
 * The saved history (pages newest first, each oldest first) and the outbox, as the rows the
 * conversation shows oldest first: a day separator before each new day, own messages with their
 * state (read = at or below the other member's last read message).
 */
export function historyRows(opts: {
  pages: MessagesResponse[];
  outbox: OutboxMessage[];
  viewerId: number;
  otherLastRead: number | null;
}): HistoryRow[] {
  const saved = opts.pages
    .slice()
    .reverse()
    .flatMap((p) => p.messages);
  const savedIds = new Set(saved.map((m) => m.client_id));
  // A message saved while its send was still listed in the outbox shows once, as saved.
  const pending = opts.outbox.filter((m) => !savedIds.has(m.client_id));
  const rows: HistoryRow[] = [];
  let day = '';
  for (const message of [...saved, ...pending]) {
    const date = new Date(message.created_at);
    const key = localDayKey(date);
    if (key !== day) {
      rows.push({ type: 'day', key: `day:${key}`, date });
      day = key;
    }
    const mine = message.sender_id === opts.viewerId;
    const state: MessageState | null = isOutbox(message)
      ? message.local.state
      : !mine
        ? null
        : opts.otherLastRead !== null && message.id <= opts.otherLastRead
          ? 'read'
          : 'sent';
    rows.push({ type: 'message', key: `m:${message.client_id}`, message, mine, state });
  }
  return rows;
}

/** The newest saved message of the other member: what opening the chat marks as read. */
export function newestIncomingId(pages: MessagesResponse[], viewerId: number): number | null {
  for (const page of pages)
    for (let i = page.messages.length - 1; i >= 0; i--) {
      const m = page.messages[i];
      if (m && m.sender_id !== viewerId) return m.id;
    }
  return null;
}
