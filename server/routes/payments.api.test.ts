import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { CreditsResponse, Payment, PaymentStarted } from '../../common/api/payments';
import { TIME_BONUS_CODE, TIME_BONUS_SECONDS, WELCOME_DISCOUNT_CODE } from '../../common/constants';
import { creditLedger, demoPayments, discountCodes, members, paymentEvents, payments } from '../db/schema';
import { createMember, loginCookie, siteId, type TestApp, testApp } from '../test/app';

const START = new Date('2026-06-01T10:00:00Z');
let clock = START;
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => clock });
});
afterAll(() => t?.close());
beforeEach(() => {
  clock = START;
});

const headers = (cookie?: string, domain = 'main.test') => ({
  host: domain,
  'x-requested-with': 'XMLHttpRequest',
  ...(cookie ? { cookie } : {}),
});

async function buyer(input: { country?: string; paid?: boolean; signupDate?: Date; domain?: string } = {}) {
  const m = await createMember(t.db, {
    country: input.country ?? 'NL',
    paid: input.paid,
    domain: input.domain,
  });
  await t.db
    .update(members)
    .set({ signupDate: input.signupDate ?? new Date(START.getTime() - 7 * 86_400_000), credits: 0 })
    .where(eq(members.id, m.id));
  return { ...m, cookie: await loginCookie(t.db, m.id, START) };
}

async function credits(cookie?: string, query = '', domain?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/credits.php${query}`,
    headers: headers(cookie, domain),
  });
  return { res, body: res.json() as CreditsResponse & { error?: string } };
}

async function pay(cookie: string, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments.php',
    headers: headers(cookie),
    payload: body,
  });
  return { res, body: res.json() as PaymentStarted & { error?: string; message?: string } };
}

async function checkout(url: string, outcome: string) {
  const path = new URL(url).pathname;
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { host: 'main.test', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
}

async function payment(cookie: string, id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/payments.php?id=${id}`,
    headers: headers(cookie),
  });
  return { res, body: res.json() as { payment: Payment; error?: string } };
}

const memberRow = async (id: number) => (await t.db.select().from(members).where(eq(members.id, id)))[0];

async function firstPackage(cookie: string) {
  const { body } = await credits(cookie);
  const pkg = body.packages[0];
  if (!pkg) throw new Error('no package on sale');
  return pkg;
}

describe('GET /api/credits.php', () => {
  test('prices the packages in the payment country’s currency with its methods', async () => {
    const nl = await buyer({ country: 'NL' });
    const { res, body } = await credits(nl.cookie);
    expect(res.statusCode).toBe(200);
    expect(body.currency).toBe('EUR');
    expect(body.methods[0]).toBe('ideal');
    expect(body.methods).toContain('directdebit');
    expect(body.packages.length).toBeGreaterThan(1);
    expect(body.packages.filter((p) => p.popular)).toHaveLength(1);
    for (const p of body.packages) {
      expect(p.discounted_price).toBeNull();
      expect(p.price_per_message).toBe(Math.round(p.price / p.credits));
    }
    const gb = await buyer({ country: 'GB' });
    const uk = await credits(gb.cookie);
    expect(uk.body.currency).toBe('GBP');
    expect(uk.body.methods).not.toContain('ideal');
    expect(uk.body.methods).not.toContain('directdebit');
    const be = await credits((await buyer({ country: 'BE' })).cookie);
    expect(be.body.methods[0]).toBe('bancontact');
  });

  test('visitors see the prices of the country they browse from (the pricing page)', async () => {
    const { res, body } = await credits(undefined);
    expect(res.statusCode).toBe(200);
    expect(body.packages.length).toBeGreaterThan(0);
    expect(body.last_order).toBeNull();
  });

  test('a discount code lowers the prices it applies to; a bad code is a clear error', async () => {
    const m = await buyer();
    const site = await siteId(t.db, 'main.test');
    await t.db.insert(discountCodes).values([
      { siteId: site, code: 'SUMMER10', valuePercentage: 10 },
      { siteId: site, code: 'BIGONLY', valuePercentage: 20, minimumOrderValue: 3000 },
      { siteId: site, code: 'OLD', valuePercentage: 20, expires: new Date(START.getTime() - 1000) },
      { siteId: site, code: 'BEONLY', valuePercentage: 20, country: 'BE' },
    ]);
    const ten = await credits(m.cookie, '?discount_code=summer10');
    expect(ten.res.statusCode).toBe(200);
    expect(ten.body.discount_code?.code).toBe('SUMMER10');
    for (const p of ten.body.packages) expect(p.discounted_price).toBe(Math.round(p.price * 0.9));
    const big = await credits(m.cookie, '?discount_code=BIGONLY');
    for (const p of big.body.packages) expect(p.discounted_price === null).toBe(p.price < 3000);
    expect((await credits(m.cookie, '?discount_code=NOPE')).res.statusCode).toBe(404);
    const old = await credits(m.cookie, '?discount_code=OLD');
    expect(old.res.statusCode).toBe(400);
    expect(old.body.error).toBe('discount_code_expired');
    expect((await credits(m.cookie, '?discount_code=BEONLY')).body.error).toBe(
      'discount_code_not_applicable',
    );
    expect((await credits(m.cookie, '?discount_code=%3Cscript%3E')).res.statusCode).toBe(400);
  });
});

