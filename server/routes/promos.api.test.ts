import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PromoCard } from '../../common/api/promos';
import { members, promoClicks, promoDomains, promoProfiles } from '../db/schema';
import { createMember, loginCookie, siteId, type TestApp, testApp } from '../test/app';

const NOW = new Date('2026-06-01T12:00:00Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);

let t: TestApp;
let main: number;
let first: number;
let memberCookie = '';
const ids: Record<string, number> = {};

type PromoInsert = Partial<typeof promoProfiles.$inferInsert> & { name: string };
async function promo(values: PromoInsert) {
  const [row] = await t.db
    .insert(promoProfiles)
    .values({
      siteId: main,
      age: 24,
      text: 'Live now',
      url: 'https://cams.partner.test/anna?aff=7',
      ...values,
    })
    .returning();
  if (!row) throw new Error('promo not inserted');
  ids[values.name] = row.id;
  return row.id;
}

const headers = (opts: { cookie?: string; host?: string; country?: string } = {}) => ({
  host: opts.host ?? 'main.test',
  'x-requested-with': 'XMLHttpRequest',
  cookie: [opts.cookie, opts.country ? `country=${opts.country}` : null].filter(Boolean).join('; '),
});

async function shown(opts: Parameters<typeof headers>[0] = {}) {
  const res = await t.app.inject({ method: 'GET', url: '/api/promos.php', headers: headers(opts) });
  expect(res.statusCode).toBe(200);
  return (res.json().promos as PromoCard[]).map((p) => p.name).sort();
}

async function clicksOf(promoId: number) {
  return t.db.select().from(promoClicks).where(eq(promoClicks.promoId, promoId));
}

beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  main = await siteId(t.db, 'main.test');
  first = await siteId(t.db, 'first.test');
  await t.db.insert(promoDomains).values([
    { siteId: main, domain: 'cams.partner.test' },
    { siteId: first, domain: 'cams.partner.test' },
  ]);
  // main.test's niche is 1 (plain), first.test's 3 (bdsm); main.test serves NL, BE and GB.
  await promo({ name: 'Always' });
  await promo({ name: 'InWindow', activeFrom: hours(-1), activeUntil: hours(1) });
  await promo({ name: 'NotYet', activeFrom: hours(1) });
  await promo({ name: 'Over', activeUntil: hours(-1) });
  await promo({ name: 'EndsNow', activeUntil: NOW });
  await promo({ name: 'Off', enabled: false });
  await promo({ name: 'Deleted', deletedAt: hours(-2) });
  await promo({ name: 'OnlyBE', countries: ['BE'] });
  await promo({ name: 'NLorGB', countries: ['NL', 'GB'] });
  await promo({ name: 'PlainNiche', niches: [1, 6] });
  await promo({ name: 'BdsmNiche', niches: [3] });
  await promo({ name: 'OtherSite', siteId: first });
  await promo({ name: 'ForeignLink', url: 'https://elsewhere.test/x' });
  const m = await createMember(t.db, { country: 'NL', photo: {} });
  await t.db
    .update(members)
    .set({ tracking: { network: 'adnet' } })
    .where(eq(members.id, m.id));
  memberCookie = await loginCookie(t.db, m.id, NOW);
});
afterAll(() => t?.close());

