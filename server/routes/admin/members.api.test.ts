import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MEMBER_SEARCH_PAGE } from '../../../common/api/admin/members';
import type { StaffRole } from '../../../common/api/admin/staff';
import { CREDIT_ADJUSTMENT_MAX } from '../../../common/constants';
import {
  auditLog,
  creditLedger,
  demoPayments,
  memberNotices,
  members,
  payments,
  photos,
  profiles,
  pushSubscriptions,
  reports,
  sessions,
} from '../../db/schema';
import { createMember, loginCookie, siteId, type TestApp, testApp } from '../../test/app';
import { roleCookies, staffHeaders } from '../../test/staff';

const NOW = new Date('2026-06-01T10:00:00Z');
let t: TestApp;
let cookies: Record<StaffRole, string>;
let memberCookie: string;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  cookies = await roleCookies(t.db, NOW);
  memberCookie = await loginCookie(t.db, (await createMember(t.db)).id, NOW);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...staffHeaders(cookie), host: 'main.test' }, payload });

const memberRow = async (id: number) => (await t.db.select().from(members).where(eq(members.id, id)))[0];
const ledgerOf = (id: number) =>
  t.db.select().from(creditLedger).where(eq(creditLedger.memberId, id)).orderBy(desc(creditLedger.id));
const auditOf = (type: string, id: string | number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, String(id))))
    .orderBy(auditLog.id);

/** A paid demo payment of `m`, as the purchase flow leaves it: credits granted, premium, ledger row. */
async function paidPayment(
  m: { id: number },
  over: { amount?: number; credits?: number; status?: 'paid' | 'open' } = {},
) {
  const amount = over.amount ?? 2000;
  const credits = over.credits ?? 100;
  const status = over.status ?? 'paid';
  const providerId = `demo_test${Math.random().toString(36).slice(2, 12)}`;
  await t.db.insert(demoPayments).values({
    id: providerId,
    amount,
    currency: 'EUR',
    description: `${credits} credits`,
    method: 'ideal',
    redirectUrl: 'http://main.test/credits',
    webhookUrl: 'http://main.test/api/payment-webhook.php',
    status,
  });
  const [row] = await t.db
    .insert(payments)
    .values({
      siteId: await siteId(t.db, 'main.test'),
      memberId: m.id,
      packageId: (await t.db.query.creditPackages.findFirst())?.id as number,
      credits,
      amount,
      currency: 'EUR',
      country: 'NL',
      method: 'ideal',
      provider: 'demo',
      providerPaymentId: providerId,
      status,
      paidAt: status === 'paid' ? NOW : null,
      creditedAt: status === 'paid' ? NOW : null,
    })
    .returning();
  if (!row) throw new Error('payment not inserted');
  if (status === 'paid') {
    const member = await memberRow(m.id);
    const balance = (member?.credits ?? 0) + credits;
    await t.db.update(members).set({ credits: balance, paidUser: true }).where(eq(members.id, m.id));
    await t.db.insert(creditLedger).values({
      memberId: m.id,
      delta: credits,
      balanceAfter: balance,
      reason: 'purchase',
      reference: row.id,
    });
  }
  return { ...row, providerId };
}

