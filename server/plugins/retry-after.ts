import type { FastifyReply } from 'fastify';
import { ApiError } from './errors';

/**
 * Awaits `work`; when it fails with a 429 that knows its `retry_after` (a login limit), the answer
 * also carries it as the Retry-After header, the way clients and proxies read a rate limit.
 */
export async function withRetryAfter<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const seconds = err instanceof ApiError && err.status === 429 ? err.extra.retry_after : undefined;
    if (typeof seconds === 'number') reply.header('retry-after', String(seconds));
    throw err;
  }
}