describe('which promos are shown', () => {
  test('those active now, for the site, its niche and the viewer’s country', async () => {
    expect(await shown({ country: 'NL' })).toEqual(['Always', 'InWindow', 'NLorGB', 'PlainNiche']);
    expect(await shown({ country: 'BE' })).toEqual(['Always', 'InWindow', 'OnlyBE', 'PlainNiche']);
    expect(await shown({ country: 'GB', cookie: memberCookie })).toEqual([
      'Always',
      'InWindow',
      'NLorGB',
      'PlainNiche',
    ]);
  });

  test('another site shows its own, for its niche', async () => {
    expect(await shown({ host: 'first.test', country: 'DE' })).toEqual(['OtherSite']);
    await promo({ name: 'FirstBdsm', siteId: first, niches: [3] });
    expect(await shown({ host: 'first.test', country: 'DE' })).toEqual(['FirstBdsm', 'OtherSite']);
  });

  test('one promo opens only while it is shown to this viewer', async () => {
    const open = (id: number, opts: Parameters<typeof headers>[0] = { country: 'NL' }) =>
      t.app.inject({ method: 'GET', url: `/api/promo.php?id=${id}`, headers: headers(opts) });
    expect((await open(ids.Always as number)).statusCode).toBe(200);
    for (const name of [
      'NotYet',
      'Over',
      'Off',
      'Deleted',
      'OnlyBE',
      'BdsmNiche',
      'OtherSite',
      'ForeignLink',
    ])
      expect((await open(ids[name] as number)).statusCode, name).toBe(404);
    expect((await open(ids.OnlyBE as number, { country: 'BE' })).statusCode).toBe(200);
    expect((await open(0)).statusCode).toBe(400);
    expect((await open(99_999)).statusCode).toBe(404);
  });

  test('a promo is labelled as an advertisement and carries no member data', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/promo.php?id=${ids.Always}`,
      headers: headers({ country: 'NL' }),
    });
    expect(res.json().promo).toEqual({
      id: ids.Always,
      kind: 'promo',
      label: 'ad',
      name: 'Always',
      age: 24,
      text: 'Live now',
      picture_url: null,
      thumb_url: null,
      partner_host: 'cams.partner.test',
      click_url: `/api/promo-click.php?id=${ids.Always}`,
    });
  });
});

describe('promos are never members', () => {
  test('the member search neither lists nor counts them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/members.php?country=NL',
      headers: headers({ cookie: memberCookie, country: 'NL' }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { profiles: { id: number; name: string }[]; num_results: number | null };
    const names = body.profiles.map((p) => p.name);
    for (const name of Object.keys(ids)) expect(names).not.toContain(name);
    // Only members count: the one of beforeAll is the viewer, so nobody else is found.
    expect(body.num_results).toBe(0);
    expect(body.profiles).toEqual([]);
  });

  test('the match finder neither', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/match-finder.php',
      headers: headers({ cookie: memberCookie, country: 'NL' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().suggestions).toEqual([]);
  });
});

describe('clicks go through the server', () => {
  const click = (id: number, opts: Parameters<typeof headers>[0] & { network?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/promo-click.php?id=${id}${opts.network ? `&network=${opts.network}` : ''}`,
      headers: headers(opts),
    });

  test('counted per promo, day and the visitor’s network, then 302 to the partner', async () => {
    const id = ids.InWindow as number;
    const visitor = await click(id, { network: 'bannerco' });
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe('https://cams.partner.test/anna?aff=7');
    expect(visitor.headers['referrer-policy']).toBe('no-referrer');
    await click(id, { network: 'bannerco' });
    await click(id);
    // A member's network is the one they signed up with, whatever the link says.
    await click(id, { cookie: memberCookie, network: 'bannerco' });
    const rows = (await clicksOf(id)).map((r) => [r.siteId, r.day, r.network, r.clicks]).sort();
    expect(rows).toEqual([
      [main, '2026-06-01', '', 1],
      [main, '2026-06-01', 'adnet', 1],
      [main, '2026-06-01', 'bannerco', 2],
    ]);
  });

  test('a promo not shown now, of another site or with a link off the list sends nobody anywhere', async () => {
    for (const name of ['NotYet', 'Over', 'Off', 'Deleted', 'OtherSite', 'ForeignLink']) {
      const res = await click(ids[name] as number);
      expect(res.statusCode, name).toBe(404);
      expect(res.headers.location, name).toBeUndefined();
      expect(await clicksOf(ids[name] as number), name).toEqual([]);
    }
    expect((await click(0)).statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'GET', url: '/api/promo-click.php?id=abc', headers: headers() });
    expect(bad.statusCode).toBe(400);
  });

  test('taking a host off the allow-list takes its promos off the site', async () => {
    const id = await promo({ name: 'Removable', url: 'https://gone.partner.test/x' });
    await t.db.insert(promoDomains).values({ siteId: main, domain: 'gone.partner.test' });
    expect(await shown({ country: 'NL' })).toContain('Removable');
    expect((await click(id)).statusCode).toBe(302);
    await t.db
      .delete(promoDomains)
      .where(and(eq(promoDomains.siteId, main), eq(promoDomains.domain, 'gone.partner.test')));
    expect(await shown({ country: 'NL' })).not.toContain('Removable');
    expect((await click(id)).statusCode).toBe(404);
  });
});
