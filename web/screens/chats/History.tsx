import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OutboxMessage } from '../../state/outbox';
import type { HistoryRow } from './history-rows';
import { MessageBubble } from './MessageBubble';
import { dayLabel } from './time';

type Row = HistoryRow | { type: 'older'; key: string } | { type: 'limited'; key: string };

/** Scrolled this close to the top, the older page is asked for; this close to the end counts as "at the end". */
const LOAD_OLDER_PX = 400;
const AT_END_PX = 120;

/**
 * The conversation's history, newest at the bottom. Virtualised (@tanstack/react-virtual): only
 * the messages in and near the view are in the page, so a history of thousands stays smooth.
 * Scrolling up loads older pages; the message in view stays where it was when they arrive.
 */
export function History(props: {
  rows: HistoryRow[];
  otherName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  historyLimited: boolean;
  onLoadOlder: () => void;
  onRetry: (m: OutboxMessage) => void;
  onDiscard: (m: OutboxMessage) => void;
  now: Date;
  empty: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { hasOlder, loadingOlder, onLoadOlder } = props;
  const rows: Row[] = useMemo(
    () => [
      ...(hasOlder ? [{ type: 'older' as const, key: 'older' }] : []),
      ...(!hasOlder && props.historyLimited ? [{ type: 'limited' as const, key: 'limited' }] : []),
      ...props.rows,
    ],
    [hasOlder, props.historyLimited, props.rows],
  );
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.type === 'message' ? 72 : 48),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 10,
    paddingStart: 8,
    paddingEnd: 8,
  });

  const atEnd = useRef(true);
  const anchor = useRef<{ key: string; index: number; offset: number; sawLoading: boolean } | null>(null);

  const loadOlder = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !hasOlder || loadingOlder || anchor.current) return;
    // The first message in view is the anchor: it stays put when the older page arrives above it.
    const first = virtualizer
      .getVirtualItems()
      .find((v) => v.end > el.scrollTop && rows[v.index]?.type === 'message');
    if (first)
      anchor.current = {
        key: String(first.key),
        index: first.index,
        offset: first.start - el.scrollTop,
        sawLoading: false,
      };
    onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder, virtualizer, rows]);

  // Older rows arrived above the anchor: keep it at the same place on the screen.
  useLayoutEffect(() => {
    const a = anchor.current;
    const el = scrollRef.current;
    if (!a || !el) return;
    const index = rows.findIndex((r) => r.key === a.key);
    if (index === a.index) {
      // Still loading; or it ended without new rows (a failure): the next scroll may ask again.
      if (loadingOlder) a.sawLoading = true;
      else if (a.sawLoading) anchor.current = null;
      return;
    }
    anchor.current = null;
    // Where the anchor is now, with the sizes of the rows just measured (the cache may still hold estimates).
    const start = index > a.index ? virtualizer.getOffsetForIndex(index, 'start')?.[0] : undefined;
    if (start !== undefined) {
      el.scrollTop = start - a.offset;
      // The virtualiser corrects for rows measured above the view from the offset it last read;
      // it has to know of this jump now, not at the next scroll event, or it undoes part of it.
      virtualizer.scrollOffset = el.scrollTop;
    }
  });

  // New rows at the end follow the reader who was at the end (or who sent them).
  const lastKey = rows.at(-1)?.key;
  const lastMine = props.rows.at(-1)?.type === 'message' && (props.rows.at(-1) as { mine?: boolean }).mine;
  // A reader further up is told that something new came below, and taken there on a tap.
  const [newBelow, setNewBelow] = useState(false);
  const toEnd = () => {
    const el = scrollRef.current;
    setNewBelow(false);
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
  };
  const seenLastKey = useRef<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new last row scrolls
  useEffect(() => {
    const el = scrollRef.current;
    const first = seenLastKey.current === undefined;
    seenLastKey.current = lastKey;
    if (!el || !lastKey) return;
    if (!(atEnd.current || lastMine)) {
      if (!first) setNewBelow(true);
      return;
    }
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    // Heights measured after the first paint can move the end; settle on it once more.
    const frame = requestAnimationFrame(() => {
      el.scrollTop = el.scrollHeight;
      virtualizer.scrollOffset = el.scrollTop;
    });
    return () => cancelAnimationFrame(frame);
  }, [lastKey]);

  // A short history with more behind it does not fill the view, so no scroll would ever ask.
  useEffect(() => {
    const el = scrollRef.current;
    if (el && hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight + LOAD_OLDER_PX) loadOlder();
  });

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < AT_END_PX;
    if (atEnd.current) setNewBelow(false);
    if (el.scrollTop < LOAD_OLDER_PX) loadOlder();
  };

  return (
    <div className="chat-history-wrap">
      <section
        ref={scrollRef}
        className="chat-history"
        onScroll={onScroll}
        // A scrolling region is reachable by keyboard, so its arrow keys scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the history scrolls on its own
        tabIndex={0}
        aria-label={t('chat.history', { name: props.otherName })}
      >
        {props.rows.length === 0 ? (
          props.empty
        ) : (
          <div className="chat-history-inner" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = rows[v.index];
              if (!row) return null;
              return (
                <div
                  key={v.key}
                  data-index={v.index}
                  ref={virtualizer.measureElement}
                  className="chat-row-slot"
                  style={{ transform: `translateY(${v.start}px)` }}
                >
                  {row.type === 'day' ? (
                    <div className="chat-day">
                      <time dateTime={row.date.toISOString()}>
                        {dayLabel(row.date, props.now, t, i18n.language)}
                      </time>
                    </div>
                  ) : row.type === 'older' ? (
                    <div className="chat-older" role="status">
                      {loadingOlder ? <span className="spinner-dot" aria-hidden="true" /> : null}
                      <span className={loadingOlder ? '' : 'visually-hidden'}>{t('chat.loadingOlder')}</span>
                    </div>
                  ) : row.type === 'limited' ? (
                    <div className="chat-limited" role="note">
                      <p>{t('chat.historyLimited.text')}</p>
                      <Link to="/premium" className="btn btn-sm btn-outline-primary">
                        {t('chat.historyLimited.cta')}
                      </Link>
                    </div>
                  ) : (
                    <MessageBubble
                      row={row}
                      otherName={props.otherName}
                      onRetry={props.onRetry}
                      onDiscard={props.onDiscard}
                    />
                  )}
                </div>
              );
            })}
          </div>
        )}
      </section>
      {newBelow && (
        <button type="button" className="chat-new-below" onClick={toEnd}>
          {t('chat.newBelow')} <span aria-hidden="true">↓</span>
        </button>
      )}
    </div>
  );
}
