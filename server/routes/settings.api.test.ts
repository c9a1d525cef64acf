import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, testApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

async function settings(opts: { host?: string; query?: string; headers?: Record<string, string> } = {}) {
  const res = await t.app.inject({
    url: `/api/settings.php${opts.query ? `?${opts.query}` : ''}`,
    headers: { host: opts.host ?? 'main.test', ...opts.headers },
  });
  return { res, body: res.json() };
}

const isString = (v: unknown) => typeof v === 'string';
const isInt = (v: unknown) => Number.isInteger(v);
const isBool = (v: unknown) => typeof v === 'boolean';
const isCountry = (v: unknown) => typeof v === 'string' && /^[A-Z]{2}$/.test(v);
const isStringList = (v: unknown) => Array.isArray(v) && v.every(isString);
const orNull = (check: (v: unknown) => boolean) => (v: unknown) => v === null || check(v);

// The site settings, field by field, with the type a client relies on.
const FIELDS: Record<string, (v: unknown) => boolean> = {
  countries: (v) => Array.isArray(v) && v.length > 0 && v.every(isCountry),
  name: isString,
  index_title: isString,
  description: isString,
  visible_profile_fields: isStringList,
  visible_profile_notes: isBool,
  geoip_country: orNull(isCountry),
  geoip_selected_country: isCountry,
  cdn_prefix: isString,
  message_credits: isInt,
  photo_credits: isInt,
  gift_credits: isInt,
  signup_credits: isInt,
  message_length: isInt,
  minimum_message_costs: (v) =>
    typeof v === 'object' &&
    v !== null &&
    Object.entries(v).every(
      ([country, c]) => isCountry(country) && isInt(c.costs) && /^[A-Z]{3}$/.test(c.currency),
    ),
  support_email: isString,
  support_phone: isString,
  enable_site_entry_popup: (v) => v === 'yes' || v === 'no' || (Array.isArray(v) && v.every(isCountry)),
  push_public_key: orNull(isString),
  search_fields: isStringList,
  domain: isString,
  domain_language: isString,
  fictional_warning: orNull(isString),
  fictional_singular: orNull(isString),
  fictional_plural: orNull(isString),
  fictional_icon: orNull(isString),
  refund_days: isInt,
  signups: (v) => v === 'all' || v === 'with_trafficsource' || v === 'none',
  logged_out_search: (v) => v === 'all' || v === 'none',
  logged_out_search_trafficsource: (v) => v === 'all' || v === 'none',
  member_resell: isBool,
  niche: (v) => isInt(v) && (v as number) >= 1 && (v as number) <= 7,
  company_id: isInt,
  mail_name: isString,
  time_zone: isString,
};

