import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type {
  AdminDiscountCode,
  AdminPackage,
  AdminSite,
  SiteSettingsEditInput,
} from '../../../common/api/admin/sites';
import type { StaffRole } from '../../../common/api/admin/staff';
import type { CreditsResponse } from '../../../common/api/payments';
import { PACKAGE_PRICE_MAX_CENTS } from '../../../common/constants';
import { auditLog, creditPackages, discountCodes, gifts, members, payments, sites } from '../../db/schema';
import { readSitesFile } from '../../services/sites/site-config';
import { SiteRegistry, syncSites } from '../../services/sites/sites';
import { createMember, loginCookie, siteId, type TestApp, testApp } from '../../test/app';
import { testSitesFile } from '../../test/db';
import { roleCookies, staffHeaders } from '../../test/staff';

const START = new Date('2026-06-01T10:00:00Z');
let clock = START;
let t: TestApp;
let cookies: Record<StaffRole | 'member', string>;
let main: number;
let first: number;

beforeAll(async () => {
  t = await testApp({ now: () => clock });
  const member = await createMember(t.db);
  cookies = { ...(await roleCookies(t.db, START)), member: await loginCookie(t.db, member.id, START) };
  main = await siteId(t.db, 'main.test');
  first = await siteId(t.db, 'first.test');
});
afterAll(() => t?.close());
beforeEach(() => {
  clock = START;
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
async function call<T = Record<string, unknown>>(
  who: StaffRole | 'member',
  method: Method,
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url: `/api/admin/${url}`,
    headers: staffHeaders(cookies[who]),
    payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as T & { error?: string; fields?: Record<string, string> },
  };
}

const memberHeaders = (cookie?: string, host = 'main.test') => ({
  host,
  'x-requested-with': 'XMLHttpRequest',
  ...(cookie ? { cookie } : {}),
});

async function settingsOf(host: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/settings.php',
    headers: memberHeaders(undefined, host),
  });
  return res.json().settings as Record<string, unknown>;
}

async function buyer(country: string, host = 'main.test') {
  const m = await createMember(t.db, { country, domain: host });
  // Signed up a week ago: no time bonus or welcome code in the way.
  await t.db
    .update(members)
    .set({ signupDate: new Date(START.getTime() - 7 * 86_400_000), credits: 0 })
    .where(eq(members.id, m.id));
  return { ...m, cookie: await loginCookie(t.db, m.id, START) };
}

