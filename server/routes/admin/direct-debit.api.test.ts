import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CreditsResponse } from '../../../common/api/payments';
import { buildApp } from '../../app';
import { auditLog, demoPayments, directDebitBlocks, members, paymentEvents, payments } from '../../db/schema';
import type { SmsSender } from '../../infra/sms/outbox';
import { createMember, loginCookie, type TestApp, testApp } from '../../test/app';
import { roleCookies, staffHeaders } from '../../test/staff';

/**
 * The direct-debit block list: admins add and remove accounts in the console (each change audited),
 * a chargeback the provider reports blocks the member's account by itself, and a direct debit from
 * a blocked account is refused with `direct_debit_blocked`.
 */

const START = new Date('2026-06-01T10:00:00Z');
let clock = START;
const sent: { to: string; text: string }[] = [];
const sms: SmsSender = { send: async (to, text) => void sent.push({ to, text }) };
let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
let cookies: Awaited<ReturnType<typeof roleCookies>>;
beforeAll(async () => {
  t = await testApp({ now: () => clock });
  app = await buildApp({ config: t.config, database: t.database, now: () => clock, webDir: null, sms });
  await app.ready();
  cookies = await roleCookies(t.db, START);
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const memberHeaders = (cookie: string) => ({
  host: 'main.test',
  'x-requested-with': 'XMLHttpRequest',
  cookie,
});
const URL = '/api/admin/direct-debit-blocks.php';
const list = (cookie: string) => app.inject({ method: 'GET', url: URL, headers: staffHeaders(cookie) });
const add = (cookie: string, payload: object) =>
  app.inject({ method: 'POST', url: URL, headers: staffHeaders(cookie), payload });
const remove = (cookie: string, payload: object) =>
  app.inject({ method: 'DELETE', url: URL, headers: staffHeaders(cookie), payload });

async function buyer() {
  const m = await createMember(t.db, { country: 'NL' });
  await t.db.update(members).set({ credits: 0 }).where(eq(members.id, m.id));
  const cookie = await loginCookie(t.db, m.id, START);
  const res = await app.inject({ method: 'GET', url: '/api/credits.php', headers: memberHeaders(cookie) });
  const pkg = (res.json() as CreditsResponse).packages[0];
  if (!pkg) throw new Error('no package');
  return { ...m, cookie, pkg };
}

const debit = (cookie: string, packageId: number, iban: string, code?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/directdebit.php',
    headers: memberHeaders(cookie),
    payload: {
      package_id: packageId,
      account_holder: 'J. de Vries',
      iban,
      address: 'Keizersgracht 1',
      postal_code: '1015 CJ',
      city: 'Amsterdam',
      phone: '06 12345678',
      ...(code ? { code } : {}),
    },
  });
/** The tester's button on the demo provider's page of a paid payment (a form post, no client header). */
const chargeBack = (demoId: string) =>
  app.inject({
    method: 'POST',
    url: `/demo-checkout/${demoId}`,
    headers: { host: 'main.test', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=chargeback',
  });
const lastCode = () => /\b(\d{6})\b/.exec(sent.at(-1)?.text ?? '')?.[1] as string;

describe('the direct-debit block list in the console', () => {
  test('admins only: support, moderators, members and visitors get 403', async () => {
    expect((await list(cookies.admin)).statusCode).toBe(200);
    for (const cookie of [cookies.support, cookies.moderator]) {
      const res = await list(cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('staff_role_required');
      expect((await add(cookie, { iban: 'DE89 3704 0044 0532 0130 00', reason: 'x' })).statusCode).toBe(403);
      expect((await remove(cookie, { iban: 'DE89 3704 0044 0532 0130 00', reason: 'x' })).statusCode).toBe(
        403,
      );
    }
    const m = await createMember(t.db);
    const member = await app.inject({
      method: 'GET',
      url: URL,
      headers: memberHeaders(await loginCookie(t.db, m.id, START)),
    });
    expect(member.statusCode).toBe(403);
    const visitor = await app.inject({ method: 'POST', url: URL, headers: memberHeaders(''), payload: {} });
    expect(visitor.statusCode).toBe(403);
    expect(await t.db.select().from(directDebitBlocks)).toHaveLength(0);
  });

  test('an admin adds an IBAN with a reason, sees it listed, and removes it; each change is audited', async () => {
    const added = await add(cookies.admin, { iban: 'de89 3704 0044 0532 0130 00', reason: 'Fraud report' });
    expect(added.statusCode).toBe(201);
    expect(added.json().block).toMatchObject({
      iban: 'DE89370400440532013000',
      reason: 'Fraud report',
      staff: { name: expect.any(String) },
      payment_id: null,
    });
    const listed = (await list(cookies.admin)).json().blocks;
    expect(listed).toEqual([expect.objectContaining({ iban: 'DE89370400440532013000' })]);
    // Once on the list is enough.
    const again = await add(cookies.admin, { iban: 'DE89370400440532013000', reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('direct_debit_block_exists');

    const [blocked] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'direct_debit.block'), eq(auditLog.targetId, 'DE89370400440532013000')));
    expect(blocked).toMatchObject({
      targetType: 'iban',
      reason: 'Fraud report',
      staffId: expect.any(Number),
    });

    const removed = await remove(cookies.admin, { iban: 'DE89 3704 0044 0532 0130 00', reason: 'Cleared' });
    expect(removed.statusCode).toBe(200);
    expect((await list(cookies.admin)).json().blocks).toEqual([]);
    const [unblocked] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'direct_debit.unblock'));
    expect(unblocked).toMatchObject({ targetId: 'DE89370400440532013000', reason: 'Cleared' });
    expect((await remove(cookies.admin, { iban: 'DE89370400440532013000', reason: 'x' })).statusCode).toBe(
      404,
    );
  });

  test('a bad IBAN or a missing reason is a field error', async () => {
    const bad = await add(cookies.admin, { iban: 'NL91 ABNA 0417 1643 01', reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['iban']);
    const noReason = await add(cookies.admin, { iban: 'NL91 ABNA 0417 1643 00', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().fields)).toEqual(['reason']);
  });

  test('a direct debit from an IBAN the console blocked gets the error; another account goes through', async () => {
    const iban = 'BE68 5390 0754 7034';
    expect((await add(cookies.admin, { iban, reason: 'Reversed twice' })).statusCode).toBe(201);
    const m = await buyer();
    const before = sent.length;
    const refused = await debit(m.cookie, m.pkg.id, iban);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'direct_debit_blocked' });
    expect(sent.length).toBe(before);
    expect((await debit(m.cookie, m.pkg.id, 'NL02 ABNA 0123 4567 89')).statusCode).toBe(200);
  });
});

