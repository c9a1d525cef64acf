import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StaffRole } from '../../../common/api/admin/staff';
import { CREDIT_REASONS } from '../../../common/api/credits';
import type { ServerEvent } from '../../../common/api/events';
import type { CreditsResponse, PaymentStarted } from '../../../common/api/payments';
import { creditLedger, members } from '../../db/schema';
import { createMember, loginCookie, type TestApp, testApp } from '../../test/app';
import { testImage } from '../../test/photos';
import { roleCookies, staffHeaders } from '../../test/staff';

/**
 * Every way a member's credits move, replayed through the API on one database: after each, and at
 * the end, every member's ledger sums to their balance, each row's balance_after is the running
 * sum, every reason is one of the ledger's enum, and the member heard their new balance once.
 */

const clock = { now: new Date('2026-06-01T10:00:00Z') };
let t: TestApp;
let staff: Record<StaffRole, string>;
beforeAll(async () => {
  t = await testApp({ now: () => clock.now });
  staff = await roleCookies(t.db, clock.now);
});
afterAll(() => t?.close());

const tick = (ms = 3000) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

const headers = (cookie: string) => ({ host: 'main.test', 'x-requested-with': 'XMLHttpRequest', cookie });

let addresses = 0;
/** A member who signs up through the form, then confirms their address (as the activation link does). */
async function signedUp() {
  const id = randomBytes(4).toString('hex');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    remoteAddress: `10.9.0.${++addresses}`,
    headers: { host: 'main.test', 'x-requested-with': 'XMLHttpRequest', 'cf-ipcountry': 'NL' },
    payload: {
      email: `ledger-${id}@example.test`,
      name: `Lotte${id.slice(0, 4)}`,
      password: 'Tulpen-op-zolder-7',
      date_of_birth: '1994-02-11',
      gender: 'female',
      seeking_gender: 'male',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const memberId = res.json().user.profile.id as number;
  await t.db
    .update(members)
    .set({ status: 'active', emailConfirmedAt: clock.now })
    .where(eq(members.id, memberId));
  return { id: memberId, cookie: await loginCookie(t.db, memberId, clock.now) };
}

/** A member the tests make directly: no credits, so an empty ledger is right. */
async function plain() {
  const m = await createMember(t.db, { credits: 0 });
  return { id: m.id, cookie: await loginCookie(t.db, m.id, clock.now) };
}

type Member = { id: number; cookie: string };

function listen(memberId: number): ServerEvent[] {
  const heard: ServerEvent[] = [];
  t.app.services.events.subscribe(memberId, (e) => heard.push(e));
  return heard;
}
const balanceEvents = (heard: ServerEvent[]) => heard.filter((e) => e.type === 'credits');

const balance = async (id: number) =>
  (await t.db.select({ credits: members.credits }).from(members).where(eq(members.id, id)))[0]?.credits;

/** Buys the site's first package with iDEAL at the demo provider and pays it on its checkout page. */
async function buy(m: Member) {
  const list = await t.app.inject({ method: 'GET', url: '/api/credits.php', headers: headers(m.cookie) });
  const pkg = (list.json() as CreditsResponse).packages[0];
  if (!pkg) throw new Error('no package on sale');
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payments.php',
    headers: headers(m.cookie),
    payload: { package_id: pkg.id, method: 'ideal', issuer: 'ideal_INGBNL2A' },
  });
  expect(started.statusCode, started.body).toBe(201);
  const body = started.json() as PaymentStarted;
  const paid = await t.app.inject({
    method: 'POST',
    url: new URL(body.checkout_url as string).pathname,
    headers: { host: 'main.test', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=paid',
  });
  expect(paid.statusCode).toBe(303);
  // What the payment itself grants and cost (a discount may change either from the list).
  return { paymentId: body.payment.id, credits: body.payment.credits, amount: body.payment.amount };
}

