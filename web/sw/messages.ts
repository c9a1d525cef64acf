import type { PushPayload } from '../../common/api/push';

/**
 * What the worker and the site's pages tell each other (no worker globals here: the pages'
 * TypeScript project reads this file too).
 */

/** Worker → every open page: a push arrived; the page refetches the user, chats and likes. */
export type PushArrived = { type: 'push'; payload: PushPayload };

/** Page → worker: files and site data this page loaded before the worker was there, to keep for offline starts. */
export type CacheUrls = { type: 'cache-urls'; urls: string[] };
