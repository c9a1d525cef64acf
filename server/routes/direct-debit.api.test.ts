import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CreditsResponse } from '../../common/api/payments';
import { buildApp } from '../app';
import { directDebitBlocks, directDebitMandates, members } from '../db/schema';
import type { SmsSender } from '../infra/sms/outbox';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';

const START = new Date('2026-06-01T10:00:00Z');
let clock = START;
const sent: { to: string; text: string }[] = [];
const sms: SmsSender = { send: async (to, text) => void sent.push({ to, text }) };
let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await testApp({ now: () => clock });
  // The same database with an SMS sender the test can read.
  app = await buildApp({ config: t.config, database: t.database, now: () => clock, webDir: null, sms });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const IBAN = 'NL91 ABNA 0417 1643 00';
const headers = (cookie?: string) => ({
  host: 'main.test',
  'x-requested-with': 'XMLHttpRequest',
  ...(cookie ? { cookie } : {}),
});

async function buyer(country = 'NL') {
  const m = await createMember(t.db, { country });
  await t.db.update(members).set({ credits: 0 }).where(eq(members.id, m.id));
  const cookie = await loginCookie(t.db, m.id, START);
  const res = await app.inject({ method: 'GET', url: '/api/credits.php', headers: headers(cookie) });
  const pkg = (res.json() as CreditsResponse).packages[0];
  if (!pkg) throw new Error('no package');
  return { ...m, cookie, pkg };
}

const details = (packageId: number, extra: object = {}) => ({
  package_id: packageId,
  account_holder: 'J. de Vries',
  iban: IBAN,
  address: 'Keizersgracht 1',
  postal_code: '1015 CJ',
  city: 'Amsterdam',
  phone: '06 12345678',
  ...extra,
});

const post = (cookie: string, body: object) =>
  app.inject({ method: 'POST', url: '/api/directdebit.php', headers: headers(cookie), payload: body });

const lastCode = () => /\b(\d{6})\b/.exec(sent.at(-1)?.text ?? '')?.[1] as string;

describe('POST /api/directdebit.php', () => {
  test('sends an SMS code, then with the right code records the mandate and collects; credits once paid', async () => {
    const m = await buyer();
    const first = await post(m.cookie, details(m.pkg.id));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code_sent: true, phone_hint: '+31 •••• 78' });
    expect(sent.at(-1)?.to).toBe('+31612345678');
    const wrong = await post(
      m.cookie,
      details(m.pkg.id, { code: lastCode() === '000000' ? '111111' : '000000' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'sms_code_invalid', message: 'Code ongeldig' });
    const right = await post(m.cookie, details(m.pkg.id, { code: lastCode() }));
    expect(right.statusCode).toBe(201);
    expect(right.json().payment).toMatchObject({
      method: 'directdebit',
      status: 'pending',
      // What the quote said: a new member's running discount comes without a code.
      amount: m.pkg.discounted_price ?? m.pkg.price,
    });
    expect(right.json().checkout_url).toBeNull();
    const [mandate] = await t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.memberId, m.id));
    expect(mandate).toMatchObject({
      iban: 'NL91ABNA0417164300',
      phone: '+31612345678',
      paymentId: right.json().payment.id,
    });
    // The code is used up.
    expect((await post(m.cookie, details(m.pkg.id, { code: lastCode() }))).json().error).toBe(
      'sms_code_invalid',
    );
    clock = new Date(START.getTime() + 10_000);
    const later = await app.inject({
      method: 'GET',
      url: `/api/payments.php?id=${right.json().payment.id}`,
      headers: headers(m.cookie),
    });
    expect(later.json().payment.status).toBe('paid');
    const [row] = await t.db.select().from(members).where(eq(members.id, m.id));
    expect(row).toMatchObject({ credits: m.pkg.credits, paidUser: true });
    clock = START;
  });

  test('a bad IBAN or phone is a field error; nothing is sent', async () => {
    const m = await buyer();
    const before = sent.length;
    const iban = await post(m.cookie, details(m.pkg.id, { iban: 'NL91 ABNA 0417 1643 01' }));
    expect(iban.statusCode).toBe(400);
    expect(Object.keys(iban.json().fields)).toEqual(['iban']);
    const phone = await post(m.cookie, details(m.pkg.id, { phone: '12' }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json().fields.phone).toBeTruthy();
    const landline = await post(m.cookie, details(m.pkg.id, { phone: '020 123 4567' }));
    expect(landline.json().fields.phone).toBeTruthy();
    expect(sent.length).toBe(before);
  });

  test('a blocked account and the limit are refused before any code is sent', async () => {
    const m = await buyer();
    await t.db.insert(directDebitBlocks).values({ iban: 'DE89370400440532013000', reason: 'reversal' });
    const blocked = await post(m.cookie, details(m.pkg.id, { iban: 'DE89 3704 0044 0532 0130 00' }));
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('direct_debit_blocked');
    const res = await app.inject({ method: 'GET', url: '/api/credits.php', headers: headers(m.cookie) });
    const biggest = (res.json() as CreditsResponse).packages.at(-1);
    let answer = await post(m.cookie, details(biggest?.id as number));
    // Collect until the limit says no.
    for (let i = 0; i < 5 && answer.statusCode === 200; i++) {
      const done = await post(m.cookie, details(biggest?.id as number, { code: lastCode() }));
      expect(done.statusCode).toBe(201);
      answer = await post(m.cookie, details(biggest?.id as number));
    }
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toBe('direct_debit_limit');
  });

  test('not offered outside SEPA euro countries; visitors must log in', async () => {
    const gb = await buyer('GB');
    const res = await post(gb.cookie, details(gb.pkg.id, { phone: '07700 900123' }));
    expect(res.json().error).toBe('method_unavailable');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/directdebit.php',
          headers: headers(),
          payload: details(1),
        })
      ).statusCode,
    ).toBe(403);
  });

  test('SMS codes per member are limited', async () => {
    const m = await buyer();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await post(m.cookie, details(m.pkg.id))).statusCode);
    expect(answers.slice(0, 3)).toEqual([200, 200, 200]);
    expect(answers.at(-1)).toBe(429);
  });
});