describe('paying with the demo provider', () => {
  test('iDEAL with a bank: open, paid on the checkout page, credits granted once, member premium', async () => {
    const m = await buyer();
    const pkg = await firstPackage(m.cookie);
    const started = await pay(m.cookie, { package_id: pkg.id, method: 'ideal', issuer: 'ideal_INGBNL2A' });
    expect(started.res.statusCode).toBe(201);
    expect(started.body.payment).toMatchObject({
      status: 'open',
      amount: pkg.price,
      currency: 'EUR',
      method: 'ideal',
      issuer: 'ideal_INGBNL2A',
    });
    expect(started.body.checkout_url).toMatch(/\/demo-checkout\/demo_/);
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(started.body.checkout_url as string).pathname,
      headers: { host: 'main.test' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('value="paid"');

    const back = await checkout(started.body.checkout_url as string, 'paid');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `http://main.test/credits/${pkg.id}/ideal?payment=${started.body.payment.id}`,
    );
    const after = await payment(m.cookie, started.body.payment.id);
    expect(after.body.payment.status).toBe('paid');
    const row = await memberRow(m.id);
    expect(row?.credits).toBe(pkg.credits);
    expect(row?.paidUser).toBe(true);
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, m.id));
    expect(ledger).toMatchObject([
      {
        delta: pkg.credits,
        balanceAfter: pkg.credits,
        reason: 'purchase',
        reference: started.body.payment.id,
      },
    ]);
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, started.body.payment.id));
    expect(events.map((e) => e.status)).toEqual(['open', 'paid']);
    // The checkout cannot be decided twice.
    await checkout(started.body.checkout_url as string, 'failed');
    expect((await payment(m.cookie, started.body.payment.id)).body.payment.status).toBe('paid');
  });

  test('a failed or cancelled payment grants nothing', async () => {
    const m = await buyer();
    const pkg = await firstPackage(m.cookie);
    for (const outcome of ['failed', 'canceled'] as const) {
      const started = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard' });
      await checkout(started.body.checkout_url as string, outcome);
      expect((await payment(m.cookie, started.body.payment.id)).body.payment.status).toBe(outcome);
    }
    const row = await memberRow(m.id);
    expect(row?.credits).toBe(0);
    expect(row?.paidUser).toBe(false);
  });

  test('pending, then paid: the state is asked of the provider when the member looks', async () => {
    const m = await buyer();
    const pkg = await firstPackage(m.cookie);
    const started = await pay(m.cookie, { package_id: pkg.id, method: 'paypal' });
    await checkout(started.body.checkout_url as string, 'pending');
    expect((await payment(m.cookie, started.body.payment.id)).body.payment.status).toBe('pending');
    expect((await memberRow(m.id))?.credits).toBe(0);
    clock = new Date(START.getTime() + 10_000);
    expect((await payment(m.cookie, started.body.payment.id)).body.payment.status).toBe('paid');
    expect((await memberRow(m.id))?.credits).toBe(pkg.credits);
  });

  test('100 concurrent deliveries of one webhook grant the credits once', async () => {
    const m = await buyer();
    const pkg = await firstPackage(m.cookie);
    const started = await pay(m.cookie, { package_id: pkg.id, method: 'ideal' });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, started.body.payment.id));
    // The provider has it paid; nobody has told us yet.
    await t.db
      .update(demoPayments)
      .set({ status: 'paid' })
      .where(eq(demoPayments.id, row?.providerPaymentId as string));
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment-webhook.php',
          headers: { host: 'main.test', 'content-type': 'application/x-www-form-urlencoded' },
          payload: `id=${row?.providerPaymentId}`,
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await memberRow(m.id))?.credits).toBe(pkg.credits);
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, m.id));
    expect(ledger).toHaveLength(1);
  });

  test('a webhook for an unknown payment, or with a made-up body, changes nothing', async () => {
    const m = await buyer();
    const pkg = await firstPackage(m.cookie);
    const started = await pay(m.cookie, { package_id: pkg.id, method: 'ideal' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      headers: { host: 'main.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=demo_doesnotexist000000&status=paid',
    });
    expect(unknown.statusCode).toBe(200);
    // The provider still says open: a webhook claiming otherwise is not believed.
    const [row] = await t.db.select().from(payments).where(eq(payments.id, started.body.payment.id));
    await t.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      headers: { host: 'main.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${row?.providerPaymentId}&status=paid`,
    });
    expect((await payment(m.cookie, started.body.payment.id)).body.payment.status).toBe('open');
    expect((await memberRow(m.id))?.credits).toBe(0);
  });

  test('the price comes from the package table, never the client; bad orders are refused', async () => {
    const m = await buyer();
    const pkg = await firstPackage(m.cookie);
    const forged = await pay(m.cookie, { package_id: pkg.id, method: 'ideal', amount: 1, price: 1 });
    expect(forged.body.payment.amount).toBe(pkg.price);
    expect((await pay(m.cookie, { package_id: 999_999, method: 'ideal' })).body.error).toBe(
      'package_unknown',
    );
    const wrongCountry = await pay(m.cookie, { package_id: pkg.id, method: 'blik' });
    expect(wrongCountry.res.statusCode).toBe(400);
    expect(wrongCountry.body.error).toBe('method_unavailable');
    expect(wrongCountry.body.message).toBe('Deze betaalmethode is niet beschikbaar in jouw land.');
    expect((await pay(m.cookie, { package_id: pkg.id, method: 'bitcoin' })).res.statusCode).toBe(400);
    expect(
      (await pay(m.cookie, { package_id: pkg.id, method: 'ideal', issuer: 'ideal_FAKE' })).res.statusCode,
    ).toBe(400);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/payments.php',
      headers: headers(),
      payload: { package_id: pkg.id, method: 'ideal' },
    });
    expect(visitor.statusCode).toBe(403);
  });

  test('codes from the sites file hold, with their limits', async () => {
    const m = await buyer();
    const pkg = await firstPackage(m.cookie);
    const priced = await credits(m.cookie, '?discount_code=FROMFILE');
    expect(priced.body.discount_code).toMatchObject({
      code: 'FROMFILE',
      value_percentage: 30,
      country: 'NL',
      paymentmethods: ['ideal'],
    });
    expect(priced.body.packages[0]?.discounted_price).toBe(Math.round(pkg.price * 0.7));
    expect(
      (await pay(m.cookie, { package_id: pkg.id, method: 'creditcard', discount_code: 'FROMFILE' })).body
        .error,
    ).toBe('discount_code_not_applicable');
    const be = await buyer({ country: 'BE' });
    expect((await credits(be.cookie, '?discount_code=FROMFILE')).body.error).toBe(
      'discount_code_not_applicable',
    );
  });

  test('a code is used once per member', async () => {
    const site = await siteId(t.db, 'main.test');
    await t.db
      .insert(discountCodes)
      .values({ siteId: site, code: 'ONCE15', valuePercentage: 15, paymentMethods: ['ideal'] });
    const m = await buyer();
    const pkg = await firstPackage(m.cookie);
    expect(
      (await pay(m.cookie, { package_id: pkg.id, method: 'paypal', discount_code: 'ONCE15' })).body.error,
    ).toBe('discount_code_not_applicable');
    const first = await pay(m.cookie, { package_id: pkg.id, method: 'ideal', discount_code: 'once15' });
    expect(first.body.payment).toMatchObject({
      amount: Math.round(pkg.price * 0.85),
      discount_code: 'ONCE15',
      discount_percentage: 15,
    });
    await checkout(first.body.checkout_url as string, 'paid');
    const again = await pay(m.cookie, { package_id: pkg.id, method: 'ideal', discount_code: 'ONCE15' });
    expect(again.res.statusCode).toBe(409);
    expect(again.body.error).toBe('discount_code_used');
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/discountcode.php?code=ONCE15',
      headers: headers(m.cookie),
    });
    expect(lookup.json().error).toBe('discount_code_used');
  });
});

