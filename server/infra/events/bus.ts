import type { ClientFrame, ServerEvent } from '../../../common/api/events';
import type { Locale } from '../../../common/constants';
import type { Services } from '../../services/bag';

/**
 * Wakes the sockets of members, on this instance or (with Redis) on every instance. Publish only
 * after the change is committed: a receiver may read the database as soon as the event arrives.
 */
export interface EventBus {
  /** `skip`: a listener of this instance that already knows (the socket that caused the event). */
  publish(memberIds: number | readonly number[], event: ServerEvent, skip?: EventListener): void;
  /** Listen for one member's events on this instance; returns the unsubscribe. */
  subscribe(memberId: number, listener: EventListener): () => void;
  /**
   * Resolves once a member's subscription reaches every instance (Redis confirmed it); the socket
   * says `ready` only then. Absent for a bus whose subscribe takes effect at once.
   */
  ready?(memberId: number): Promise<void>;
  /** Throws unless events reach the other instances now (readiness); absent for a bus of one process. */
  check?(): Promise<void>;
  close(): Promise<void>;
}

export type EventListener = (event: ServerEvent) => void;

/**
 * Who sent a socket frame: the member of the socket's session, on the socket's site, and the
 * socket's own listener (events it caused need not echo back to it: it gets the frame's answer).
 */
export type FrameContext = { memberId: number; siteId: number; locale: Locale; listener?: EventListener };

/**
 * What the chat routes answer to each browser frame of the socket (common/api/events.ts): a static
 * table of the route module that owns the action, read by the socket route, so the socket carries no
 * chat rules of its own. A handler throws ApiError to refuse; the socket turns that into the error event.
 */
export type FrameHandlers = {
  [K in ClientFrame['type']]: (
    services: Services,
    context: FrameContext,
    frame: Extract<ClientFrame, { type: K }>,
  ) => Promise<ServerEvent | undefined>;
};