describe('who may use the members console', () => {
  test('every endpoint refuses a member’s session and the roles below its own', async () => {
    const m = await createMember(t.db, { photo: {} });
    const p = await paidPayment(m);
    const endpoints: { method: Method; url: string; role: StaffRole; body?: object }[] = [
      { method: 'GET', url: '/api/admin/members.php?q=a', role: 'support' },
      { method: 'GET', url: `/api/admin/member.php?id=${m.id}`, role: 'support' },
      { method: 'GET', url: `/api/admin/member-ledger.php?id=${m.id}`, role: 'support' },
      { method: 'GET', url: `/api/admin/member-photo.php?id=${m.photo?.id}`, role: 'support' },
      {
        method: 'DELETE',
        url: '/api/admin/member-sessions.php',
        role: 'support',
        body: { member_id: m.id, reason: 'asked by the member' },
      },
      {
        method: 'POST',
        url: '/api/admin/member-credits.php',
        role: 'admin',
        body: { member_id: m.id, delta: 10, reason: 'goodwill' },
      },
      {
        method: 'POST',
        url: '/api/admin/member-refund.php',
        role: 'admin',
        body: { payment_id: p.id, amount: 100, reason: 'goodwill' },
      },
      {
        method: 'POST',
        url: '/api/admin/member-sanction.php',
        role: 'moderator',
        body: { member_id: m.id, action: 'suspend', days: 3, reason: 'spam' },
      },
      {
        method: 'PUT',
        url: '/api/admin/member-fictional.php',
        role: 'admin',
        body: { member_id: m.id, fictional: true, reason: 'operator profile' },
      },
    ];
    const lower: Record<StaffRole, StaffRole[]> = {
      support: [],
      moderator: ['support'],
      admin: ['support', 'moderator'],
    };
    for (const e of endpoints) {
      const asMember = await call(e.method, e.url, memberCookie, e.body);
      expect(asMember.statusCode, `${e.url} as a member`).toBe(403);
      expect(asMember.json().error).toBe('authentication_required');
      const anonymous = await call(e.method, e.url, '', e.body);
      expect(anonymous.statusCode, `${e.url} without a session`).toBe(403);
      for (const role of lower[e.role]) {
        const res = await call(e.method, e.url, cookies[role], e.body);
        expect(res.statusCode, `${e.url} as ${role}`).toBe(403);
        expect(res.json().error).toBe('staff_role_required');
      }
    }
    // Nothing of the refused calls happened.
    expect(await memberRow(m.id)).toMatchObject({ credits: 103, status: 'active' });
    expect((await t.db.select().from(payments).where(eq(payments.id, p.id)))[0]?.refundedAmount).toBe(0);
    expect((await t.db.select().from(profiles).where(eq(profiles.memberId, m.id)))[0]?.fictional).toBe(false);
    expect(await auditOf('member', m.id)).toEqual([]);
  });
});

