import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { SendMessageRequest, SendMessageResponse } from '../../common/api/chats';
import type { ClientFrame, ServerEvent } from '../../common/api/events';
import { SOCKET_RETRY_BASE_MS, SOCKET_RETRY_MAX_MS, TYPING_INDICATOR_MS } from '../../common/constants';
import { ApiError } from './client';
import { applyEvent, catchUp } from './realtime-cache';

export { useTyping } from './realtime-cache';

/**
 * The member's socket (/api/ws, common/api/events.ts): one per tab while a member is logged in,
 * held by components/Realtime.tsx. It reconnects with exponential backoff and full jitter, catches
 * up over HTTP on every `ready`, and hands events to the query cache (realtime-cache.ts).
 */

export type ConnectionState = 'connected' | 'connecting' | 'offline';

/** A connection that lasted this long counts as stable: the next drop starts the backoff afresh. */
const STABLE_MS = 10_000;
/** A send over the socket without an answer after this long fails like a network error (retry is safe). */
const SEND_TIMEOUT_MS = 15_000;
/** A second `ready` on a live socket is answered within this window, at a random moment. */
const RESYNC_SPREAD_MS = 5_000;
/** Typing frames per conversation at most this often; the indicator lasts TYPING_INDICATOR_MS. */
const TYPING_THROTTLE_MS = TYPING_INDICATOR_MS / 2;

/**
 * Wait before reconnect attempt `attempt` (0 = the first after a drop): "full jitter", uniformly
 * between 0 and min(max, base·2^attempt), so thousands of browsers dropped by one restart do not
 * come back in step.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(SOCKET_RETRY_MAX_MS, SOCKET_RETRY_BASE_MS * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}

type PendingSend = {
  resolve: (answer: SendMessageResponse) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};

let socket: WebSocket | null = null;
let state: ConnectionState = 'connecting';
const stateListeners = new Set<() => void>();
const pending = new Map<string, PendingSend>();
const lastTyping = new Map<number, number>();

function setState(next: ConnectionState) {
  if (next === state) return;
  state = next;
  for (const l of stateListeners) l();
}

function subscribeState(listener: () => void) {
  stateListeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    stateListeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

function currentState(): ConnectionState {
  return navigator.onLine ? state : 'offline';
}

/** 'connected' when events arrive live; 'connecting' while (re)connecting; 'offline' without network. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeState, currentState, () => 'connecting');
}

function failPending(message: string) {
  for (const [id, p] of pending) {
    clearTimeout(p.timer);
    p.reject(new Error(message));
    pending.delete(id);
  }
}

/** Sends a frame when the socket is live; false when it is not (the caller uses HTTP instead). */
function sendFrame(frame: ClientFrame): boolean {
  if (!socket || state !== 'connected' || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(frame));
  return true;
}

/**
 * Sends a message over the socket: resolves with the `ack` (the saved message and the balance),
 * rejects with an ApiError (status, code, message, retry_after) on `send_error`, or with a plain
 * Error on a timeout or a drop (retrying with the same client_id is safe). Null when the socket is
 * not connected: send over HTTP.
 */
export function sendOverSocket(request: SendMessageRequest): Promise<SendMessageResponse> | null {
  if (!sendFrame({ ...request, type: 'send' } as ClientFrame)) return null;
  const clientId = request.client_id;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(clientId);
      reject(new Error('socket send timed out'));
    }, SEND_TIMEOUT_MS);
    pending.get(clientId)?.reject(new Error('sent again'));
    pending.set(clientId, { resolve, reject, timer });
  });
}

/** Tells the other member "typing…" (at most every few seconds per conversation). */
export function sendTyping(conversationId: number, now = Date.now()): void {
  if (now - (lastTyping.get(conversationId) ?? 0) < TYPING_THROTTLE_MS) return;
  if (sendFrame({ type: 'typing', conversation_id: conversationId })) lastTyping.set(conversationId, now);
}

/** Marks the conversation read up to a message over the socket; false when not connected (use HTTP). */
export function sendRead(conversationId: number, lastReadMessageId: number): boolean {
  return sendFrame({
    type: 'read',
    conversation_id: conversationId,
    last_read_message_id: lastReadMessageId,
  });
}

function settle(event: ServerEvent) {
  if (event.type !== 'ack' && event.type !== 'send_error') return;
  const p = pending.get(event.client_id);
  if (!p) return;
  pending.delete(event.client_id);
  clearTimeout(p.timer);
  if (event.type === 'ack') p.resolve({ message: event.message, credits: event.credits });
  else
    p.reject(
      new ApiError(event.status, {
        error: event.error,
        message: event.message,
        ...(event.retry_after !== undefined ? { retry_after: event.retry_after } : {}),
      }),
    );
}

/** The socket address of this page's origin: wss:// behind HTTPS. */
export function socketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
}

/**
 * Holds the member's socket until the returned stop is called (logout, another member): connects,
 * reconnects after every drop, and catches up after every `ready`.
 */
export function connectRealtime(client: QueryClient, viewerId: number): () => void {
  let stopped = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stableTimer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    clearTimeout(retryTimer);
    if (stopped || socket) return;
    setState('connecting');
    const ws = new WebSocket(socketUrl(window.location));
    socket = ws;
    ws.onmessage = (message) => {
      // The server's own events (typed by common/api/events.ts); not validated again here, which
      // would bring zod into every logged-in page.
      let event: ServerEvent;
      try {
        event = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (!event || typeof event.type !== 'string') return;
      if (event.type === 'ready') {
        if (state === 'connected') {
          // Again on a live socket: the server lost events (its Redis came back) and told every
          // socket at once; spread the catch-ups rather than all arriving in the same instant.
          setTimeout(() => void catchUp(client, viewerId), Math.random() * RESYNC_SPREAD_MS);
        } else {
          setState('connected');
          clearTimeout(stableTimer);
          stableTimer = setTimeout(() => {
            attempt = 0;
          }, STABLE_MS);
          void catchUp(client, viewerId);
        }
      }
      applyEvent(client, event, viewerId);
      settle(event);
    };
    ws.onclose = () => {
      // A socket already replaced (or stopped) has handed its sends over: nothing of it to undo.
      if (socket !== ws) return;
      socket = null;
      clearTimeout(stableTimer);
      failPending('socket closed');
      if (stopped) return;
      setState('connecting');
      retryTimer = setTimeout(open, reconnectDelay(attempt++));
    };
  };

  /** Back on the tab: try now instead of waiting out the backoff. */
  const now = () => {
    if (socket || stopped) return;
    attempt = 0;
    open();
  };
  /**
   * Back on the network: a socket that lived through the outage may be dead without knowing it
   * (no close arrives until TCP gives up), so it is replaced at once, and the new one catches up.
   */
  const onOnline = () => {
    const old = socket;
    if (old) {
      socket = null;
      old.onclose = null;
      old.onmessage = null;
      old.close();
      clearTimeout(stableTimer);
      failPending('socket closed');
    }
    now();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') now();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  open();

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(stableTimer);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    const ws = socket;
    socket = null;
    ws?.close();
    failPending('socket closed');
    lastTyping.clear();
    setState('connecting');
  };
}