async function credits(cookie: string, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/credits.php${query}`,
    headers: memberHeaders(cookie),
  });
  return { status: res.statusCode, body: res.json() as CreditsResponse & { error?: string } };
}

async function pay(cookie: string, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments.php',
    headers: memberHeaders(cookie),
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

/** Marks a payment paid through the demo checkout, as the member's browser would. */
async function completeCheckout(checkoutUrl: string) {
  await t.app.inject({
    method: 'POST',
    url: new URL(checkoutUrl).pathname,
    headers: { host: 'main.test', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=paid',
  });
}

const auditRows = (targetType: string, targetId: number | string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(auditLog.id);

async function editableSettings(id: number): Promise<SiteSettingsEditInput> {
  const { body } = await call<{ site: AdminSite }>('admin', 'GET', `site.php?id=${id}`);
  const { settings } = body.site;
  return {
    domain: settings.domain,
    aliases: settings.aliases,
    name: settings.name,
    index_title: settings.index_title,
    description: settings.description,
    mail_name: settings.mail_name,
    niche: settings.niche,
    cdn_prefix: settings.cdn_prefix,
    countries: settings.countries,
    domain_language: settings.domain_language,
    time_zone: settings.time_zone,
    message_credits: settings.message_credits,
    photo_credits: settings.photo_credits,
    gift_credits: settings.gift_credits,
    signup_credits: settings.signup_credits,
    message_length: settings.message_length,
    minimum_message_costs: settings.minimum_message_costs,
    refund_days: settings.refund_days,
    member_resell: settings.member_resell,
    fictional_warning: settings.fictional_warning,
    fictional_singular: settings.fictional_singular,
    fictional_plural: settings.fictional_plural,
    fictional_icon: settings.fictional_icon,
    signups: settings.signups,
    logged_out_search: settings.logged_out_search,
    logged_out_search_trafficsource: settings.logged_out_search_trafficsource,
    enable_site_entry_popup: settings.enable_site_entry_popup,
    search_fields: settings.search_fields,
    visible_profile_fields: settings.visible_profile_fields,
    visible_profile_notes: settings.visible_profile_notes,
    support_email: settings.support_email,
    support_phone: settings.support_phone,
    company_id: settings.company_id,
    company_address_variant: settings.company_address_variant,
  };
}

describe('roles', () => {
  const reads: [string][] = [
    ['sites.php'],
    ['site.php?id=1'],
    ['packages.php?site_id=1'],
    ['discount-codes.php?site_id=1'],
    ['gifts.php'],
  ];
  test.each(reads)('GET %s: any staff role reads, a member session is refused', async (url) => {
    for (const role of ['support', 'moderator', 'admin'] as const)
      expect((await call(role, 'GET', url)).status).toBe(200);
    const member = await call('member', 'GET', url);
    expect(member.status).toBe(403);
    expect(member.body.error).toBe('authentication_required');
  });

  test('every change needs the admin role: a member, support and a moderator are refused, nothing changes', async () => {
    const [pkg] = await t.db.select().from(creditPackages).where(eq(creditPackages.siteId, main)).limit(1);
    const [code] = await t.db.select().from(discountCodes).where(eq(discountCodes.siteId, main)).limit(1);
    const [gift] = await t.db.select().from(gifts).limit(1);
    if (!pkg || !code || !gift) throw new Error('reference data missing');
    const settings = await editableSettings(main);
    const changes: [Method, string, object | undefined][] = [
      ['PUT', `site.php?id=${main}`, { ...settings, name: 'Taken over' }],
      [
        'POST',
        'packages.php',
        {
          site_id: main,
          credits: 999,
          prices: { EUR: 100 },
          country_prices: {},
          popular: false,
          active: true,
          position: 9,
        },
      ],
      ['PATCH', `packages.php?id=${pkg.id}`, { prices: { EUR: 1 } }],
      ['DELETE', `packages.php?id=${pkg.id}`, undefined],
      [
        'POST',
        'discount-codes.php',
        {
          site_id: main,
          code: 'FREE100',
          value_percentage: 100,
          country: null,
          currency: null,
          minimum_order_value: 0,
          payment_methods: [],
          expires: null,
          validity: 'unlimited',
          max_uses: null,
        },
      ],
      ['PATCH', `discount-codes.php?id=${code.id}`, { status: 'inactive' }],
      ['POST', 'gifts.php', { slug: 'cake', credits: 0, active: true, position: 20 }],
      ['PATCH', `gifts.php?id=${gift.id}`, { credits: 0 }],
    ];
    const auditsBefore = (await t.db.select().from(auditLog)).length;
    for (const [method, url, payload] of changes) {
      const member = await call('member', method, url, payload);
      expect(member.status, `${method} ${url} member`).toBe(403);
      expect(member.body.error).toBe('authentication_required');
      for (const role of ['support', 'moderator'] as const) {
        const res = await call(role, method, url, payload);
        expect(res.status, `${method} ${url} ${role}`).toBe(403);
        expect(res.body.error).toBe('staff_role_required');
      }
    }
    expect((await settingsOf('main.test')).name).toBe('Main');
    expect((await t.db.select().from(creditPackages).where(eq(creditPackages.id, pkg.id)))[0]).toEqual(pkg);
    expect((await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0]).toEqual(code);
    expect((await t.db.select().from(gifts).where(eq(gifts.id, gift.id)))[0]).toEqual(gift);
    expect((await t.db.select().from(gifts).where(eq(gifts.slug, 'cake'))).length).toBe(0);
    expect((await t.db.select().from(auditLog)).length).toBe(auditsBefore);
  });
});

describe('site settings', () => {
  test('lists the sites and answers every field settings.php has for one', async () => {
    const list = await call<{ sites: { id: number; domain: string }[] }>('support', 'GET', 'sites.php');
    expect(list.body.sites.map((s) => s.domain)).toEqual(
      expect.arrayContaining(['main.test', 'first.test', 'closed.test']),
    );
    const { body } = await call<{ site: AdminSite }>('support', 'GET', `site.php?id=${main}`);
    const served = await settingsOf('main.test');
    const { geoip_country: _g, geoip_selected_country: _s, push_public_key, ...own } = served;
    expect(body.site.settings).toMatchObject(own);
    expect(body.site.settings.aliases).toEqual(['alias-of-main.test']);
    expect(body.site.push_public_key).toBe(push_public_key);
    expect(body.site.methods).toEqual(expect.arrayContaining(['ideal', 'bancontact', 'creditcard']));
    expect(body.site.methods).not.toContain('blik');
    expect(body.site.currencies).toEqual(['EUR', 'GBP']);
    expect((await call('admin', 'GET', 'site.php?id=99999')).status).toBe(404);
  });

  test('a change is served by settings.php at once, with an audit row of old and new values', async () => {
    const before = await editableSettings(first);
    const res = await call<{ site: AdminSite }>('admin', 'PUT', `site.php?id=${first}`, {
      ...before,
      name: 'First Renamed',
      message_credits: 2,
      niche: 4,
      minimum_message_costs: { DE: { costs: 199, currency: 'EUR' } },
      fictional_warning: 'Some profiles are fictional.',
      fictional_icon: '',
      enable_site_entry_popup: ['AT'],
    });
    expect(res.status).toBe(200);
    expect(res.body.site.settings).toMatchObject({
      name: 'First Renamed',
      message_credits: 2,
      fictional_icon: null,
    });
    const served = await settingsOf('first.test');
    expect(served).toMatchObject({
      name: 'First Renamed',
      message_credits: 2,
      niche: 4,
      minimum_message_costs: { DE: { costs: 199, currency: 'EUR' } },
      fictional_warning: 'Some profiles are fictional.',
      enable_site_entry_popup: ['AT'],
      index_title: before.index_title,
    });
    const rows = await auditRows('site', first);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'site.settings', siteId: first });
    expect(rows[0]?.details).toEqual({
      before: {
        name: 'First',
        message_credits: before.message_credits,
        niche: 3,
        minimum_message_costs: {},
        fictional_warning: null,
        enable_site_entry_popup: 'yes',
      },
      after: {
        name: 'First Renamed',
        message_credits: 2,
        niche: 4,
        minimum_message_costs: { DE: { costs: 199, currency: 'EUR' } },
        fictional_warning: 'Some profiles are fictional.',
        enable_site_entry_popup: ['AT'],
      },
    });
    // The same settings again: nothing to write, no audit row.
    expect((await call('admin', 'PUT', `site.php?id=${first}`, await editableSettings(first))).status).toBe(
      200,
    );
    expect(await auditRows('site', first)).toHaveLength(1);
  });

  test('invalid settings are 400 with the fields named, and nothing changes', async () => {
    const good = await editableSettings(main);
    const bad: [Partial<SiteSettingsEditInput>, string][] = [
      [{ niche: 8 }, 'niche'],
      [{ countries: ['NL', 'XX'] }, 'countries.1'],
      [{ countries: [] }, 'countries'],
      [{ countries: ['NL', 'NL'] }, 'countries'],
      [{ signups: 'some' as 'all' }, 'signups'],
      [{ message_credits: -1 }, 'message_credits'],
      [{ message_length: 5 }, 'message_length'],
      [{ support_email: 'not-an-address' }, 'support_email'],
      [{ support_phone: 'call us' }, 'support_phone'],
      [{ domain: 'no spaces.test' }, 'domain'],
      [{ domain_language: 'xx_XX' }, 'domain_language'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [
        { minimum_message_costs: { NL: { costs: 149, currency: 'GBP' } } },
        'minimum_message_costs.NL.currency',
      ],
      [{ enable_site_entry_popup: ['PL'] }, 'enable_site_entry_popup'],
      [{ name: '' }, 'name'],
    ];
    for (const [change, field] of bad) {
      const res = await call('admin', 'PUT', `site.php?id=${main}`, { ...good, ...change });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(change)).toContain(field);
    }
    const unknownKey = await call('admin', 'PUT', `site.php?id=${main}`, { ...good, is_default: true });
    expect(unknownKey.status).toBe(400);
    const company = await call('admin', 'PUT', `site.php?id=${main}`, { ...good, company_id: 999 });
    expect(company.status).toBe(400);
    expect(company.body.fields).toHaveProperty('company_id');
    expect((await call('admin', 'PUT', 'site.php?id=99999', good)).status).toBe(404);
    expect(await editableSettings(main)).toEqual(good);
    expect(await auditRows('site', main)).toHaveLength(0);
  });

  test('a domain or alias another site answers to is 409 site_domain_taken', async () => {
    const good = await editableSettings(main);
    for (const change of [{ domain: 'closed.test' }, { aliases: ['free.test', 'first.test'] }]) {
      const res = await call('admin', 'PUT', `site.php?id=${main}`, { ...good, ...change });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('site_domain_taken');
    }
    const own = await call('admin', 'PUT', `site.php?id=${main}`, { ...good, aliases: ['main.test'] });
    expect(own.status).toBe(400);
    expect(await editableSettings(main)).toEqual(good);
  });

  test('another instance serves the change within a second', async () => {
    let now = Date.now();
    const other = new SiteRegistry(t.db, () => now);
    const before = (await other.resolve('closed.test')).settings.refund_days;
    const settings = await editableSettings(await siteId(t.db, 'closed.test'));
    const res = await call('admin', 'PUT', `site.php?id=${await siteId(t.db, 'closed.test')}`, {
      ...settings,
      refund_days: before + 1,
    });
    expect(res.status).toBe(200);
    expect((await other.resolve('closed.test')).settings.refund_days).toBe(before);
    now += 1_000;
    expect((await other.resolve('closed.test')).settings.refund_days).toBe(before + 1);
  });

  test('a restart keeps what the console changed, unless the sites file changed that site', async () => {
    const id = await siteId(t.db, 'closed.test');
    const settings = await editableSettings(id);
    const renamed = await call('admin', 'PUT', `site.php?id=${id}`, {
      ...settings,
      name: 'Closed (console)',
      domain: 'closed-console.test',
    });
    expect(renamed.status).toBe(200);
    expect((await settingsOf('closed-console.test')).name).toBe('Closed (console)');
    const file = readSitesFile(testSitesFile);
    await syncSites(t.db, file);
    t.app.services.sites.invalidate();
    expect((await settingsOf('closed-console.test')).name).toBe('Closed (console)');
    // The renamed site is found again by the domain the file knows it by: no second site.
    expect((await t.db.select().from(sites)).filter((r) => r.domain.startsWith('closed'))).toHaveLength(1);
    const changed = {
      ...file,
      sites: file.sites.map((s) => (s.domain === 'closed.test' ? { ...s, name: 'Closed (file)' } : s)),
    };
    await syncSites(t.db, changed);
    t.app.services.sites.invalidate();
    expect((await settingsOf('closed.test')).name).toBe('Closed (file)');
    const [row] = await t.db.select().from(sites).where(eq(sites.id, id));
    expect(row?.domain).toBe('closed.test');
  });
});

describe('credit packages', () => {
  const newPackage = (overrides: object = {}) => ({
    site_id: main,
    credits: 75,
    prices: { EUR: 2495, GBP: 2195 },
    country_prices: {},
    popular: false,
    active: true,
    position: 5,
    ...overrides,
  });

  test('create, list, and a price change the credits page shows at once', async () => {
    const created = await call<{ package: AdminPackage }>('admin', 'POST', 'packages.php', newPackage());
    expect(created.status).toBe(201);
    const pkg = created.body.package;
    expect(pkg).toMatchObject({ credits: 75, prices: { EUR: 2495, GBP: 2195 }, payments: 0 });
    const list = await call<{ packages: AdminPackage[] }>('support', 'GET', `packages.php?site_id=${main}`);
    expect(list.body.packages.map((p) => p.id)).toContain(pkg.id);

    const nl = await buyer('NL');
    expect((await credits(nl.cookie)).body.packages.find((p) => p.id === pkg.id)?.price).toBe(2495);
    const edited = await call<{ package: AdminPackage }>('admin', 'PATCH', `packages.php?id=${pkg.id}`, {
      prices: { EUR: 2295, GBP: 2195 },
      popular: true,
    });
    expect(edited.status).toBe(200);
    expect((await credits(nl.cookie)).body.packages.find((p) => p.id === pkg.id)).toMatchObject({
      price: 2295,
      popular: true,
    });
    const rows = await auditRows('package', pkg.id);
    expect(rows.map((r) => r.action)).toEqual(['package.create', 'package.update']);
    expect(rows[1]?.details).toEqual({
      before: { prices: { EUR: 2495, GBP: 2195 }, popular: false },
      after: { prices: { EUR: 2295, GBP: 2195 }, popular: true },
    });

    // Switched off: no longer on sale.
    await call('admin', 'PATCH', `packages.php?id=${pkg.id}`, { active: false });
    expect((await credits(nl.cookie)).body.packages.find((p) => p.id === pkg.id)).toBeUndefined();
  });

  test('a country price wins over the currency price in that country, on the page and in the payment', async () => {
    const { body } = await call<{ package: AdminPackage }>(
      'admin',
      'POST',
      'packages.php',
      newPackage({ credits: 80, prices: { EUR: 2995, GBP: 2595 }, country_prices: { BE: 2795 } }),
    );
    const id = body.package.id;
    const be = await buyer('BE');
    const nl = await buyer('NL');
    expect((await credits(be.cookie)).body.packages.find((p) => p.id === id)?.price).toBe(2795);
    expect((await credits(nl.cookie)).body.packages.find((p) => p.id === id)?.price).toBe(2995);
    const started = await pay(be.cookie, { package_id: id, method: 'bancontact' });
    expect(started.status).toBe(201);
    expect(started.body.payment).toMatchObject({ amount: 2795, currency: 'EUR' });

    // A package priced only for one country is on sale there only.
    const only = await call<{ package: AdminPackage }>(
      'admin',
      'POST',
      'packages.php',
      newPackage({ credits: 81, prices: {}, country_prices: { GB: 1999 } }),
    );
    expect(only.status).toBe(201);
    const gb = await buyer('GB');
    expect((await credits(gb.cookie)).body.packages.find((p) => p.id === only.body.package.id)?.price).toBe(
      1999,
    );
    expect(
      (await credits(nl.cookie)).body.packages.find((p) => p.id === only.body.package.id),
    ).toBeUndefined();
    const refused = await pay(nl.cookie, { package_id: only.body.package.id, method: 'ideal' });
    expect(refused.body.error).toBe('package_unknown');
  });

  test('out-of-range prices and bad fields are 400 with the field, nothing changes', async () => {
    const { body } = await call<{ package: AdminPackage }>(
      'admin',
      'POST',
      'packages.php',
      newPackage({ credits: 90 }),
    );
    const pkg = body.package;
    const bad: [object, string][] = [
      [{ prices: { EUR: 0 } }, 'prices.EUR'],
      [{ prices: { EUR: PACKAGE_PRICE_MAX_CENTS + 1 } }, 'prices.EUR'],
      [{ prices: { EUR: 19.95 } }, 'prices.EUR'],
      [{ prices: { XYZ: 100 } }, 'prices.XYZ'],
      [{ country_prices: { NL: -5 } }, 'country_prices.NL'],
      [{ credits: 0 }, 'credits'],
      [{ position: -1 }, 'position'],
    ];
    for (const [change, field] of bad) {
      const edit = await call('admin', 'PATCH', `packages.php?id=${pkg.id}`, change);
      expect(edit.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(edit.body.fields ?? {}).join(), JSON.stringify(change)).toContain(field);
      const create = await call('admin', 'POST', 'packages.php', newPackage({ credits: 91, ...change }));
      expect(create.status, JSON.stringify(change)).toBe(400);
    }
    // A country price for a country the site does not serve.
    const stray = await call('admin', 'PATCH', `packages.php?id=${pkg.id}`, { country_prices: { PL: 999 } });
    expect(stray.status).toBe(400);
    expect(stray.body.fields).toHaveProperty(['country_prices.PL']);
    expect(
      (
        await call(
          'admin',
          'POST',
          'packages.php',
          newPackage({ credits: 91, prices: {}, country_prices: {} }),
        )
      ).status,
    ).toBe(400);
    expect((await call('admin', 'PATCH', `packages.php?id=${pkg.id}`, {})).status).toBe(400);
    expect((await t.db.select().from(creditPackages).where(eq(creditPackages.credits, 91))).length).toBe(0);
    const [row] = await t.db.select().from(creditPackages).where(eq(creditPackages.id, pkg.id));
    expect(row).toMatchObject({
      credits: 90,
      prices: { EUR: 2495, GBP: 2195 },
      countryPrices: {},
      position: 5,
    });
    expect((await auditRows('package', pkg.id)).map((r) => r.action)).toEqual(['package.create']);
  });

  test('unknown ids are 404, the same credits twice 409, and a bought package is never deleted', async () => {
    expect((await call('admin', 'GET', 'packages.php?site_id=99999')).status).toBe(404);
    expect((await call('admin', 'PATCH', 'packages.php?id=99999', { active: false })).status).toBe(404);
    expect((await call('admin', 'DELETE', 'packages.php?id=99999')).status).toBe(404);
    expect(
      (await call('admin', 'POST', 'packages.php', newPackage({ site_id: 99999, credits: 92 }))).status,
    ).toBe(404);

    const { body } = await call<{ package: AdminPackage }>(
      'admin',
      'POST',
      'packages.php',
      newPackage({ credits: 93 }),
    );
    const twice = await call('admin', 'POST', 'packages.php', newPackage({ credits: 93 }));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('package_exists');
    const other = await call<{ package: AdminPackage }>(
      'admin',
      'POST',
      'packages.php',
      newPackage({ credits: 94 }),
    );
    const clash = await call('admin', 'PATCH', `packages.php?id=${other.body.package.id}`, { credits: 93 });
    expect(clash.status).toBe(409);

    // Bought once (even unpaid): kept for the bookkeeping.
    const m = await buyer('NL');
    expect((await pay(m.cookie, { package_id: body.package.id, method: 'ideal' })).status).toBe(201);
    const refused = await call('admin', 'DELETE', `packages.php?id=${body.package.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('package_in_use');
    expect(
      (await t.db.select().from(creditPackages).where(eq(creditPackages.id, body.package.id))).length,
    ).toBe(1);

    // Never bought: removed, with an audit row keeping what it was.
    const gone = await call('admin', 'DELETE', `packages.php?id=${other.body.package.id}`);
    expect(gone.status).toBe(200);
    expect(
      (await t.db.select().from(creditPackages).where(eq(creditPackages.id, other.body.package.id))).length,
    ).toBe(0);
    const rows = await auditRows('package', other.body.package.id);
    expect(rows.at(-1)).toMatchObject({ action: 'package.delete', details: { before: { credits: 94 } } });
  });
});

