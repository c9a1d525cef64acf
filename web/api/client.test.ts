import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, onAuthenticationRequired, retryDelay, shouldRetry } from './client';

function respond(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('marks every request as a client request (the client header)', async () => {
    const fetch = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetch);
    await apiFetch('/api/settings.php');
    await apiFetch('/api/chat.php', { method: 'DELETE', json: { conversation: 1 } });
    for (const call of fetch.mock.calls as unknown as [string, RequestInit][]) {
      expect((call[1].headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    }
    const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(init.body).toBe('{"conversation":1}');
  });

  it('turns a non-2xx answer into an ApiError with the code and message', async () => {
    vi.stubGlobal('fetch', respond(402, { error: 'not_enough_credits', message: 'Te weinig credits' }));
    const err = (await apiFetch('/api/message.php').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(402);
    expect(err.code).toBe('not_enough_credits');
    expect(err.message).toBe('Te weinig credits');
  });

  it('logs out on 403 authentication_required, except from the user endpoint', async () => {
    const listener = vi.fn();
    const stop = onAuthenticationRequired(listener);
    vi.stubGlobal('fetch', respond(403, { error: 'authentication_required', message: 'Log in' }));
    await apiFetch('/api/user.php').catch(() => {});
    expect(listener).not.toHaveBeenCalled();
    await apiFetch('/api/likes.php').catch(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', respond(403, { error: 'blocked', message: 'Blocked' }));
    await apiFetch('/api/likes.php').catch(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('retry policy (5 retries, exponential delay)', () => {
  it('retries network and server failures up to 5 times, never client errors', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(4, new ApiError(503, null))).toBe(true);
    expect(shouldRetry(5, new ApiError(503, null))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, null))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, null))).toBe(true);
  });

  it('doubles the delay each attempt', () => {
    expect(retryDelay(1) / retryDelay(0)).toBe(2);
    expect(retryDelay(3) / retryDelay(2)).toBe(2);
  });

  it('keeps retrying while the service is unavailable, each time after the Retry-After pause', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: 'unavailable', message: 'Briefly unavailable', retry_after: 7 }),
            {
              status: 503,
              headers: { 'content-type': 'application/json', 'retry-after': '7' },
            },
          ),
      ),
    );
    const err = (await apiFetch('/api/likes.php').catch((e: unknown) => e)) as ApiError;
    expect(err.retryAfter).toBe(7);
    expect(shouldRetry(5, err)).toBe(true);
    expect(shouldRetry(50, err)).toBe(true);
    expect(retryDelay(0, err)).toBe(7_000);
    expect(retryDelay(4, err)).toBe(7_000);
    // Without the header, the usual backoff.
    expect(retryDelay(0, new ApiError(503, null))).toBe(retryDelay(0));
  });
});
