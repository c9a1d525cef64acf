import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { vi } from 'vitest';
import type { CreditsResponse, DiscountCode, TimeBonus } from '../../../common/api/payments';
import type { SiteSettings } from '../../../common/api/settings';
import type { CurrentUser } from '../../../common/api/user';
import { WELCOME_DISCOUNT_HOURS } from '../../../common/constants';
import { timeBonusKey, welcomeCodeKey } from '../../api/payments';
import { createQueryClient } from '../../api/query-client';
import { settingsKey } from '../../api/site';
import { userKey } from '../../api/user';
import { testI18n } from '../../test-i18n';
import { SETTINGS, USER } from '../members/test-support';

export { SETTINGS, USER };

export const timeBonus = (secondsLeft: number): TimeBonus => ({
  code: 'TIMEBONUS25',
  value_percentage: 25,
  expires: new Date(Date.now() + secondsLeft * 1000).toISOString(),
  seconds_left: secondsLeft,
});

export const welcomeCode = (msLeft: number): DiscountCode => ({
  code: 'WELCOME-7',
  country: null,
  user_id: 7,
  expires: new Date(Date.now() + msLeft).toISOString(),
  value_percentage: 25,
  currency: null,
  minimum_order_value: 0,
  status: 'active',
  validity: 'once_per_user',
  expired: false,
  paymentmethods: [],
});

export const CREDITS: CreditsResponse = {
  country: 'NL',
  currency: 'EUR',
  packages: [
    {
      id: 1,
      credits: 10,
      price: 995,
      currency: 'EUR',
      discounted_price: null,
      price_per_message: 100,
      popular: false,
      discount: null,
    },
    {
      id: 2,
      credits: 50,
      price: 3995,
      currency: 'EUR',
      discounted_price: null,
      price_per_message: 80,
      popular: true,
      discount: null,
    },
  ],
  methods: ['ideal', 'creditcard'],
  discount_code: null,
  automatic: null,
  costs: {
    message: { credits: 1, min: 80, max: 100 },
    photo: { credits: 2, min: 160, max: 200 },
    gift: { credits: 5, min: 400, max: 500 },
  },
  last_order: null,
};

type Answer = { status?: number; body: unknown };
export type Api = {
  user?: CurrentUser | null;
  timeBonus?: TimeBonus | null;
  /** The welcome code, or an error answer (the member has none). */
  welcome?: DiscountCode | null;
  credits?: Answer;
};

/** Replaces fetch with the answers of `api` by path; anything else is a 404. Returns the calls. */
export function mockApi(api: Api) {
  const calls: URL[] = [];
  const answer = (url: URL): Answer => {
    switch (url.pathname) {
      case '/api/user.php':
        return { body: { user: api.user ?? null } };
      case '/api/timebonus.php':
        return { body: { time_bonus: api.timeBonus ?? null } };
      case '/api/discountcode.php':
        return api.welcome
          ? { body: { discount_code: api.welcome } }
          : { status: 404, body: { error: 'discount_code_unknown', message: 'Unknown code' } };
      case '/api/credits.php':
        return api.credits ?? { body: CREDITS };
      case '/api/chats.php':
        return { body: { chats: [] } };
      case '/api/likes.php':
        return { body: { profiles: [], liked_by: [] } };
      default:
        return { status: 404, body: { error: 'not_found', message: 'Not found' } };
    }
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://amora.test');
      calls.push(url);
      const { status = 200, body } = answer(url);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/** Moves the test's router: `go('/profile')` as a member following a link. */
export const router: { go: (to: string) => void; path: () => string } = {
  go: () => {},
  path: () => '',
};

function RouterHandle() {
  const navigate = useNavigate();
  const location = useLocation();
  router.go = (to) => navigate(to);
  router.path = () => location.pathname;
  return null;
}

/**
 * Renders `ui` at `path` with the answers of `api` already in the cache (so nothing waits on a
 * fetch, fake timers or not) and fetch answering the same.
 */
export async function renderAt(
  path: string,
  ui: ReactNode,
  api: Api = {},
  settings: Partial<SiteSettings> = {},
) {
  // A member with a welcome code signed up within its hours: the code ends that many hours after.
  const signedUpFor = (code: DiscountCode) =>
    new Date(Date.parse(code.expires ?? '') - WELCOME_DISCOUNT_HOURS * 3_600_000).toISOString();
  const user =
    api.user === undefined
      ? api.welcome
        ? { ...USER, signup_date: signedUpFor(api.welcome) }
        : USER
      : api.user;
  mockApi({ ...api, user });
  const client = createQueryClient();
  client.setQueryData(settingsKey, { settings: { ...SETTINGS, ...settings } });
  client.setQueryData(userKey, { user });
  if (api.timeBonus !== undefined) client.setQueryData(timeBonusKey, api.timeBonus);
  if (api.welcome !== undefined) client.setQueryData(welcomeCodeKey, api.welcome);
  const i18n = await testI18n();
  const utils = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  {ui}
                  <RouterHandle />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}