describe('GET /api/admin/members.php', () => {
  const search = async (query: string, role: StaffRole = 'support') => {
    const res = await call('GET', `/api/admin/members.php?${query}`, cookies[role]);
    return { res, body: res.json() };
  };

  test('finds by e-mail, exact or by prefix and in any case, by name prefix and by id', async () => {
    const m = await createMember(t.db, { name: 'Quirinavandam', photo: { premium: true } });
    await t.db.update(members).set({ email: 'Quirina.Dam@Example.test' }).where(eq(members.id, m.id));
    for (const q of ['quirina.dam@example.test', 'QUIRINA.DAM@', 'quirina.d']) {
      const { body } = await search(`q=${encodeURIComponent(q)}&by=email`);
      expect(body.members.map((r: { id: number }) => r.id)).toEqual([m.id]);
    }
    const auto = await search(`q=${encodeURIComponent('quirina.dam@EXAMPLE.test')}`);
    expect(auto.body.members).toMatchObject([
      {
        id: m.id,
        email: 'Quirina.Dam@Example.test',
        name: 'Quirinavandam',
        site: 'main.test',
        status: 'active',
        credits: 3,
        deleted: false,
        thumb_url: `/api/admin/member-photo.php?id=${m.photo?.id}&size=thumb`,
      },
    ]);
    expect((await search('q=quirinav')).body.members.map((r: { id: number }) => r.id)).toEqual([m.id]);
    expect((await search('q=QUIRINAVAN&by=name')).body.members).toHaveLength(1);
    expect((await search(`q=${m.id}`)).body.members.map((r: { id: number }) => r.id)).toEqual([m.id]);
    expect((await search(`q=${m.id}&by=id`)).body.members).toHaveLength(1);
    expect((await search('q=quirinaz')).body.members).toEqual([]);
    expect((await search('q=999999999')).body.members).toEqual([]);
  });

  test('“Whatever fits” finds a member by the beginning of their e-mail address, as its help text says', async () => {
    const m = await createMember(t.db, { name: 'Zwaluw' });
    await t.db.update(members).set({ email: 'Hendrika.Prefix@Example.test' }).where(eq(members.id, m.id));
    for (const q of ['hendrika.pre', 'HENDRIKA', 'hendrika.prefix@ex'])
      expect(
        (await search(`q=${encodeURIComponent(q)}`)).body.members.map((r: { id: number }) => r.id),
        q,
      ).toEqual([m.id]);
    // A member whose name and address both start so is listed once.
    const both = await createMember(t.db, { name: 'Hendrikabeide' });
    await t.db.update(members).set({ email: 'hendrikabeide@example.test' }).where(eq(members.id, both.id));
    expect((await search('q=hendrika')).body.members.map((r: { id: number }) => r.id)).toEqual([
      both.id,
      m.id,
    ]);
  });

  test('“Whatever fits” pages through names, then addresses, without repeats or gaps', async () => {
    const byName = [];
    const byEmail = [];
    for (let i = 0; i < MEMBER_SEARCH_PAGE - 2; i++)
      byName.push(await createMember(t.db, { name: `Wielewaal${String(i).padStart(3, '0')}` }));
    for (let i = 0; i < 5; i++) {
      const m = await createMember(t.db, { name: `Anders${i}` });
      await t.db
        .update(members)
        .set({ email: `wielewaal.mail${i}@example.test` })
        .where(eq(members.id, m.id));
      byEmail.push(m);
    }
    const first = await search('q=wielewaal');
    expect(first.body.members).toHaveLength(MEMBER_SEARCH_PAGE);
    const second = await search(`q=wielewaal&cursor=${first.body.next_cursor}`);
    expect(second.body.next_cursor).toBeNull();
    const ids = [...first.body.members, ...second.body.members].map((r: { id: number }) => r.id);
    expect(ids).toEqual([...byName, ...byEmail].map((m) => m.id));
  });

  test('filters by site', async () => {
    const main = await createMember(t.db, { name: 'Siteprobemain' });
    const other = await createMember(t.db, { name: 'Siteprobeother', domain: 'first.test' });
    const all = await search('q=siteprobe');
    expect(all.body.members.map((r: { id: number }) => r.id).sort()).toEqual([main.id, other.id].sort());
    const site = await siteId(t.db, 'first.test');
    for (const by of ['name', 'email']) {
      const one = await search(`q=siteprobe&by=${by}&site_id=${site}`);
      expect(one.body.members.map((r: { id: number }) => r.id)).toEqual([other.id]);
    }
    expect((await search(`q=${main.id}&site_id=${site}`)).body.members).toEqual([]);
  });

  test('pages by keyset in name order, without repeats or gaps', async () => {
    const made = [];
    for (let i = 0; i < MEMBER_SEARCH_PAGE + 5; i++)
      made.push(await createMember(t.db, { name: `Pagina${String(i).padStart(3, '0')}x` }));
    const first = await search('q=pagina');
    expect(first.body.members).toHaveLength(MEMBER_SEARCH_PAGE);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await search(`q=pagina&cursor=${first.body.next_cursor}`);
    expect(second.body.members).toHaveLength(5);
    expect(second.body.next_cursor).toBeNull();
    const ids = [...first.body.members, ...second.body.members].map((r: { id: number }) => r.id);
    expect(ids).toEqual(made.map((m) => m.id));
  });

  test('bad input is 400', async () => {
    for (const query of [
      'q=',
      'by=email',
      'q=a&by=phone',
      'q=a&cursor=not*a*cursor',
      'q=a&cursor=bm9wZQ',
      'q=a&x=1',
    ]) {
      expect((await search(query)).res.statusCode, query).toBe(400);
    }
    expect((await search(`q=${'a'.repeat(255)}`)).res.statusCode).toBe(400);
  });
});

