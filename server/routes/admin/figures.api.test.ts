import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FIGURES_DEFAULT_DAYS, FIGURES_MAX_DAYS } from '../../../common/api/admin/figures';
import {
  activeDays,
  conversations,
  creditPackages,
  members,
  messages,
  pageBounces,
  pageVisits,
  payments,
} from '../../db/schema';
import { recordActivity } from '../../services/accounts/sessions';
import { createMember, loginCookie, siteId, type TestApp, testApp } from '../../test/app';
import { roleCookies, staffHeaders } from '../../test/staff';

const clock = new Date('2026-06-01T10:00:00Z');
let t: TestApp;
let cookies: Awaited<ReturnType<typeof roleCookies>>;
let memberCookie: string;
let main: number;
let first: number;

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/${url}`, headers: staffHeaders(cookie) });

// The figures of these tests live in March 2025, away from the rows other helpers write today.
const at = (iso: string) => new Date(iso);

async function member(site: number, signup: string, tracking: Record<string, string> = {}) {
  const [row] = await t.db
    .insert(members)
    .values({
      siteId: site,
      email: `${randomUUID()}@example.test`,
      language: 'en',
      tracking,
      signupDate: at(signup),
      lastActiveAt: at(signup),
    })
    .returning({ id: members.id });
  return row?.id as number;
}

async function chatWithMessages(site: number, dates: string[]) {
  const a = await createMember(t.db, { domain: site === main ? 'main.test' : 'first.test' });
  const b = await createMember(t.db, { domain: site === main ? 'main.test' : 'first.test' });
  const [c] = await t.db
    .insert(conversations)
    .values({
      siteId: site,
      memberLow: Math.min(a.id, b.id),
      memberHigh: Math.max(a.id, b.id),
      startedBy: a.id,
    })
    .returning({ id: conversations.id });
  await t.db.insert(messages).values(
    dates.map((d) => ({
      conversationId: c?.id as number,
      senderId: a.id,
      clientId: randomUUID(),
      body: 'hello',
      credits: 0,
      createdAt: at(d),
    })),
  );
}

async function payment(
  site: number,
  v: {
    paidAt: string | null;
    amount: number;
    currency: string;
    status?: 'paid' | 'failed';
    refund?: [number, string];
  },
) {
  const [pkg] = await t.db.select().from(creditPackages).where(eq(creditPackages.siteId, site)).limit(1);
  await t.db.insert(payments).values({
    siteId: site,
    packageId: pkg?.id as number,
    credits: pkg?.credits as number,
    amount: v.amount,
    currency: v.currency,
    country: 'NL',
    method: 'ideal',
    provider: 'demo',
    providerPaymentId: randomUUID(),
    status: v.status ?? 'paid',
    paidAt: v.paidAt ? at(v.paidAt) : null,
    refundedAmount: v.refund?.[0] ?? 0,
    refundedAt: v.refund ? at(v.refund[1]) : null,
  });
}

beforeAll(async () => {
  t = await testApp({ now: () => clock });
  cookies = await roleCookies(t.db, clock);
  main = await siteId(t.db, 'main.test');
  first = await siteId(t.db, 'first.test');
  const someone = await createMember(t.db);
  memberCookie = await loginCookie(t.db, someone.id, clock);

  // Signups: two on 3 March (one at its last second), one at midnight of 4 March, one on another site.
  const m1 = await member(main, '2025-03-03T08:00:00Z', { network: 'google', lander: 'landers/gallery' });
  const m2 = await member(main, '2025-03-03T23:59:59Z', { network: 'google', lander: 'landers/gallery' });
  await member(main, '2025-03-04T00:00:00Z');
  const m4 = await member(first, '2025-03-04T12:00:00Z', { network: 'tiktok', lander: 'landers/video' });
  // Outside the range.
  await member(main, '2025-02-28T23:59:59Z');
  await member(main, '2025-03-08T00:00:00Z');

  await t.db.insert(activeDays).values([
    { day: '2025-03-03', memberId: m1, siteId: main },
    { day: '2025-03-03', memberId: m2, siteId: main },
    { day: '2025-03-05', memberId: m1, siteId: main },
    { day: '2025-03-05', memberId: m4, siteId: first },
  ]);

  await chatWithMessages(main, ['2025-03-03T10:00:00Z', '2025-03-03T11:00:00Z', '2025-03-06T09:00:00Z']);
  await chatWithMessages(first, ['2025-03-06T10:00:00Z', '2025-03-09T10:00:00Z']);

  await payment(main, { paidAt: '2025-03-03T12:00:00Z', amount: 1995, currency: 'EUR' });
  await payment(main, {
    paidAt: '2025-03-03T13:00:00Z',
    amount: 4495,
    currency: 'EUR',
    refund: [4495, '2025-03-05T09:00:00Z'],
  });
  await payment(main, { paidAt: '2025-03-04T09:00:00Z', amount: 1795, currency: 'GBP' });
  await payment(main, { paidAt: null, amount: 1995, currency: 'EUR', status: 'failed' });
  await payment(first, { paidAt: '2025-03-04T10:00:00Z', amount: 999, currency: 'EUR' });
  await payment(main, {
    paidAt: '2025-02-20T10:00:00Z',
    amount: 999,
    currency: 'EUR',
    refund: [500, '2025-03-06T10:00:00Z'],
  });

  const visit = (site: number, network: string | null, lander: string, createdAt: string) => ({
    siteId: site,
    path: `/${lander}`,
    lander,
    network,
    createdAt: at(createdAt),
  });
  await t.db
    .insert(pageVisits)
    .values([
      visit(main, 'google', 'landers/gallery', '2025-03-03T07:00:00Z'),
      visit(main, 'google', 'landers/gallery', '2025-03-03T07:30:00Z'),
      visit(main, 'google', 'landers/gallery', '2025-03-04T07:00:00Z'),
      visit(main, null, 'home', '2025-03-04T08:00:00Z'),
      visit(first, 'tiktok', 'landers/video', '2025-03-04T11:00:00Z'),
      visit(main, 'google', 'landers/gallery', '2025-03-10T07:00:00Z'),
    ]);
  await t.db.insert(pageBounces).values([
    {
      siteId: main,
      path: '/landers/gallery',
      lander: 'landers/gallery',
      network: 'google',
      createdAt: at('2025-03-03T07:31:00Z'),
    },
    {
      siteId: first,
      path: '/landers/video',
      lander: 'landers/video',
      network: 'tiktok',
      createdAt: at('2025-03-04T11:01:00Z'),
    },
  ]);
});
afterAll(() => t?.close());

const RANGE = 'from=2025-03-01&to=2025-03-07';

describe('GET /api/admin/figures.php', () => {
  test('a member session and no session get 403; every staff role may read', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/figures.php?${RANGE}` });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error).toBe('authentication_required');
    const asMember = await get(`figures.php?${RANGE}`, memberCookie);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error).toBe('authentication_required');
    for (const role of ['support', 'moderator', 'admin'] as const)
      expect((await get(`figures.php?${RANGE}`, cookies[role])).statusCode).toBe(200);
  });

  test('counts one site per UTC day, zeros included', async () => {
    const res = await get(`figures.php?${RANGE}&site_id=${main}`, cookies.support);
    expect(res.statusCode).toBe(200);
    const f = res.json().figures;
    expect(f).toMatchObject({ from: '2025-03-01', to: '2025-03-07', site_id: main, time_zone: 'UTC' });
    expect(f.days.map((d: { day: string }) => d.day)).toEqual([
      '2025-03-01',
      '2025-03-02',
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
    ]);
    const day = (d: string) => f.days.find((r: { day: string }) => r.day === d);
    expect(day('2025-03-01')).toEqual({
      day: '2025-03-01',
      signups: 0,
      active_members: 0,
      messages: 0,
      purchases: 0,
      visits: 0,
      bounces: 0,
    });
    expect(day('2025-03-03')).toMatchObject({
      signups: 2,
      active_members: 2,
      messages: 2,
      purchases: 2,
      visits: 2,
      bounces: 1,
    });
    expect(day('2025-03-04')).toMatchObject({
      signups: 1,
      active_members: 0,
      messages: 0,
      purchases: 1,
      visits: 2,
      bounces: 0,
    });
    expect(day('2025-03-05')).toMatchObject({ active_members: 1 });
    expect(day('2025-03-06')).toMatchObject({ messages: 1 });
    expect(f.traffic).toEqual([
      { network: 'google', lander: 'landers/gallery', visits: 3, bounces: 1, signups: 2 },
      { network: null, lander: 'home', visits: 1, bounces: 0, signups: 0 },
      { network: null, lander: null, visits: 0, bounces: 0, signups: 1 },
    ]);
  });

  test('all sites add up', async () => {
    const f = (await get(`figures.php?${RANGE}`, cookies.support)).json().figures;
    expect(f.site_id).toBeNull();
    const total = (field: string) =>
      f.days.reduce((n: number, d: Record<string, number>) => n + (d[field] ?? 0), 0);
    expect(total('signups')).toBe(4);
    expect(total('active_members')).toBe(4);
    expect(total('messages')).toBe(4);
    expect(total('purchases')).toBe(4);
    expect(total('visits')).toBe(5);
    expect(total('bounces')).toBe(2);
    expect(f.traffic).toContainEqual({
      network: 'tiktok',
      lander: 'landers/video',
      visits: 1,
      bounces: 1,
      signups: 1,
    });
  });

  test(`no range is the last ${FIGURES_DEFAULT_DAYS} days up to today (UTC)`, async () => {
    const f = (await get('figures.php', cookies.support)).json().figures;
    expect(f.to).toBe('2026-06-01');
    expect(f.days).toHaveLength(FIGURES_DEFAULT_DAYS);
    expect(f.from).toBe('2026-05-03');
  });

  test('bad ranges and unknown sites are refused', async () => {
    for (const query of [
      'from=2025-03-07&to=2025-03-01',
      `from=2024-01-01&to=2025-01-01`,
      'from=2025-02-30&to=2025-03-01',
      'from=yesterday',
      'site_id=abc',
      'site_id=0',
      'colour=red',
    ]) {
      const res = await get(`figures.php?${query}`, cookies.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
    // A year with its leap day is the longest range.
    const year = await get('figures.php?from=2024-01-01&to=2024-12-31', cookies.admin);
    expect(year.statusCode).toBe(200);
    expect(year.json().figures.days).toHaveLength(FIGURES_MAX_DAYS);
    const unknown = await get(`figures.php?${RANGE}&site_id=999999`, cookies.admin);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/admin/revenue.php', () => {
  test('money is the admin’s: a moderator, support and a member get 403', async () => {
    for (const cookie of [cookies.moderator, cookies.support, memberCookie])
      expect((await get(`revenue.php?${RANGE}`, cookie)).statusCode).toBe(403);
    expect((await get(`revenue.php?${RANGE}`, cookies.moderator)).json().error).toBe('staff_role_required');
    expect((await get(`revenue.php?${RANGE}`, cookies.admin)).statusCode).toBe(200);
  });

  test('paid amounts per currency on their day, refunds on theirs', async () => {
    const r = (await get(`revenue.php?${RANGE}&site_id=${main}`, cookies.admin)).json().revenue;
    expect(r.currencies.map((c: { currency: string }) => c.currency)).toEqual(['EUR', 'GBP']);
    const eur = r.currencies[0];
    expect(eur).toMatchObject({ currency: 'EUR', purchases: 2, amount: 1995 + 4495, refunded: 4495 + 500 });
    expect(eur.days).toHaveLength(7);
    const day = (d: string) => eur.days.find((x: { day: string }) => x.day === d);
    expect(day('2025-03-03')).toEqual({ day: '2025-03-03', purchases: 2, amount: 6490, refunded: 0 });
    expect(day('2025-03-05')).toEqual({ day: '2025-03-05', purchases: 0, amount: 0, refunded: 4495 });
    expect(day('2025-03-06')).toEqual({ day: '2025-03-06', purchases: 0, amount: 0, refunded: 500 });
    expect(r.currencies[1]).toMatchObject({ currency: 'GBP', purchases: 1, amount: 1795, refunded: 0 });

    const all = (await get(`revenue.php?${RANGE}`, cookies.admin)).json().revenue;
    expect(all.currencies[0]).toMatchObject({ currency: 'EUR', purchases: 3, amount: 1995 + 4495 + 999 });
  });

  test('bad ranges are 400 here too', async () => {
    expect((await get('revenue.php?from=2025-03-07&to=2025-03-01', cookies.admin)).statusCode).toBe(400);
  });
});

describe('active days', () => {
  test('a login and the first request of a new (UTC) day mark the member active once', async () => {
    const m = await createMember(t.db, { lastActiveAt: at('2025-04-01T23:50:00Z') });
    const days = async () =>
      (await t.db.select({ day: activeDays.day }).from(activeDays).where(eq(activeDays.memberId, m.id)))
        .map((r) => r.day)
        .sort();
    await loginCookie(t.db, m.id, at('2025-04-01T23:50:00Z'));
    await loginCookie(t.db, m.id, at('2025-04-01T23:55:00Z'));
    expect(await days()).toEqual(['2025-04-01']);
    // Seconds later, past midnight: a new day, though the minute of the activity write has not passed.
    await recordActivity(t.db, m.id, at('2025-04-01T23:59:50Z'), at('2025-04-02T00:00:10Z'));
    await recordActivity(t.db, m.id, at('2025-04-02T00:00:10Z'), at('2025-04-02T00:00:20Z'));
    expect(await days()).toEqual(['2025-04-01', '2025-04-02']);
    const [row] = await t.db
      .select()
      .from(activeDays)
      .where(and(eq(activeDays.memberId, m.id), eq(activeDays.day, '2025-04-02')));
    expect(row?.siteId).toBe(main);
  });
});