describe('GET /api/settings.php', () => {
  test('answers every site setting, each with its type', async () => {
    for (const host of ['main.test', 'first.test', 'closed.test']) {
      const { res, body } = await settings({ host });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      for (const [field, check] of Object.entries(FIELDS)) {
        expect(body.settings, `${host}: ${field}`).toHaveProperty(field);
        expect(
          check(body.settings[field]),
          `${host}: ${field} = ${JSON.stringify(body.settings[field])}`,
        ).toBe(true);
      }
    }
  });

  test("gives the site's own values from the sites file, with defaults for what it leaves out", async () => {
    const { body } = await settings({ host: 'closed.test' });
    expect(body.settings).toMatchObject({
      name: 'Closed',
      domain: 'closed.test',
      domain_language: 'de_AT',
      countries: ['AT', 'CH'],
      niche: 6,
      company_id: 2,
      enable_site_entry_popup: ['AT'],
      logged_out_search: 'none',
      logged_out_search_trafficsource: 'all',
      fictional_icon: '🎭',
      refund_days: 30,
    });
    const main = (await settings({ host: 'main.test' })).body.settings;
    expect(main).toMatchObject({ name: 'Main', fictional_warning: null, enable_site_entry_popup: 'yes' });
    expect(main.minimum_message_costs).toEqual({ NL: { costs: 149, currency: 'EUR' } });
    expect(main.time_zone).toBe('Europe/Amsterdam');
    expect((await settings({ host: 'first.test' })).body.settings.time_zone).toBe('Europe/London');
  });

  describe('resolves the site', () => {
    test.each([
      ['first.test', 'First'],
      ['FIRST.test', 'First'],
      ['first.test:8080', 'First'],
      ['www.first.test', 'First'],
      ['alias-of-main.test', 'Main'],
      ['www.alias-of-main.test', 'Main'],
      ['closed.test', 'Closed'],
    ])('from the Host header %s', async (host, name) => {
      expect((await settings({ host })).body.settings.name).toBe(name);
    });

    test('an unknown host gets the default site (the one marked default, not the first listed)', async () => {
      for (const host of ['unknown.example', 'localhost', '127.0.0.1:8080', 'first.test.evil.example']) {
        const { res, body } = await settings({ host });
        expect(res.statusCode).toBe(200);
        expect(body.settings.domain).toBe('main.test');
      }
    });

    test('from ?domain= (the host the client forces), over the Host header', async () => {
      expect((await settings({ host: 'main.test', query: 'domain=first.test' })).body.settings.name).toBe(
        'First',
      );
      expect(
        (await settings({ host: 'first.test', query: 'domain=www.closed.test' })).body.settings.name,
      ).toBe('Closed');
      expect(
        (await settings({ host: 'first.test', query: 'domain=nowhere.example' })).body.settings.name,
      ).toBe('Main');
    });
  });

  describe('geoip_country', () => {
    test("is the proxy's country header", async () => {
      const { body } = await settings({ headers: { 'cf-ipcountry': 'DE' } });
      expect(body.settings.geoip_country).toBe('DE');
    });

    test("is null without the header, for Cloudflare's unknown (XX) and Tor (T1), and for garbage", async () => {
      const cases: Record<string, string>[] = [
        {},
        { 'cf-ipcountry': 'XX' },
        { 'cf-ipcountry': 'T1' },
        { 'cf-ipcountry': 'Germany' },
      ];
      for (const headers of cases) {
        expect((await settings({ headers })).body.settings.geoip_country).toBeNull();
      }
    });
  });

  describe('geoip_selected_country', () => {
    const selected = async (opts: Parameters<typeof settings>[0]) =>
      (await settings(opts)).body.settings.geoip_selected_country;

    test("is the site's first country when nothing else says", async () => {
      expect(await selected({ host: 'main.test' })).toBe('NL');
      expect(await selected({ host: 'closed.test' })).toBe('AT');
    });

    test('follows geoip when that country is one of the site’s', async () => {
      expect(await selected({ headers: { 'cf-ipcountry': 'BE' } })).toBe('BE');
      expect(await selected({ headers: { 'cf-ipcountry': 'US' } })).toBe('NL');
    });

    test('prefers the country cookie over geoip, and the query country over both', async () => {
      expect(await selected({ headers: { cookie: 'country=GB', 'cf-ipcountry': 'BE' } })).toBe('GB');
      expect(
        await selected({ query: 'country=BE', headers: { cookie: 'country=GB', 'cf-ipcountry': 'GB' } }),
      ).toBe('BE');
    });

    test('ignores a choice outside the site’s countries', async () => {
      expect(await selected({ query: 'country=US', headers: { 'cf-ipcountry': 'BE' } })).toBe('BE');
      expect(await selected({ headers: { cookie: 'country=FR' } })).toBe('NL');
      expect(await selected({ headers: { cookie: 'country=<script>' } })).toBe('NL');
    });

    test("is one of the forced domain's countries, not the Host's", async () => {
      expect(
        await selected({ host: 'main.test', query: 'domain=closed.test', headers: { 'cf-ipcountry': 'CH' } }),
      ).toBe('CH');
      expect(
        await selected({ host: 'main.test', query: 'domain=closed.test', headers: { 'cf-ipcountry': 'NL' } }),
      ).toBe('AT');
    });
  });

  test("passes the route's own query through: unknown keys are accepted", async () => {
    const { res, body } = await settings({
      query: 'domain=main.test&network=abc&sub1=x&ref=partner&utm_source=mail&page=2&t=5',
    });
    expect(res.statusCode).toBe(200);
    expect(body.settings.domain).toBe('main.test');
  });

  describe('a malformed query gets 400 with the error JSON', () => {
    test.each([
      ['domain', 'domain=bad%20domain!'],
      ['domain', `domain=${'a'.repeat(254)}`],
      ['domain', 'domain=first.test&domain=main.test'],
      ['country', 'country=nl1'],
      ['country', 'country=NLD'],
      ['lang', 'lang=xx'],
      ['utm_source', `utm_source=${'x'.repeat(201)}`],
    ])('%s: ?%s', async (field, query) => {
      const { res, body } = await settings({ query });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(body.error).toBe('invalid_input');
      expect(typeof body.message).toBe('string');
      expect(body.message.length).toBeGreaterThan(0);
      expect(Object.keys(body.fields)).toContain(field);
      expect(body).not.toHaveProperty('settings');
    });
  });
});