describe('time bonus and welcome discount', () => {
  test('the time bonus runs 4 hours from signup for a member who has not paid, then ends', async () => {
    const m = await buyer({ signupDate: new Date(START.getTime() - 3_600_000) });
    const res = await t.app.inject({ method: 'GET', url: '/api/timebonus.php', headers: headers(m.cookie) });
    expect(res.json().time_bonus).toEqual({
      code: TIME_BONUS_CODE,
      value_percentage: 25,
      expires: new Date(START.getTime() - 3_600_000 + TIME_BONUS_SECONDS * 1000).toISOString(),
      seconds_left: TIME_BONUS_SECONDS - 3600,
    });
    const pkg = await firstPackage(m.cookie);
    const priced = await credits(m.cookie, `?discount_code=${TIME_BONUS_CODE}`);
    expect(priced.body.packages[0]?.discounted_price).toBe(Math.round(pkg.price * 0.75));
    clock = new Date(START.getTime() + 3 * 3_600_000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/timebonus.php', headers: headers(m.cookie) })).json()
        .time_bonus,
    ).toBeNull();
    expect(
      (await pay(m.cookie, { package_id: pkg.id, method: 'ideal', discount_code: TIME_BONUS_CODE })).body
        .error,
    ).toBe('discount_code_expired');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/timebonus.php', headers: headers() })).json()
        .time_bonus,
    ).toBeNull();
  });

  test('the time bonus is used once and ends when the member pays', async () => {
    const m = await buyer({ signupDate: START });
    const pkg = await firstPackage(m.cookie);
    const started = await pay(m.cookie, {
      package_id: pkg.id,
      method: 'ideal',
      discount_code: TIME_BONUS_CODE,
    });
    expect(started.body.payment.amount).toBe(Math.round(pkg.price * 0.75));
    await checkout(started.body.checkout_url as string, 'paid');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/timebonus.php', headers: headers(m.cookie) })).json()
        .time_bonus,
    ).toBeNull();
  });

  test('the welcome code: 25% for a new member who has not paid, with its deadline', async () => {
    const m = await buyer({ signupDate: START });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/discountcode.php?welcome=true',
      headers: headers(m.cookie),
    });
    expect(res.json().discount_code).toMatchObject({
      code: WELCOME_DISCOUNT_CODE,
      value_percentage: 25,
      user_id: m.id,
      expired: false,
    });
    // No welcome offer is no error a browser would log on every page: 200 with null.
    const welcomeOf = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/discountcode.php?welcome=true', headers: headers(cookie) });
    for (const nobody of [await buyer({ paid: true, signupDate: START }), await buyer()]) {
      const res = await welcomeOf(nobody.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ discount_code: null });
    }
  });
});