describe('GET /api/admin/member.php', () => {
  test('shows the whole record, premium photos too, never a password hash or a message', async () => {
    const m = await createMember(t.db, { name: 'Recordtest', photo: { premium: true } });
    await t.db
      .update(members)
      .set({ passwordHash: 'argon2id$secret-hash', tracking: { network: 'ads1' }, emailConfirmedAt: NOW })
      .where(eq(members.id, m.id));
    const reporter = await createMember(t.db, { name: 'Reporterx' });
    const site = await siteId(t.db, 'main.test');
    await t.db.insert(reports).values([
      {
        siteId: site,
        reporterId: reporter.id,
        reportedId: m.id,
        reportedName: 'Recordtest',
        subject: 'member',
        reason: 'spam',
      },
      {
        siteId: site,
        reporterId: m.id,
        reportedId: reporter.id,
        reportedName: 'Reporterx',
        subject: 'photo',
        reason: 'other',
      },
    ]);
    await t.db
      .insert(memberNotices)
      .values({ memberId: m.id, kind: 'statement', action: 'warn', note: 'be nice' });
    await loginCookie(t.db, m.id, NOW);
    const p = await paidPayment(m);
    const res = await call('GET', `/api/admin/member.php?id=${m.id}`, cookies.support);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secret-hash');
    expect(res.body).not.toMatch(/password/i);
    const { member } = res.json();
    expect(member.account).toMatchObject({
      id: m.id,
      site: 'main.test',
      email: `${m.name}@example.test`,
      status: 'active',
      credits: 103,
      paid: true,
      language: 'nl',
      tracking: { network: 'ads1' },
      email_confirmed_at: NOW.toISOString(),
      banned: false,
      deleted_at: null,
    });
    expect(member.profile).toMatchObject({
      name: 'Recordtest',
      gender: 'female',
      country: 'NL',
      fictional: false,
      age: 35,
    });
    expect(member.photos).toMatchObject([{ id: m.photo?.id, premium: true, main: true, status: 'approved' }]);
    expect(member.payments).toMatchObject([{ id: p.id, status: 'paid', amount: 2000, refundable: 2000 }]);
    expect(member.reports.against).toMatchObject([
      { reason: 'spam', status: 'open', other: { id: reporter.id, name: 'Reporterx' } },
    ]);
    expect(member.reports.by).toMatchObject([
      { subject: 'photo', other: { id: reporter.id, name: 'Reporterx' } },
    ]);
    expect(member.reports.against_open).toBe(1);
    expect(member.notices).toMatchObject([{ kind: 'statement', action: 'warn', note: 'be nice' }]);
    expect(member.sessions).toEqual({ active: 1, push_subscriptions: 0 });

    // The premium photo's bytes, which members without premium never get, load for staff.
    const key = (
      await t.db
        .select()
        .from(photos)
        .where(eq(photos.id, m.photo?.id as number))
    )[0]?.thumbKey as string;
    await t.app.services.storage.put(key, Buffer.from('webp-bytes'));
    const img = await call('GET', member.photos[0].thumb_url, cookies.support);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.body).toBe('webp-bytes');
  });

  test('unknown ids are 404, bad ids 400', async () => {
    expect((await call('GET', '/api/admin/member.php?id=987654321', cookies.support)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/member-ledger.php?id=987654321', cookies.support)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/admin/member-photo.php?id=987654321', cookies.support)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/admin/member.php?id=abc', cookies.support)).statusCode).toBe(400);
  });
});

describe('POST /api/admin/member-credits.php', () => {
  const adjust = (body: object, role: StaffRole = 'admin') =>
    call('POST', '/api/admin/member-credits.php', cookies[role], body);

  test('adds and takes credits: balance, ledger row and audit row together', async () => {
    const m = await createMember(t.db);
    const res = await adjust({ member_id: m.id, delta: 50, reason: '  compensation for an outage ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      credits: 53,
      entry: { delta: 50, balance_after: 53, reason: 'adjustment' },
    });
    expect((await adjust({ member_id: m.id, delta: -53, reason: 'abuse' })).json().credits).toBe(0);
    expect((await memberRow(m.id))?.credits).toBe(0);
    const ledger = await ledgerOf(m.id);
    expect(ledger).toMatchObject([
      { delta: -53, balanceAfter: 0, reason: 'adjustment' },
      { delta: 50, balanceAfter: 53, reason: 'adjustment' },
    ]);
    expect(ledger[0]?.reference).toMatch(/^staff:\d+$/);
    const rows = await auditOf('member', m.id);
    expect(rows).toMatchObject([
      {
        action: 'member.credits',
        reason: 'compensation for an outage',
        details: { delta: 50, balance_after: 53 },
      },
      { action: 'member.credits', reason: 'abuse', details: { delta: -53, balance_after: 0 } },
    ]);
    expect(rows[0]?.staffId).toEqual(expect.any(Number));

    // The ledger endpoint pages it, newest first.
    const page = await call('GET', `/api/admin/member-ledger.php?id=${m.id}`, cookies.support);
    expect(page.json()).toMatchObject({ entries: [{ delta: -53 }, { delta: 50 }], next_cursor: null });
  });

  test('a balance never goes negative; bad input changes nothing', async () => {
    const m = await createMember(t.db);
    const negative = await adjust({ member_id: m.id, delta: -4, reason: 'too much' });
    expect(negative.statusCode).toBe(409);
    expect(negative.json()).toMatchObject({ error: 'credits_negative', message: expect.any(String) });
    for (const body of [
      { member_id: m.id, delta: 0, reason: 'nothing' },
      { member_id: m.id, delta: CREDIT_ADJUSTMENT_MAX + 1, reason: 'too many' },
      { member_id: m.id, delta: -CREDIT_ADJUSTMENT_MAX - 1, reason: 'too many' },
      { member_id: m.id, delta: 1.5, reason: 'half' },
      { member_id: m.id, delta: 5 },
      { member_id: m.id, delta: 5, reason: '   ' },
      { member_id: m.id, delta: 5, reason: 'x'.repeat(501) },
    ]) {
      const res = await adjust(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await adjust({ member_id: 987654321, delta: 5, reason: 'nobody' })).statusCode).toBe(404);
    expect((await memberRow(m.id))?.credits).toBe(3);
    expect(await ledgerOf(m.id)).toEqual([]);
    expect(await auditOf('member', m.id)).toEqual([]);
  });
});

