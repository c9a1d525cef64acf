import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { CreditPackage, CreditsResponse, Payment, PaymentStarted } from '../../common/api/payments';
import { TIME_BONUS_CODE, WELCOME_DISCOUNT_CODE } from '../../common/constants';
import { creditLedger, demoPayments, discountCodes, members, paymentEvents, payments } from '../db/schema';
import { createMember, loginCookie, siteId, type TestApp, testApp } from '../test/app';

/**
 * One price quote: GET /api/credits.php gives every package at the best of a typed code, the
 * running time bonus and the welcome discount, the pages show it and a checkout charges it. A code
 * that may be used once (and a code's maximum) is held by the checkout that takes it and checked
 * again when the payment is granted.
 */

const START = new Date('2026-06-01T10:00:00Z');
const HOUR = 3_600_000;
let clock = START;
let t: TestApp;
let site: number;
beforeAll(async () => {
  t = await testApp({ now: () => clock });
  site = await siteId(t.db, 'main.test');
  await t.db.insert(discountCodes).values([
    { siteId: site, code: 'TEN', valuePercentage: 10 },
    { siteId: site, code: 'THIRTY', valuePercentage: 30 },
    { siteId: site, code: 'BIG40', valuePercentage: 40, minimumOrderValue: 3000 },
    { siteId: site, code: 'IDEAL35', valuePercentage: 35, paymentMethods: ['ideal'] },
    { siteId: site, code: 'POUNDS50', valuePercentage: 50, currency: 'GBP' },
    { siteId: site, code: 'EVERYONE5', valuePercentage: 5, validity: 'unlimited' },
    { siteId: site, code: 'EVERYONE60', valuePercentage: 60, validity: 'unlimited' },
  ]);
});
afterAll(() => t?.close());
beforeEach(() => {
  clock = START;
});

const headers = (cookie?: string) => ({
  host: 'main.test',
  'x-requested-with': 'XMLHttpRequest',
  ...(cookie ? { cookie } : {}),
});

/** A member of main.test in the Netherlands who signed up `signedUpAgo` ms before now. */
async function member(signedUpAgo: number, paid = false) {
  const m = await createMember(t.db, { country: 'NL', paid });
  await t.db
    .update(members)
    .set({ signupDate: new Date(clock.getTime() - signedUpAgo), credits: 0 })
    .where(eq(members.id, m.id));
  return { ...m, cookie: await loginCookie(t.db, m.id, clock) };
}

async function quote(cookie: string | undefined, params: { code?: string; method?: string } = {}) {
  const query = new URLSearchParams();
  if (params.code) query.set('discount_code', params.code);
  if (params.method) query.set('method', params.method);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/credits.php${query.size ? `?${query}` : ''}`,
    headers: headers(cookie),
  });
  return {
    status: res.statusCode,
    body: res.json() as CreditsResponse & { error?: string; message?: string },
  };
}

const charged = (p: CreditPackage) => p.discounted_price ?? p.price;

async function pay(cookie: string, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments.php',
    headers: headers(cookie),
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as PaymentStarted & { error?: string } };
}

/** The tester's choice on the demo provider's checkout page, then the member's look at the payment. */
async function settle(cookie: string, started: PaymentStarted, outcome: 'paid' | 'failed' | 'canceled') {
  await t.app.inject({
    method: 'POST',
    url: new URL(started.checkout_url as string).pathname,
    headers: { host: 'main.test', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/payments.php?id=${started.payment.id}`,
    headers: headers(cookie),
  });
  return (res.json() as { payment: Payment }).payment;
}

const balance = async (id: number) =>
  (await t.db.select({ credits: members.credits }).from(members).where(eq(members.id, id)))[0]?.credits;

async function package50(cookie: string) {
  const pkg = (await quote(cookie)).body.packages.find((p) => p.credits === 50);
  if (!pkg) throw new Error('no 50-credit package');
  return pkg;
}