describe('transactions and repeat order', () => {
  test('lists my purchases; another member’s is a 404; the detail carries the invoice', async () => {
    const m = await buyer();
    const other = await buyer();
    const pkg = await firstPackage(m.cookie);
    const started = await pay(m.cookie, { package_id: pkg.id, method: 'ideal' });
    await checkout(started.body.checkout_url as string, 'paid');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/transactions.php',
      headers: headers(m.cookie),
    });
    expect(list.json().transactions).toMatchObject([
      { id: started.body.payment.id, status: 'paid', credits: pkg.credits },
    ]);
    expect(list.json().refund_days).toBeGreaterThan(0);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/transactions.php?id=${started.body.payment.id}`,
      headers: headers(m.cookie),
    });
    expect(detail.json().invoice).toMatchObject({
      company: 'Testhart B.V.',
      vat_numbers: ['NL001234567B01'],
    });
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/transactions.php?id=${started.body.payment.id}`,
      headers: headers(other.cookie),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(String(pkg.price));
    expect((await payment(other.cookie, started.body.payment.id)).res.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/transactions.php?id=nope',
          headers: headers(m.cookie),
        })
      ).statusCode,
    ).toBe(400);
  });

  test('the repeat order buys the last package again; a card repeat is recurring', async () => {
    const m = await buyer();
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/repeat-order.php',
      headers: headers(m.cookie),
      payload: {},
    });
    expect(none.statusCode).toBe(404);
    const pkg = await firstPackage(m.cookie);
    const first = await pay(m.cookie, { package_id: pkg.id, method: 'creditcard' });
    await checkout(first.body.checkout_url as string, 'paid');
    expect((await credits(m.cookie)).body.last_order).toEqual({ package_id: pkg.id, method: 'creditcard' });
    const repeat = await t.app.inject({
      method: 'POST',
      url: '/api/repeat-order.php',
      headers: headers(m.cookie),
      payload: {},
    });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json().payment).toMatchObject({
      package_id: pkg.id,
      method: 'creditcard',
      recurring: true,
      amount: pkg.price,
    });
  });
});
