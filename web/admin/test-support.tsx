import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { StaffMember, StaffRole } from '../../common/api/admin/staff';
import admin from '../../common/locales/admin/en.json';
import en from '../../common/locales/en.json';
import { createQueryClient } from '../api/query-client';
import { StaffContext } from './staff-context';

/**
 * Component tests of the console: the real English catalogs (main and `admin`), a staff member of
 * a chosen role, fetch answered by a handler. Console screens use `renderConsoleScreen`.
 */

export async function adminTestI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    ns: ['translation', 'admin'],
    resources: { en: { translation: en, admin } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

export const staffOf = (role: StaffRole): StaffMember => ({
  id: 1,
  email: `${role}@example.test`,
  name: `Test ${role}`,
  role,
  session_expires: new Date(Date.now() + 30 * 60_000).toISOString(),
});

/** One console call: path below /api/admin/, method, query and body. */
export type AdminCall = { path: string; method: string; query: URLSearchParams; body: unknown };
type Answer = { status?: number; body: unknown };

/** Replaces fetch: every call is recorded and answered by `handler`. */
export function mockAdminApi(handler: (call: AdminCall) => Answer) {
  const calls: AdminCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://amora.test');
      const call = {
        path: url.pathname.replace(/^\/api\/admin\//, ''),
        method: init.method ?? 'GET',
        query: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const { status = 200, body } = handler(call);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/** An error answer as the server gives it. */
export const apiError = (status: number, error: string, message: string, extra: object = {}) => ({
  status,
  body: { error, message, ...extra },
});

/** `ui` as a console screen of a logged-in staff member, at `url` (routes below /admin/). */
export async function renderConsoleScreen(
  ui: ReactNode,
  opts: { role?: StaffRole; url?: string; path?: string } = {},
) {
  const client = createQueryClient();
  const i18n = await adminTestI18n();
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <StaffContext.Provider value={staffOf(opts.role ?? 'admin')}>
          <MemoryRouter initialEntries={[opts.url ?? '/admin/test']}>
            <Routes>
              <Route path={opts.path ?? '/admin/*'} element={ui} />
            </Routes>
          </MemoryRouter>
        </StaffContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The whole console (AdminApp) at `url`, as the SPA mounts it. */
export async function renderConsole(url: string, App: () => ReactNode) {
  const client = createQueryClient();
  const i18n = await adminTestI18n();
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/admin/*" element={<App />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