describe('the price quote', () => {
  test('no code ever raises a price: every code × package × method × discount state', async () => {
    const states = {
      'time bonus running': await member(HOUR),
      'welcome discount only': await member(10 * HOUR),
      'no automatic discount': await member(7 * 24 * HOUR),
      premium: await member(HOUR, true),
    };
    const codes = [
      'TEN',
      'THIRTY',
      'BIG40',
      'IDEAL35',
      'POUNDS50',
      'EVERYONE5',
      'EVERYONE60',
      'FROMFILE',
      TIME_BONUS_CODE,
      WELCOME_DISCOUNT_CODE,
      'NOSUCHCODE',
    ];
    const refusals = new Set<string>();
    let walked = 0;
    for (const [state, m] of Object.entries(states)) {
      for (const method of [undefined, 'ideal', 'creditcard']) {
        const base = await quote(m.cookie, { method });
        expect(base.status).toBe(200);
        for (const code of codes) {
          const withCode = await quote(m.cookie, { code, method });
          if (withCode.status !== 200) {
            expect(withCode.body.error, `${state} ${code} ${method}`).toMatch(/^discount_code_/);
            refusals.add(`${state}:${code}:${withCode.body.error}`);
            continue;
          }
          expect(withCode.body.packages.map((p) => p.id)).toEqual(base.body.packages.map((p) => p.id));
          for (const [i, p] of withCode.body.packages.entries()) {
            const before = base.body.packages[i] as CreditPackage;
            walked++;
            expect(
              charged(p),
              `${state}, ${code}, ${method ?? 'any method'}, ${p.credits} credits`,
            ).toBeLessThanOrEqual(charged(before));
            expect(p.price_per_message).toBeLessThanOrEqual(before.price_per_message);
          }
          // What the quote shows is what each package costs: its discount and its price agree.
          for (const p of withCode.body.packages)
            expect(p.discounted_price).toBe(
              p.discount ? Math.round((p.price * (100 - p.discount.value_percentage)) / 100) : null,
            );
        }
      }
    }
    expect(walked).toBeGreaterThan(200);
    // A code worse than the running discount is refused, never applied.
    expect(refusals).toContain('time bonus running:TEN:discount_code_worse');
    expect(refusals).toContain('welcome discount only:EVERYONE5:discount_code_worse');
    expect(refusals).toContain(`time bonus running:${WELCOME_DISCOUNT_CODE}:discount_code_worse`);
    expect(refusals).toContain(`premium:${TIME_BONUS_CODE}:discount_code_expired`);
  });

  test('a code worse than the time bonus is refused in the member’s language; the bonus stays', async () => {
    const m = await member(HOUR);
    const pkg = await package50(m.cookie);
    expect(pkg).toMatchObject({
      price: 1995,
      discounted_price: 1496,
      discount: { code: TIME_BONUS_CODE, value_percentage: 25, source: 'time_bonus' },
    });
    const refused = await quote(m.cookie, { code: 'TEN' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('discount_code_worse');
    expect(refused.body.message).toBe(
      'Je huidige korting van 25% is voordeliger dan deze code, dus die blijft gelden.',
    );
    // Paying with it is refused the same way: it never lowers less than the bonus.
    const started = await pay(m.cookie, { package_id: pkg.id, method: 'ideal', discount_code: 'TEN' });
    expect(started.status).toBe(400);
    expect(started.body.error).toBe('discount_code_worse');
    // A better code wins over the bonus, package by package: one with a minimum order lowers only
    // the packages it applies to, the bonus the others.
    const big = await quote(m.cookie, { code: 'BIG40' });
    expect(big.status).toBe(200);
    expect(big.body.discount_code?.code).toBe('BIG40');
    for (const p of big.body.packages)
      expect(p.discount?.code).toBe(p.price >= 3000 ? 'BIG40' : TIME_BONUS_CODE);
    expect(big.body.automatic).toMatchObject({
      code: TIME_BONUS_CODE,
      source: 'time_bonus',
      reserved: false,
    });
  });

  test('a message, a photo and a gift cost what the packages make a credit cost, nothing else', async () => {
    const m = await member(7 * 24 * HOUR);
    const { body } = await quote(m.cookie);
    const perMessage = body.packages.map((p) => p.price_per_message);
    // The sites file's minimum_message_costs (1.49 for NL) plays no part in what members are shown.
    expect(body.costs.message).toEqual({
      credits: 1,
      min: Math.min(...perMessage),
      max: Math.max(...perMessage),
    });
    expect(body.costs.message.max).toBeLessThan(149);
    expect(body.costs.photo.credits).toBe(2);
    expect(body.costs.gift.credits).toBe(5);
    expect(body.costs.gift.min).toBe(Math.round((5 * 7995) / 300));
    // With the time bonus every cost drops with the prices.
    const bonus = (await quote((await member(HOUR)).cookie)).body;
    expect(bonus.costs.message.min).toBeLessThan(body.costs.message.min as number);
    const visitor = await quote(undefined);
    expect(visitor.status).toBe(200);
    expect(visitor.body.costs.message).toEqual(body.costs.message);
    expect(visitor.body.automatic).toBeNull();
  });

  test('the payment charges the quote: the automatic discount without a code, a code by its method', async () => {
    const m = await member(HOUR);
    const pkg = await package50(m.cookie);
    const started = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard' });
    expect(started.status).toBe(201);
    expect(started.body.payment).toMatchObject({
      amount: 1496,
      discount_code: TIME_BONUS_CODE,
      discount_percentage: 25,
    });
    const other = await member(7 * 24 * HOUR);
    const byCard = await quote(other.cookie, { code: 'IDEAL35', method: 'creditcard' });
    expect(byCard.body.packages.every((p) => p.discounted_price === null)).toBe(true);
    const byIdeal = await quote(other.cookie, { code: 'IDEAL35', method: 'ideal' });
    const line = byIdeal.body.packages.find((p) => p.id === pkg.id) as CreditPackage;
    const paid = await pay(other.cookie, { package_id: pkg.id, method: 'ideal', discount_code: 'IDEAL35' });
    expect(paid.body.payment.amount).toBe(line.discounted_price);
  });
});

describe('a code used once per member, and a code’s maximum', () => {
  test('ten parallel checkouts of one member with one code: the code is held by one, granted once', async () => {
    for (const code of ['THIRTY', TIME_BONUS_CODE]) {
      const m = await member(HOUR);
      const pkg = await package50(m.cookie);
      const started = await Promise.all(
        Array.from({ length: 10 }, () =>
          pay(m.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: code }),
        ),
      );
      const taken = started.filter((s) => s.status === 201);
      expect(taken, code).toHaveLength(1);
      for (const s of started.filter((x) => x.status !== 201)) {
        expect(s.status).toBe(409);
        expect(s.body.error).toBe('discount_code_reserved');
      }
      // Paid, every checkout the member has: the discount once.
      for (const s of taken) await settle(m.cookie, s.body, 'paid');
      const rows = await t.db.select().from(payments).where(eq(payments.memberId, m.id));
      expect(rows.filter((r) => r.status === 'paid' && r.discountCode === code)).toHaveLength(1);
      expect(await balance(m.id)).toBe(50);
      // Used now: a second purchase with it is refused.
      const again = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: code });
      expect(again.body.error).toMatch(code === TIME_BONUS_CODE ? /expired/ : /used/);
    }
  });

  test('a failed or cancelled checkout lets its code go at once; an abandoned one after the hold', async () => {
    const m = await member(7 * 24 * HOUR);
    const pkg = await package50(m.cookie);
    const first = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: 'THIRTY' });
    expect(first.status).toBe(201);
    expect((await quote(m.cookie, { code: 'THIRTY' })).body.error).toBe('discount_code_reserved');
    await settle(m.cookie, first.body, 'failed');
    const second = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: 'THIRTY' });
    expect(second.status).toBe(201);
    await settle(m.cookie, second.body, 'canceled');
    const third = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: 'THIRTY' });
    expect(third.status).toBe(201);
    // Left open at the provider: held for half an hour, then free again.
    clock = new Date(START.getTime() + 29 * 60_000);
    expect((await quote(m.cookie, { code: 'THIRTY' })).body.error).toBe('discount_code_reserved');
    clock = new Date(START.getTime() + 31 * 60_000);
    expect((await quote(m.cookie, { code: 'THIRTY' })).status).toBe(200);
  });

  test('a checkout paid after its hold ended, once the code was used, gets no discount', async () => {
    const m = await member(7 * 24 * HOUR);
    const pkg = await package50(m.cookie);
    const late = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: 'THIRTY' });
    clock = new Date(START.getTime() + 45 * 60_000);
    const next = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: 'THIRTY' });
    expect(next.status).toBe(201);
    expect((await settle(m.cookie, next.body, 'paid')).status).toBe('paid');
    // The abandoned checkout is paid after all: checked again when granted, the code is used.
    const paid = await settle(m.cookie, late.body, 'paid');
    expect(paid).toMatchObject({ status: 'paid', discount_code: null, discount_percentage: 0, credits: 35 });
    expect(await balance(m.id)).toBe(50 + 35);
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.paymentId, late.body.payment.id),
          eq(paymentEvents.source, 'discount_withdrawn'),
        ),
      );
    expect(events).toHaveLength(1);
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, m.id));
    expect(ledger.map((e) => e.delta).sort()).toEqual([35, 50]);
  });

  test('two payments with one code, granted at the same moment: the discount once', async () => {
    const m = await member(7 * 24 * HOUR);
    const pkg = await package50(m.cookie);
    const first = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: 'THIRTY' });
    clock = new Date(START.getTime() + 45 * 60_000);
    const second = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: 'THIRTY' });
    const rows = await t.db.select().from(payments).where(eq(payments.memberId, m.id));
    expect(rows.map((r) => r.discountCode)).toEqual(['THIRTY', 'THIRTY']);
    // The provider has both paid; its webhooks for both arrive at once, several times over.
    for (const r of rows)
      await t.db
        .update(demoPayments)
        .set({ status: 'paid' })
        .where(eq(demoPayments.id, r.providerPaymentId as string));
    await Promise.all(
      [...rows, ...rows, ...rows].map((r) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment-webhook.php',
          headers: { host: 'main.test', 'content-type': 'application/x-www-form-urlencoded' },
          payload: `id=${r.providerPaymentId}`,
        }),
      ),
    );
    const after = await t.db.select().from(payments).where(eq(payments.memberId, m.id));
    expect(after.every((r) => r.status === 'paid')).toBe(true);
    expect(after.filter((r) => r.discountCode === 'THIRTY')).toHaveLength(1);
    expect(after.map((r) => r.credits).sort()).toEqual([35, 50]);
    expect(await balance(m.id)).toBe(85);
    expect([first.status, second.status]).toEqual([201, 201]);
  });

  test('the time bonus and the welcome discount are not granted after the member became premium', async () => {
    for (const [signedUpAgo, code] of [
      [HOUR, TIME_BONUS_CODE],
      [10 * HOUR, WELCOME_DISCOUNT_CODE],
    ] as const) {
      const m = await member(signedUpAgo);
      const pkg = await package50(m.cookie);
      const bonus = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard' });
      expect(bonus.body.payment).toMatchObject({ discount_code: code, amount: 1496 });
      // Held by that checkout: the next one is at the list price, and says why on the page.
      const q = await quote(m.cookie);
      expect(q.body.automatic).toMatchObject({ code, reserved: true });
      expect(q.body.packages.every((p) => p.discount === null)).toBe(true);
      const full = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard' });
      expect(full.body.payment).toMatchObject({ discount_code: null, amount: 1995 });
      await settle(m.cookie, full.body, 'paid');
      const late = await settle(m.cookie, bonus.body, 'paid');
      expect(late).toMatchObject({ status: 'paid', discount_code: null, credits: 37 });
      expect(await balance(m.id)).toBe(50 + 37);
    }
  });

  test('simultaneous purchases of many members do not pass a code’s maximum', async () => {
    await t.db
      .insert(discountCodes)
      .values({ siteId: site, code: 'FIRST3', valuePercentage: 30, validity: 'unlimited', maxUses: 3 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => member(7 * 24 * HOUR)));
    const pkg = await package50(buyers[0]?.cookie as string);
    const started = await Promise.all(
      buyers.map((b) => pay(b.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: 'FIRST3' })),
    );
    const taken = started.filter((s) => s.status === 201);
    expect(taken).toHaveLength(3);
    expect(started.filter((s) => s.body.error === 'discount_code_used_up')).toHaveLength(5);
    for (const [i, s] of started.entries())
      if (s.status === 201) await settle((buyers[i] as { cookie: string }).cookie, s.body, 'paid');
    const used = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.discountCode, 'FIRST3'), eq(payments.status, 'paid')));
    expect(used).toHaveLength(3);
  });

  test('a checkout paid after its hold ended gets no discount once the code reached its maximum', async () => {
    await t.db
      .insert(discountCodes)
      .values({ siteId: site, code: 'ONLYONE', valuePercentage: 20, validity: 'unlimited', maxUses: 1 });
    const a = await member(7 * 24 * HOUR);
    const b = await member(7 * 24 * HOUR);
    const pkg = await package50(a.cookie);
    const first = await pay(a.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: 'ONLYONE' });
    expect(
      (await pay(b.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: 'ONLYONE' })).body
        .error,
    ).toBe('discount_code_used_up');
    clock = new Date(START.getTime() + 45 * 60_000);
    const second = await pay(b.cookie, {
      package_id: pkg.id,
      method: 'creditcard',
      discount_code: 'ONLYONE',
    });
    expect(second.status).toBe(201);
    await settle(b.cookie, second.body, 'paid');
    expect(await settle(a.cookie, first.body, 'paid')).toMatchObject({ discount_code: null, credits: 40 });
    expect(await balance(a.id)).toBe(40);
    expect(await balance(b.id)).toBe(50);
  });
});
