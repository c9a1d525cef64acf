import type { Tracking } from '../../common/rules/tracking';

/**
 * What the server knows of the request it is drawing a page for (web/entry-server.tsx keeps it per
 * render: renders of several requests interleave while their lazy screens load, so a global value
 * would mix them up): the visitor's tracking values.
 */
export type DrawnRequest = { tracking: Tracking };

/** The request being drawn on the server; undefined in the browser. */
export function drawnRequest(): DrawnRequest | undefined {
  return (globalThis as { ssrRequest?: { getStore(): DrawnRequest | undefined } }).ssrRequest?.getStore();
}
