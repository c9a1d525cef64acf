import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Payment } from '../../../common/api/payments';
import type { CurrentUser } from '../../../common/api/user';
import { createQueryClient } from '../../api/query-client';
import { settingsKey } from '../../api/site';
import { userKey } from '../../api/user';
import { testI18n } from '../../test-i18n';
import { SETTINGS, USER } from '../members/test-support';

export { SETTINGS, USER };

/** One call the screen made: where to, how, and what it sent. */
export type Call = { url: URL; method: string; body: unknown };
type Answer = { status?: number; body: unknown };

/** Replaces fetch: every call is recorded and answered by `handler`. */
export function mockApi(handler: (call: Call) => Answer) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = {
        url: new URL(String(input), 'http://amora.test'),
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const { status = 200, body } = handler(call);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/** Stands in for the screens a link or redirect leads to: shows where the app went. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p data-testid="elsewhere">{`${pathname}${search}`}</p>;
}

/** `screen` mounted at `path` (its route pattern), as the app mounts it, for a logged-in member by default. */
export async function renderAt(
  url: string,
  route: { path: string; element: ReactNode },
  opts: { user?: CurrentUser | null; settings?: Partial<typeof SETTINGS> } = {},
) {
  const client = createQueryClient();
  client.setQueryData(settingsKey, { settings: { ...SETTINGS, ...opts.settings } });
  client.setQueryData(userKey, { user: opts.user === undefined ? USER : opts.user });
  const i18n = await testI18n();
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={route.path} element={route.element} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

export function payment(id: string, extra: Partial<Payment> = {}): Payment {
  return {
    id,
    created_at: '2026-03-01T10:00:00Z',
    status: 'paid',
    package_id: 2,
    credits: 100,
    amount: 2499,
    currency: 'EUR',
    method: 'ideal',
    issuer: null,
    discount_code: null,
    discount_percentage: 0,
    recurring: false,
    paid_at: '2026-03-01T10:01:00Z',
    ...extra,
  };
}