async function message(from: Member, to: { member_id: number }, extra: Record<string, unknown> = {}) {
  tick();
  return t.app.inject({
    method: 'POST',
    url: '/api/messages.php',
    headers: headers(from.cookie),
    payload: { client_id: randomUUID(), body: 'Hallo daar', ...to, ...extra },
  });
}

/** A photo message as the browser's FormData sends it. */
async function photoMessage(from: Member, to: number) {
  tick();
  const boundary = `----ledger${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    field('client_id', randomUUID()),
    field('member_id', String(to)),
    field('body', 'Kijk!'),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="photo"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    await testImage('jpeg'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/messages.php',
    headers: { ...headers(from.cookie), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const adminPost = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...staffHeaders(staff.admin), host: 'main.test' },
    payload,
  });

/**
 * The ledger's invariants for every member of the database: the rows sum to the balance, each
 * row's balance_after is the sum up to it and never below zero, and no reason is outside the enum.
 */
async function expectLedgerMatchesBalances() {
  const rows = await t.db.select().from(creditLedger).orderBy(asc(creditLedger.id));
  const everyone = await t.db.select({ id: members.id, credits: members.credits }).from(members);
  const running = new Map<number, number>();
  for (const row of rows) {
    const sum = (running.get(row.memberId) ?? 0) + row.delta;
    running.set(row.memberId, sum);
    expect(row.balanceAfter, `ledger row ${row.id}`).toBe(sum);
    expect(row.balanceAfter).toBeGreaterThanOrEqual(0);
    expect(CREDIT_REASONS).toContain(row.reason);
  }
  for (const m of everyone) expect(m.credits, `member ${m.id}`).toBe(running.get(m.id) ?? 0);
  // The database agrees, in one query.
  const off = await t.db.execute(sql`
    SELECT m.id FROM members m LEFT JOIN credit_ledger l ON l.member_id = m.id
    GROUP BY m.id, m.credits HAVING m.credits <> coalesce(sum(l.delta), 0)`);
  expect(off.rows).toEqual([]);
  return rows;
}

describe('the credits ledger', () => {
  test('the enum of the database is the list of reasons the code writes', async () => {
    const res = await t.db.execute(sql`SELECT unnest(enum_range(NULL::credit_reason))::text AS reason`);
    expect(res.rows.map((r) => (r as { reason: string }).reason)).toEqual([...CREDIT_REASONS]);
    // A reason outside it cannot be written.
    const member = await plain();
    await expect(
      t.db.execute(
        sql`INSERT INTO credit_ledger (member_id, delta, balance_after, reason) VALUES (${member.id}, 1, 1, 'bonus')`,
      ),
    ).rejects.toThrow();
  });

  test('every money path keeps each ledger summing to its balance and announces the balance once', async () => {
    const a = await signedUp();
    const b = await plain();
    const heard = listen(a.id);

    // The sign-up bonus.
    const bonus = await balance(a.id);
    expect(bonus).toBeGreaterThan(0);
    await expectLedgerMatchesBalances();

    // A paid package: the credits granted once, the member told once.
    const first = await buy(a);
    expect(await balance(a.id)).toBe((bonus ?? 0) + first.credits);
    expect(balanceEvents(heard)).toEqual([{ type: 'credits', credits: (bonus ?? 0) + first.credits }]);
    await expectLedgerMatchesBalances();

    // A text that starts the chat, one in the chat (the batched send), a text with contact details
    // (screened in its own transaction), a gift and a photo.
    heard.length = 0;
    const spends: { res: Awaited<ReturnType<typeof message>>; reason: string }[] = [];
    spends.push({ res: await message(a, { member_id: b.id }), reason: 'message' });
    spends.push({ res: await message(a, { member_id: b.id }, { body: 'Nog eentje' }), reason: 'message' });
    spends.push({
      res: await message(a, { member_id: b.id }, { body: 'bel me op 06-12345678' }),
      reason: 'message',
    });
    const gifts = (await t.app.inject({ method: 'GET', url: '/api/gifts.php', headers: headers('') })).json()
      .gifts as { id: number; credits: number }[];
    const gift = gifts[0] as { id: number; credits: number };
    spends.push({
      res: await message(a, { member_id: b.id }, { kind: 'gift', gift_id: gift.id, body: '' }),
      reason: 'gift',
    });
    spends.push({ res: await photoMessage(a, b.id), reason: 'photo_message' });
    for (const { res } of spends) expect(res.statusCode, res.body).toBe(200);
    const balances = spends.map(({ res }) => res.json().credits as number);
    expect(balanceEvents(heard)).toEqual(balances.map((credits) => ({ type: 'credits', credits })));
    const spent = await t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.memberId, a.id))
      .orderBy(asc(creditLedger.id));
    expect(spent.slice(-spends.length).map((e) => [e.reason, e.balanceAfter])).toEqual(
      spends.map(({ reason }, i) => [reason, balances[i]]),
    );
    await expectLedgerMatchesBalances();

    // A member without credits is refused, and nothing is written or announced.
    const heardB = listen(b.id);
    const refused = await message(b, { member_id: a.id });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toBe('not_enough_credits');
    expect(balanceEvents(heardB)).toEqual([]);
    await expectLedgerMatchesBalances();

    // An admin adjustment up and down; below zero is refused.
    heard.length = 0;
    const up = await adminPost('/api/admin/member-credits.php', {
      member_id: a.id,
      delta: 40,
      reason: 'outage',
    });
    expect(up.statusCode, up.body).toBe(200);
    const down = await adminPost('/api/admin/member-credits.php', {
      member_id: a.id,
      delta: -7,
      reason: 'abuse',
    });
    expect(down.statusCode, down.body).toBe(200);
    const tooMuch = await adminPost('/api/admin/member-credits.php', {
      member_id: a.id,
      delta: -(down.json().credits + 1),
      reason: 'too much',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('credits_negative');
    expect(balanceEvents(heard)).toEqual([
      { type: 'credits', credits: up.json().credits },
      { type: 'credits', credits: down.json().credits },
    ]);
    await expectLedgerMatchesBalances();

    // A second package, refunded in part and then in full: its credits' share taken back.
    const second = await buy(a);
    heard.length = 0;
    const before = (await balance(a.id)) as number;
    const half = Math.floor(second.amount / 2);
    const part = await adminPost('/api/admin/member-refund.php', {
      payment_id: second.paymentId,
      amount: half,
      reason: 'goodwill',
    });
    expect(part.statusCode, part.body).toBe(200);
    const partTaken = Math.floor((second.credits * half) / second.amount);
    expect(part.json()).toMatchObject({ credits_taken: partTaken, credits: before - partTaken });
    const rest = await adminPost('/api/admin/member-refund.php', {
      payment_id: second.paymentId,
      amount: second.amount - half,
      reason: 'the rest',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ credits_taken: second.credits - partTaken });
    expect(balanceEvents(heard)).toEqual([
      { type: 'credits', credits: part.json().credits },
      { type: 'credits', credits: rest.json().credits },
    ]);
    await expectLedgerMatchesBalances();

    // The member spent the first package's credits down to a few; its full refund takes only those.
    const left = (await balance(a.id)) as number;
    const spendTo = Math.min(left, 2);
    if (left > spendTo) {
      const drop = await adminPost('/api/admin/member-credits.php', {
        member_id: a.id,
        delta: spendTo - left,
        reason: 'spent',
      });
      expect(drop.statusCode, drop.body).toBe(200);
    }
    const whole = await adminPost('/api/admin/member-refund.php', {
      payment_id: first.paymentId,
      amount: first.amount,
      reason: 'refunded in full',
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toMatchObject({ credits_taken: spendTo, credits: 0, paid: false });

    const rows = await expectLedgerMatchesBalances();
    const reasons = new Set(rows.filter((r) => r.memberId === a.id).map((r) => r.reason));
    expect([...reasons].sort()).toEqual(
      ['adjustment', 'gift', 'message', 'photo_message', 'purchase', 'refund', 'signup_bonus'].sort(),
    );
  });
});
