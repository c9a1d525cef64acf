import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type {
  AutomaticDiscount,
  CreditPackage,
  CreditsResponse,
  DiscountCode,
  Payment,
} from '../../../common/api/payments';
import type { SiteSettings } from '../../../common/api/settings';
import type { CurrentUser } from '../../../common/api/user';
import type { PaymentMethod } from '../../../common/rules/payment-methods';
import { createQueryClient } from '../../api/query-client';
import { settingsKey } from '../../api/site';
import { userKey } from '../../api/user';
import { testI18n } from '../../test-i18n';
import { SETTINGS, USER } from '../members/test-support';
import CreditsScreen from './CreditsScreen';
import PaymentScreen from './PaymentScreen';
import RepeatOrderScreen from './RepeatOrderScreen';

export { SETTINGS, USER };
export const PAID_USER: CurrentUser = { ...USER, paid_user: true, credits: 40 };

export const PACKAGES: CreditPackage[] = [
  {
    id: 1,
    credits: 50,
    price: 1495,
    currency: 'EUR',
    discounted_price: null,
    price_per_message: 30,
    popular: false,
    discount: null,
  },
  {
    id: 2,
    credits: 100,
    price: 2495,
    currency: 'EUR',
    discounted_price: null,
    price_per_message: 25,
    popular: true,
    discount: null,
  },
  {
    id: 3,
    credits: 250,
    price: 4995,
    currency: 'EUR',
    discounted_price: null,
    price_per_message: 20,
    popular: false,
    discount: null,
  },
];

export const NL_METHODS: PaymentMethod[] = [
  'ideal',
  'creditcard',
  'paypal',
  'applepay',
  'paysafecard',
  'banktransfer',
  'directdebit',
];

export function code(name: string, percentage: number, extra: Partial<DiscountCode> = {}): DiscountCode {
  return {
    code: name,
    country: null,
    user_id: null,
    expires: null,
    value_percentage: percentage,
    currency: null,
    minimum_order_value: 0,
    status: 'active',
    validity: 'once_per_user',
    expired: false,
    paymentmethods: [],
    ...extra,
  };
}

/** The automatic discount of a quote: the time bonus or the welcome discount, `secondsLeft` to go. */
export function automaticDiscount(
  source: AutomaticDiscount['source'],
  secondsLeft: number,
  extra: Partial<AutomaticDiscount> = {},
): AutomaticDiscount {
  return {
    code: source === 'time_bonus' ? 'TIMEBONUS25' : 'WELCOME25',
    value_percentage: 25,
    source,
    expires: new Date(Date.now() + secondsLeft * 1000).toISOString(),
    seconds_left: secondsLeft,
    reserved: false,
    ...extra,
  };
}

/**
 * The credits.php answer as the server gives it: each package at the best of the code asked about
 * (where its minimum order and, with `method`, its methods allow) and the automatic discount.
 */
export function creditsAnswer(
  opts: {
    discount?: DiscountCode | null;
    automatic?: AutomaticDiscount | null;
    method?: PaymentMethod | null;
    methods?: PaymentMethod[];
    country?: string;
  } & Partial<Pick<CreditsResponse, 'last_order'>> = {},
): CreditsResponse {
  const discount = opts.discount ?? null;
  const auto = opts.automatic ?? null;
  const off = (cents: number, percentage: number) => Math.round((cents * (100 - percentage)) / 100);
  const packages = PACKAGES.map((p): CreditPackage => {
    const offers: NonNullable<CreditPackage['discount']>[] = [];
    if (auto && !auto.reserved)
      offers.push({ code: auto.code, value_percentage: auto.value_percentage, source: auto.source });
    const method = opts.method ?? null;
    if (
      discount &&
      p.price >= discount.minimum_order_value &&
      (!method || discount.paymentmethods.length === 0 || discount.paymentmethods.includes(method))
    )
      offers.push({ code: discount.code, value_percentage: discount.value_percentage, source: 'code' });
    let best: CreditPackage['discount'] = null;
    for (const o of offers)
      if (off(p.price, o.value_percentage) < off(p.price, best?.value_percentage ?? 0)) best = o;
    return best
      ? {
          ...p,
          discounted_price: off(p.price, best.value_percentage),
          price_per_message: off(p.price_per_message, best.value_percentage),
          discount: best,
        }
      : p;
  });
  const perMessage = packages.map((p) => p.price_per_message);
  const cost = (credits: number) => ({
    credits,
    min: credits * Math.min(...perMessage),
    max: credits * Math.max(...perMessage),
  });
  return {
    country: opts.country ?? 'NL',
    currency: 'EUR',
    packages,
    methods: opts.methods ?? NL_METHODS,
    discount_code: discount,
    automatic: auto,
    costs: { message: cost(1), photo: cost(2), gift: cost(5) },
    last_order: opts.last_order ?? null,
  };
}

export function payment(extra: Partial<Payment> = {}): Payment {
  return {
    id: '5b0b8f43-4bb8-4e5f-9a57-0d9b1c2f3e4a',
    created_at: '2025-01-01T12:00:00Z',
    status: 'open',
    package_id: 2,
    credits: 100,
    amount: 2495,
    currency: 'EUR',
    method: 'ideal',
    issuer: 'ideal_INGBNL2A',
    discount_code: null,
    discount_percentage: 0,
    recurring: false,
    paid_at: null,
    ...extra,
  };
}

export type Call = { url: URL; method: string; body: unknown };
type Answer = { status?: number; body: unknown };
export type Handler = (call: Call) => Answer | Promise<Answer>;

export const error = (status: number, code: string, message: string): Answer => ({
  status,
  body: { error: code, message },
});

/** Replaces fetch: each call (path, query, method, JSON body) is recorded and answered by `handler`. */
export function mockFetch(handler: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: Call = {
        url: new URL(String(input), 'http://amora.test'),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const { status = 200, body } = await handler(call);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/**
 * The common answers of a member's visit; `route` answers first where it knows the call. The
 * pages ask for no time bonus or welcome code of their own: the quote carries the discount.
 */
export function api(route: (call: Call) => Answer | undefined, opts: { user?: CurrentUser } = {}): Handler {
  return (call) => {
    const answer = route(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (path === '/api/user.php') return { body: { user: opts.user ?? USER } };
    return error(404, 'not_found', `no answer for ${path}`);
  };
}

/** Where the router is now, for tests that follow a navigation. */
function Where() {
  const { pathname, search } = useLocation();
  return (
    <>
      <Outlet />
      <output data-testid="where">{pathname + search}</output>
    </>
  );
}

/** The purchase screens at `path`, as the app mounts them, with stand-ins for the pages they lead to. */
export async function renderAt(
  path: string,
  opts: { user?: CurrentUser | null; settings?: Partial<SiteSettings> } = {},
) {
  const client = createQueryClient();
  client.setQueryData(settingsKey, { settings: { ...SETTINGS, ...opts.settings } });
  client.setQueryData(userKey, { user: opts.user === undefined ? USER : opts.user });
  const i18n = await testI18n();
  const utils = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<Where />}>
              <Route path="/credits" element={<CreditsScreen />} />
              <Route path="/credits/repeat-order" element={<RepeatOrderScreen />} />
              <Route path="/credits/:id/:paymentmethod?" element={<PaymentScreen />} />
              <Route path="/login" element={<p>login page</p>} />
              <Route path="/directdebit" element={<p>direct debit form</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}

export const where = (container: HTMLElement) =>
  container.querySelector('[data-testid="where"]')?.textContent ?? '';