describe('a chargeback', () => {
  test('the provider reports it: the member’s IBAN is blocked (audited, once), and their next direct debit is refused', async () => {
    const m = await buyer();
    const iban = 'NL20 INGB 0001 2345 67';
    expect((await debit(m.cookie, m.pkg.id, iban)).statusCode).toBe(200);
    const started = await debit(m.cookie, m.pkg.id, iban, lastCode());
    expect(started.statusCode).toBe(201);
    const paymentId = started.json().payment.id as string;
    // The demo direct debit is paid a few seconds later.
    clock = new Date(START.getTime() + 10_000);
    const paid = await app.inject({
      method: 'GET',
      url: `/api/payments.php?id=${paymentId}`,
      headers: memberHeaders(m.cookie),
    });
    expect(paid.json().payment.status).toBe('paid');
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    const demoId = payment?.providerPaymentId as string;

    // The bank takes the money back: the demo provider reports it as a provider's webhook would.
    const charged = await chargeBack(demoId);
    expect(charged.statusCode).toBe(303);
    const [demo] = await t.db.select().from(demoPayments).where(eq(demoPayments.id, demoId));
    expect(demo?.chargedBackAt).not.toBeNull();

    const [block] = await t.db
      .select()
      .from(directDebitBlocks)
      .where(eq(directDebitBlocks.iban, 'NL20INGB0001234567'));
    expect(block).toMatchObject({ reason: 'chargeback', paymentId, staffId: null });
    const listed = (await list(cookies.admin)).json().blocks;
    expect(listed).toContainEqual(
      expect.objectContaining({ iban: 'NL20INGB0001234567', payment_id: paymentId, staff: null }),
    );
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
    expect(events.filter((e) => e.source === 'chargeback')).toHaveLength(1);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'direct_debit.block'), eq(auditLog.targetId, 'NL20INGB0001234567')));
    expect(audited).toEqual([expect.objectContaining({ staffId: null, targetType: 'iban' })]);

    // The webhook again (providers repeat themselves): nothing more happens.
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      headers: { host: 'main.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${demoId}`,
    });
    expect(webhook.statusCode).toBe(200);
    const eventsAfter = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
    expect(eventsAfter).toHaveLength(events.length);

    const refused = await debit(m.cookie, m.pkg.id, iban);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('direct_debit_blocked');
    clock = START;
  });

  test('an unpaid payment cannot be charged back', async () => {
    const m = await buyer();
    const iban = 'DE44 5001 0517 5407 3249 31';
    expect((await debit(m.cookie, m.pkg.id, iban)).statusCode).toBe(200);
    const started = await debit(m.cookie, m.pkg.id, iban, lastCode());
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, started.json().payment.id));
    // Still pending: the bank has nothing to take back yet.
    expect((await chargeBack(payment?.providerPaymentId as string)).statusCode).toBe(303);
    expect(
      await t.db.select().from(directDebitBlocks).where(eq(directDebitBlocks.iban, 'DE44500105175407324931')),
    ).toEqual([]);
  });
});