describe('discount codes', () => {
  const newCode = (overrides: object = {}) => ({
    site_id: main,
    code: 'spring-20',
    value_percentage: 20,
    country: null,
    currency: null,
    minimum_order_value: 0,
    payment_methods: [],
    expires: null,
    validity: 'once_per_user',
    max_uses: null,
    ...overrides,
  });

  test('a created code is accepted by the member’s discount check and lowers the payment', async () => {
    const res = await call<{ discount_code: AdminDiscountCode }>(
      'admin',
      'POST',
      'discount-codes.php',
      newCode({ expires: '2026-07-01T00:00:00Z', payment_methods: ['ideal', 'creditcard'] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.discount_code).toMatchObject({
      code: 'SPRING-20',
      status: 'active',
      uses: 0,
      expired: false,
    });
    const m = await buyer('NL');
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/discountcode.php?code=spring-20',
      headers: memberHeaders(m.cookie),
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().discount_code).toMatchObject({ code: 'SPRING-20', value_percentage: 20 });
    const priced = await credits(m.cookie, '?discount_code=SPRING-20');
    const pkg = priced.body.packages[0];
    if (!pkg) throw new Error('no package');
    expect(pkg.discounted_price).toBe(Math.round(pkg.price * 0.8));
    const started = await pay(m.cookie, {
      package_id: pkg.id,
      method: 'ideal',
      issuer: 'ideal_INGBNL2A',
      discount_code: 'SPRING-20',
    });
    expect(started.status).toBe(201);
    expect(started.body.payment.amount).toBe(Math.round(pkg.price * 0.8));
    await completeCheckout(started.body.checkout_url);
    const list = await call<{ discount_codes: AdminDiscountCode[] }>(
      'support',
      'GET',
      `discount-codes.php?site_id=${main}`,
    );
    expect(list.body.discount_codes.find((c) => c.code === 'SPRING-20')?.uses).toBe(1);
    // Once per member: the same member cannot use it again.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/discountcode.php?code=SPRING-20',
      headers: memberHeaders(m.cookie),
    });
    expect(again.json().error).toBe('discount_code_used');
    const rows = await auditRows('discount_code', res.body.discount_code.id);
    expect(rows).toMatchObject([
      {
        action: 'discount_code.create',
        siteId: main,
        details: { after: { code: 'SPRING-20', value_percentage: 20 } },
      },
    ]);
  });

  test('a code that exists (in any case) is 409 discount_code_exists; nothing is written', async () => {
    const count = async () =>
      (await t.db.select().from(discountCodes).where(eq(discountCodes.siteId, main))).length;
    const before = await count();
    for (const code of ['FROMFILE', 'fromfile']) {
      const res = await call('admin', 'POST', 'discount-codes.php', newCode({ code }));
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('discount_code_exists');
    }
    expect(await count()).toBe(before);
    // Another site may have the same code.
    expect(
      (await call('admin', 'POST', 'discount-codes.php', newCode({ site_id: first, code: 'FROMFILE' })))
        .status,
    ).toBe(201);
  });

  test('out-of-range percentages and limits the site cannot meet are 400 with the field', async () => {
    const bad: [object, string][] = [
      [{ value_percentage: 0 }, 'value_percentage'],
      [{ value_percentage: 101 }, 'value_percentage'],
      [{ value_percentage: 12.5 }, 'value_percentage'],
      [{ code: 'no spaces' }, 'code'],
      [{ code: 'TIMEBONUS25' }, 'code'],
      [{ minimum_order_value: -1 }, 'minimum_order_value'],
      [{ max_uses: 0 }, 'max_uses'],
      [{ validity: 'twice' }, 'validity'],
      [{ country: 'PL' }, 'country'],
      [{ currency: 'PLN' }, 'currency'],
      [{ payment_methods: ['blik'] }, 'payment_methods'],
      [{ expires: '2026-05-01T00:00:00Z' }, 'expires'],
      [{ expires: 'tomorrow' }, 'expires'],
    ];
    const before = (await t.db.select().from(discountCodes)).length;
    for (const [change, field] of bad) {
      const res = await call('admin', 'POST', 'discount-codes.php', newCode({ code: 'BAD-ONE', ...change }));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(change)).toContain(field);
    }
    expect((await call('admin', 'POST', 'discount-codes.php', newCode({ site_id: 99999 }))).status).toBe(404);
    expect((await t.db.select().from(discountCodes)).length).toBe(before);
  });

  test('a switched-off code is refused to members; unknown ids are 404', async () => {
    const { body } = await call<{ discount_code: AdminDiscountCode }>(
      'admin',
      'POST',
      'discount-codes.php',
      newCode({ code: 'OFF-SOON' }),
    );
    const off = await call<{ discount_code: AdminDiscountCode }>(
      'admin',
      'PATCH',
      `discount-codes.php?id=${body.discount_code.id}`,
      { status: 'inactive' },
    );
    expect(off.status).toBe(200);
    expect(off.body.discount_code.status).toBe('inactive');
    const m = await buyer('NL');
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/discountcode.php?code=OFF-SOON',
      headers: memberHeaders(m.cookie),
    });
    expect(check.statusCode).toBe(404);
    expect((await auditRows('discount_code', body.discount_code.id)).at(-1)).toMatchObject({
      action: 'discount_code.update',
      details: { code: 'OFF-SOON', before: { status: 'active' }, after: { status: 'inactive' } },
    });
    expect((await call('admin', 'PATCH', 'discount-codes.php?id=99999', { status: 'inactive' })).status).toBe(
      404,
    );
    expect(
      (await call('admin', 'PATCH', `discount-codes.php?id=${body.discount_code.id}`, { status: 'gone' }))
        .status,
    ).toBe(400);
    expect((await call('admin', 'GET', 'discount-codes.php?site_id=99999')).status).toBe(404);
  });

  test('a code with a maximum of uses is used up after that many paid payments', async () => {
    await call(
      'admin',
      'POST',
      'discount-codes.php',
      newCode({ code: 'ONLY-ONE', max_uses: 1, validity: 'unlimited' }),
    );
    const a = await buyer('NL');
    const pkg = (await credits(a.cookie)).body.packages[0];
    if (!pkg) throw new Error('no package');
    const started = await pay(a.cookie, {
      package_id: pkg.id,
      method: 'creditcard',
      discount_code: 'ONLY-ONE',
    });
    expect(started.status).toBe(201);
    await completeCheckout(started.body.checkout_url);
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, started.body.payment.id));
    expect(paid?.status).toBe('paid');
    const b = await buyer('NL');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/discountcode.php?code=ONLY-ONE',
      headers: memberHeaders(b.cookie),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('discount_code_used_up');
  });
});

