import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../common/locales/en.json';
import { apiFetch } from '../api/client';
import { testI18n } from '../test-i18n';

beforeAll(async () => {
  // Sets the instance react-i18next falls back to: the notice is mounted outside the app's providers.
  await testI18n();
});
afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json', ...headers },
        }),
    ),
  );
}

const unavailable = () =>
  answer(
    503,
    { error: 'unavailable', message: 'The site is briefly unavailable.', retry_after: 5 },
    { 'retry-after': '5' },
  );
const region = () => screen.getByRole('status');

describe('the notice while the service is unavailable', () => {
  it('appears, as a polite status, when a call answers 503 unavailable, and goes when a call succeeds', async () => {
    answer(500, { error: 'internal', message: 'Oops' });
    await apiFetch('/api/likes.php').catch(() => undefined);
    expect(screen.queryByRole('status')).toBeNull();

    unavailable();
    await apiFetch('/api/likes.php').catch(() => undefined);
    await waitFor(() => expect(region().textContent).toBe(en.unavailableNotice.text));
    expect(region().getAttribute('aria-live')).toBe('polite');
    // Laid over the page in the connection status's fixed region: nothing in the page moves.
    expect(region().className).toBe('connection-status-region');

    // A failure of another kind says nothing about the outage being over.
    answer(404, { error: 'not_found', message: 'Not found' });
    await apiFetch('/api/member.php?id=1').catch(() => undefined);
    expect(region().textContent).toBe(en.unavailableNotice.text);

    answer(200, { ok: true });
    await apiFetch('/api/likes.php');
    await waitFor(() => expect(region().textContent).toBe(''));

    // And back, in the same single region, the next time.
    unavailable();
    await apiFetch('/api/likes.php').catch(() => undefined);
    await waitFor(() => expect(region().textContent).toBe(en.unavailableNotice.text));
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