describe('POST /api/admin/member-refund.php', () => {
  const refund = (body: object, role: StaffRole = 'admin') =>
    call('POST', '/api/admin/member-refund.php', cookies[role], body);
  const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
  const demoRow = async (id: string) =>
    (await t.db.select().from(demoPayments).where(eq(demoPayments.id, id)))[0];

  test('refunds through the demo provider in parts, takes back the credits’ share, then premium', async () => {
    const m = await createMember(t.db);
    const p = await paidPayment(m, { amount: 2000, credits: 100 });
    const half = await refund({ payment_id: p.id, amount: 1000, reason: 'unhappy with the service' });
    expect(half.statusCode).toBe(200);
    expect(half.json()).toMatchObject({
      payment: { id: p.id, refunded_amount: 1000, refundable: 1000, refunded_at: NOW.toISOString() },
      credits_taken: 50,
      credits: 53,
      paid: true,
    });
    expect((await demoRow(p.providerId))?.refundedAmount).toBe(1000);

    // The member spent most of the rest: the refund takes what is there, never below zero.
    await t.db.update(members).set({ credits: 10 }).where(eq(members.id, m.id));
    const rest = await refund({ payment_id: p.id, amount: 1000, reason: 'the rest' });
    expect(rest.json()).toMatchObject({ credits_taken: 10, credits: 0, paid: false });
    expect(await paymentRow(p.id)).toMatchObject({ refundedAmount: 2000, status: 'paid' });
    expect((await demoRow(p.providerId))?.refundedAmount).toBe(2000);
    expect(await memberRow(m.id)).toMatchObject({ credits: 0, paidUser: false });
    const ledger = await ledgerOf(m.id);
    expect(ledger.filter((e) => e.reason === 'refund')).toMatchObject([
      { delta: -10, balanceAfter: 0, reference: p.id },
      { delta: -50, balanceAfter: 53, reference: p.id },
    ]);
    expect(await auditOf('payment', p.id)).toMatchObject([
      {
        action: 'payment.refund',
        reason: 'unhappy with the service',
        details: { amount: 1000, credits_taken: 50 },
      },
      {
        action: 'payment.refund',
        reason: 'the rest',
        details: { amount: 1000, credits_due: 50, credits_taken: 10, premium_withdrawn: true },
      },
    ]);

    // Fully refunded: nothing is left to refund.
    const again = await refund({ payment_id: p.id, amount: 1, reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('payment_not_refundable');
  });

  test('premium stays while another payment stands', async () => {
    const m = await createMember(t.db);
    const first = await paidPayment(m, { amount: 1000, credits: 40 });
    await paidPayment(m, { amount: 500, credits: 20 });
    const res = await refund({ payment_id: first.id, amount: 1000, reason: 'double purchase' });
    expect(res.json()).toMatchObject({ credits_taken: 40, paid: true });
  });

  test('refuses more than is left, an unpaid payment, unknown ids and bad input, changing nothing', async () => {
    const m = await createMember(t.db);
    const p = await paidPayment(m, { amount: 2000 });
    const open = await paidPayment(m, { status: 'open' });
    const tooMuch = await refund({ payment_id: p.id, amount: 2001, reason: 'too much' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('refund_too_large');
    const unpaid = await refund({ payment_id: open.id, amount: 100, reason: 'not paid' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toBe('payment_not_refundable');
    const unknown = await refund({
      payment_id: '00000000-0000-4000-8000-000000000000',
      amount: 100,
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    for (const body of [
      { payment_id: p.id, amount: 0, reason: 'zero' },
      { payment_id: p.id, amount: -5, reason: 'negative' },
      { payment_id: p.id, amount: 10.5, reason: 'fraction' },
      { payment_id: p.id, amount: 100 },
      { payment_id: 'not-a-uuid', amount: 100, reason: 'x' },
    ]) {
      expect((await refund(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    // A provider that refuses (its record says it was never paid) is 502, and nothing changes.
    await t.db.update(demoPayments).set({ status: 'failed' }).where(eq(demoPayments.id, p.providerId));
    const refused = await refund({ payment_id: p.id, amount: 100, reason: 'provider says no' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toBe('refund_failed');

    expect(await paymentRow(p.id)).toMatchObject({ refundedAmount: 0, refundedAt: null });
    expect(await memberRow(m.id)).toMatchObject({ credits: 103, paidUser: true });
    expect((await ledgerOf(m.id)).filter((e) => e.reason === 'refund')).toEqual([]);
    expect(await auditOf('payment', p.id)).toEqual([]);
    expect(await auditOf('payment', open.id)).toEqual([]);
  });
});

describe('PUT /api/admin/member-fictional.php', () => {
  test('marks a profile fictional: the member app then shows it as fictional', async () => {
    const m = await createMember(t.db, { photo: {} });
    const viewer = await loginCookie(t.db, (await createMember(t.db, { gender: 'male' })).id, NOW);
    const asMember = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/member.php?id=${m.id}`,
          headers: { host: 'main.test', 'x-requested-with': 'XMLHttpRequest', cookie: viewer },
        })
      ).json().profile;
    expect((await asMember()).fictional).toBe(false);

    const res = await call('PUT', '/api/admin/member-fictional.php', cookies.admin, {
      member_id: m.id,
      fictional: true,
      reason: 'profile run by the team',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fictional: true });
    expect((await asMember()).fictional).toBe(true);
    // The same again changes nothing and is not logged twice.
    await call('PUT', '/api/admin/member-fictional.php', cookies.admin, {
      member_id: m.id,
      fictional: true,
      reason: 'again',
    });
    await call('PUT', '/api/admin/member-fictional.php', cookies.admin, {
      member_id: m.id,
      fictional: false,
      reason: 'a real person',
    });
    expect((await asMember()).fictional).toBe(false);
    expect(await auditOf('member', m.id)).toMatchObject([
      { action: 'member.fictional', reason: 'profile run by the team' },
      { action: 'member.not_fictional', reason: 'a real person' },
    ]);
  });

  test('unknown members are 404, a missing reason 400', async () => {
    const bad = await call('PUT', '/api/admin/member-fictional.php', cookies.admin, {
      member_id: 987654321,
      fictional: true,
      reason: 'x',
    });
    expect(bad.statusCode).toBe(404);
    const m = await createMember(t.db);
    const noReason = await call('PUT', '/api/admin/member-fictional.php', cookies.admin, {
      member_id: m.id,
      fictional: true,
    });
    expect(noReason.statusCode).toBe(400);
    expect((await t.db.select().from(profiles).where(eq(profiles.memberId, m.id)))[0]?.fictional).toBe(false);
  });
});

describe('DELETE /api/admin/member-sessions.php', () => {
  test('logs the member out everywhere, push subscriptions of those sessions with them', async () => {
    const m = await createMember(t.db);
    const a = await loginCookie(t.db, m.id, NOW);
    await loginCookie(t.db, m.id, NOW);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.memberId, m.id));
    await t.db.insert(pushSubscriptions).values({
      memberId: m.id,
      sessionTokenHash: session?.tokenHash,
      endpoint: `https://push.example.test/${m.id}`,
      p256dh: 'key',
      auth: 'auth',
    });
    const user = () =>
      t.app.inject({
        url: '/api/user.php',
        headers: { host: 'main.test', 'x-requested-with': 'XMLHttpRequest', cookie: a },
      });
    expect((await user()).json().user).not.toBeNull();

    const res = await call('DELETE', '/api/admin/member-sessions.php', cookies.support, {
      member_id: m.id,
      reason: 'phone stolen',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await user()).json().user).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, m.id))).toEqual([]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, m.id))).toEqual(
      [],
    );
    expect(await auditOf('member', m.id)).toMatchObject([
      { action: 'member.end_sessions', reason: 'phone stolen', details: { ended: 2 } },
    ]);
  });

  test('unknown members are 404, a missing reason 400', async () => {
    const m = await createMember(t.db);
    await loginCookie(t.db, m.id, NOW);
    const del = (body: object) => call('DELETE', '/api/admin/member-sessions.php', cookies.support, body);
    expect((await del({ member_id: 987654321, reason: 'x' })).statusCode).toBe(404);
    expect((await del({ member_id: m.id })).statusCode).toBe(400);
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, m.id))).toHaveLength(1);
  });
});

describe('POST /api/admin/member-sanction.php', () => {
  const sanction = (body: object, role: StaffRole = 'moderator') =>
    call('POST', '/api/admin/member-sanction.php', cookies[role], body);

  test('suspends for days, lifts, bans: status, sessions, statement, audit', async () => {
    const m = await createMember(t.db);
    await t.db
      .update(members)
      .set({ emailConfirmedAt: NOW, lastIp: '198.51.100.7' })
      .where(eq(members.id, m.id));
    await loginCookie(t.db, m.id, NOW);
    const res = await sanction({
      member_id: m.id,
      action: 'suspend',
      days: 3,
      ground: 'spam',
      reason: 'Sent the same ad to 40 members.',
    });
    expect(res.statusCode).toBe(200);
    const until = new Date(NOW.getTime() + 3 * 86_400_000).toISOString();
    expect(res.json()).toEqual({ status: 'suspended', suspended_until: until });
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, m.id))).toEqual([]);
    expect(await t.db.select().from(memberNotices).where(eq(memberNotices.memberId, m.id))).toMatchObject([
      { kind: 'statement', action: 'suspend', reason: 'spam', note: 'Sent the same ad to 40 members.' },
    ]);

    const lifted = await sanction({ member_id: m.id, action: 'lift', reason: 'appeal granted' });
    expect(lifted.json()).toEqual({ status: 'active', suspended_until: null });

    const banned = await sanction({ member_id: m.id, action: 'ban', reason: 'scam' }, 'admin');
    expect(banned.json()).toEqual({ status: 'suspended', suspended_until: null });
    const record = (await call('GET', `/api/admin/member.php?id=${m.id}`, cookies.support)).json().member;
    expect(record.account).toMatchObject({ status: 'suspended', suspended_until: null, banned: true });
    expect((await auditOf('member', m.id)).map((a) => a.action)).toEqual([
      'member.suspend',
      'member.lift_suspension',
      'member.ban',
    ]);
  });

  test('bad input and unknown members change nothing', async () => {
    const m = await createMember(t.db);
    expect((await sanction({ member_id: 987654321, action: 'ban', reason: 'x' })).statusCode).toBe(404);
    for (const body of [
      { member_id: m.id, action: 'suspend', reason: 'no days' },
      { member_id: m.id, action: 'suspend', days: 0, reason: 'zero' },
      { member_id: m.id, action: 'suspend', days: 100_000, reason: 'forever' },
      { member_id: m.id, action: 'ban' },
      { member_id: m.id, action: 'delete', reason: 'x' },
    ]) {
      expect((await sanction(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await sanction({ member_id: m.id, action: 'lift', reason: 'not suspended' })).statusCode).toBe(
      409,
    );
    expect(await memberRow(m.id)).toMatchObject({ status: 'active', suspendedUntil: null });
    expect(await auditOf('member', m.id)).toEqual([]);
  });
});