describe('gifts', () => {
  test('an added gift is in the members’ catalogue at once; a price change too', async () => {
    const list = await call<{ addable: string[] }>('support', 'GET', 'gifts.php');
    expect(list.body.addable).toContain('present');
    const added = await call<{ gift: { id: number } }>('admin', 'POST', 'gifts.php', {
      slug: 'present',
      credits: 7,
      active: true,
      position: 9,
    });
    expect(added.status).toBe(201);
    const memberGifts = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/gifts.php', headers: memberHeaders() })).json()
        .gifts as {
        id: number;
        slug: string;
        credits: number;
      }[];
    expect((await memberGifts()).find((g) => g.slug === 'present')).toMatchObject({ credits: 7 });
    expect((await call<{ addable: string[] }>('support', 'GET', 'gifts.php')).body.addable).not.toContain(
      'present',
    );

    const edited = await call('admin', 'PATCH', `gifts.php?id=${added.body.gift.id}`, { credits: null });
    expect(edited.status).toBe(200);
    // Without its own price a gift costs the site's gift_credits.
    expect((await memberGifts()).find((g) => g.slug === 'present')?.credits).toBe(5);
    await call('admin', 'PATCH', `gifts.php?id=${added.body.gift.id}`, { active: false });
    expect((await memberGifts()).find((g) => g.slug === 'present')).toBeUndefined();
    const rows = await auditRows('gift', added.body.gift.id);
    expect(rows.map((r) => r.action)).toEqual(['gift.create', 'gift.update', 'gift.update']);
    expect(rows[1]?.details).toEqual({ slug: 'present', before: { credits: 7 }, after: { credits: null } });
  });

  test('a gift twice is 409, an unknown gift or id 400/404, bad prices 400; nothing changes', async () => {
    const twice = await call('admin', 'POST', 'gifts.php', {
      slug: 'rose',
      credits: null,
      active: true,
      position: 1,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('gift_exists');
    expect(
      (
        await call('admin', 'POST', 'gifts.php', {
          slug: 'unicorn',
          credits: null,
          active: true,
          position: 1,
        })
      ).status,
    ).toBe(400);
    expect((await call('admin', 'PATCH', 'gifts.php?id=99999', { active: false })).status).toBe(404);
    const [rose] = await t.db.select().from(gifts).where(eq(gifts.slug, 'rose'));
    for (const credits of [-1, 1.5, 1_000_001]) {
      const res = await call('admin', 'PATCH', `gifts.php?id=${rose?.id}`, { credits });
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('credits');
    }
    expect((await t.db.select().from(gifts).where(eq(gifts.slug, 'rose')))[0]).toEqual(rose);
  });
});
