import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdminPromo, PromoClicks, PromoCreateInput } from '../../../common/api/admin/promos';
import type { StaffRole } from '../../../common/api/admin/staff';
import { auditLog, promoProfiles } from '../../db/schema';
import { createMember, loginCookie, siteId, type TestApp, testApp } from '../../test/app';
import { EXIF_MARKER, jpegWithGps, keyOf, multipart, storedKeys, testImage } from '../../test/photos';
import { roleCookies, staffHeaders } from '../../test/staff';

const NOW = new Date('2026-06-01T10:00:00Z');
let t: TestApp;
let cookies: Record<StaffRole | 'member' | 'visitor', string>;
let main: number;
let first: number;

type Who = StaffRole | 'member' | 'visitor';
async function call<T = Record<string, unknown>>(
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
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

const valid = (over: Partial<PromoCreateInput> = {}): PromoCreateInput => ({
  site_id: main,
  name: 'Anna',
  age: 24,
  text: 'Live on camera tonight',
  url: 'https://www.cams.partner.test/anna?aff=7&campaign=dating',
  countries: ['NL'],
  niches: [1],
  active_from: null,
  active_until: null,
  enabled: true,
  ...over,
});

async function create(over: Partial<PromoCreateInput> = {}) {
  const res = await call<{ promo: AdminPromo }>('admin', 'POST', 'promos.php', valid(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.promo;
}

function uploadPicture(who: Who, id: number, bytes: Buffer) {
  const body = multipart(bytes, 'picture.jpg');
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/promo-picture.php?id=${id}`,
    headers: { ...staffHeaders(cookies[who]), ...body.headers },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  const member = await createMember(t.db);
  cookies = {
    ...(await roleCookies(t.db, NOW)),
    member: await loginCookie(t.db, member.id, NOW),
    visitor: '',
  };
  main = await siteId(t.db, 'main.test');
  first = await siteId(t.db, 'first.test');
  const saved = await call('admin', 'PUT', `promo-domains.php?site_id=${main}`, {
    domains: ['cams.partner.test', 'Live.Example.test'],
  });
  expect(saved.status).toBe(200);
});
afterAll(() => t?.close());

describe('only an admin', () => {
  test('members, visitors and the other staff roles are refused every call', async () => {
    const id = (await create()).id;
    const calls: [Parameters<typeof call>[1], string, object?][] = [
      ['GET', `promos.php?site_id=${main}`],
      ['POST', 'promos.php', valid()],
      ['PATCH', `promos.php?id=${id}`, { enabled: false }],
      ['DELETE', `promos.php?id=${id}`],
      ['GET', `promo-domains.php?site_id=${main}`],
      ['PUT', `promo-domains.php?site_id=${main}`, { domains: [] }],
    ];
    for (const who of ['member', 'visitor', 'support', 'moderator'] as const)
      for (const [method, url, body] of calls) {
        const res = await call(who, method, url, body);
        expect(res.status, `${who} ${method} ${url}`).toBe(403);
      }
    for (const who of ['member', 'visitor', 'support', 'moderator'] as const)
      expect((await uploadPicture(who, id, await testImage('jpeg'))).statusCode, who).toBe(403);
    // Nothing changed behind the refusals.
    const [row] = await t.db.select().from(promoProfiles).where(eq(promoProfiles.id, id));
    expect(row?.enabled).toBe(true);
    expect(row?.deletedAt).toBeNull();
  });

  test('the click figures are counts, like the other figures: every staff role, no member', async () => {
    for (const who of ['support', 'moderator', 'admin'] as const)
      expect((await call(who, 'GET', 'promo-clicks.php')).status, who).toBe(200);
    expect((await call('member', 'GET', 'promo-clicks.php')).status).toBe(403);
  });
});

describe('promo profiles', () => {
  test('created, listed, edited, switched off and deleted, each audit-logged', async () => {
    const promo = await create({
      active_from: '2026-06-01T00:00:00Z',
      active_until: '2026-07-01T00:00:00+02:00',
      countries: ['NL', 'BE'],
      niches: [1, 6],
    });
    expect(promo).toMatchObject({
      site_id: main,
      name: 'Anna',
      age: 24,
      url: 'https://www.cams.partner.test/anna?aff=7&campaign=dating',
      countries: ['NL', 'BE'],
      niches: [1, 6],
      active_from: '2026-06-01T00:00:00.000Z',
      active_until: '2026-06-30T22:00:00.000Z',
      enabled: true,
      live: true,
      clicks: 0,
      picture_url: null,
    });
    const list = await call<{ promos: AdminPromo[] }>('admin', 'GET', `promos.php?site_id=${main}`);
    expect(list.body.promos.map((p) => p.id)).toContain(promo.id);
    const other = await call<{ promos: AdminPromo[] }>('admin', 'GET', `promos.php?site_id=${first}`);
    expect(other.body.promos).toEqual([]);

    const edited = await call<{ promo: AdminPromo }>('admin', 'PATCH', `promos.php?id=${promo.id}`, {
      name: 'Anna B',
      age: 25,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.promo).toMatchObject({ name: 'Anna B', age: 25, text: 'Live on camera tonight' });

    const off = await call<{ promo: AdminPromo }>('admin', 'PATCH', `promos.php?id=${promo.id}`, {
      enabled: false,
    });
    expect(off.body.promo).toMatchObject({ enabled: false, live: false });

    const gone = await call('admin', 'DELETE', `promos.php?id=${promo.id}`);
    expect(gone).toEqual({ status: 200, body: { deleted: true } });
    expect((await call('admin', 'DELETE', `promos.php?id=${promo.id}`)).status).toBe(404);
    expect((await call('admin', 'PATCH', `promos.php?id=${promo.id}`, { age: 30 })).status).toBe(404);
    const after = await call<{ promos: AdminPromo[] }>('admin', 'GET', `promos.php?site_id=${main}`);
    expect(after.body.promos.map((p) => p.id)).not.toContain(promo.id);

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'promo'), eq(auditLog.targetId, String(promo.id))));
    expect(rows.map((r) => r.action)).toEqual([
      'promo.create',
      'promo.edit',
      'promo.deactivate',
      'promo.delete',
    ]);
    expect(rows[1]?.details).toEqual({
      before: { name: 'Anna', age: 24 },
      after: { name: 'Anna B', age: 25 },
    });
    expect(rows.every((r) => r.siteId === main && r.staffId !== null)).toBe(true);
  });

  test('a promo outside its window is kept but not live', async () => {
    const later = await create({ active_from: '2026-06-02T00:00:00Z' });
    expect(later.live).toBe(false);
  });

  test('bad input is 400 with the field', async () => {
    const cases: [Partial<PromoCreateInput> | Record<string, unknown>, string][] = [
      [{ name: ' ' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ age: 17 }, 'age'],
      [{ age: 100 }, 'age'],
      [{ age: 24.5 }, 'age'],
      [{ text: '' }, 'text'],
      [{ countries: ['nl'] }, 'countries.0'],
      [{ countries: ['NL', 'NL'] }, 'countries'],
      [{ niches: [8] }, 'niches.0'],
      [{ active_from: 'tomorrow' }, 'active_from'],
      [{ active_from: '2026-06-02T00:00:00Z', active_until: '2026-06-01T00:00:00Z' }, 'active_until'],
      [{ site_id: 0 }, 'site_id'],
      [{ extra: 1 }, ''],
    ];
    for (const [over, field] of cases) {
      const res = await call('admin', 'POST', 'promos.php', { ...valid(), ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.error).toBe('invalid_input');
      if (field) expect(Object.keys(res.body.fields ?? {}), JSON.stringify(over)).toContain(field);
    }
    expect((await call('admin', 'POST', 'promos.php', valid({ site_id: 99_999 }))).status).toBe(404);
    expect((await call('admin', 'PATCH', 'promos.php?id=1', {})).status).toBe(400);
  });
});

describe('the allow-list of partner hosts', () => {
  test('kept per site, lower case and sorted; bad hosts refused', async () => {
    const list = await call('admin', 'GET', `promo-domains.php?site_id=${main}`);
    expect(list.body).toEqual({ domains: ['cams.partner.test', 'live.example.test'] });
    expect((await call('admin', 'GET', `promo-domains.php?site_id=${first}`)).body).toEqual({ domains: [] });
    for (const bad of ['https://cams.test', 'cams', 'cams.test/path', 'a b.test', '-x.test'])
      expect(
        (await call('admin', 'PUT', `promo-domains.php?site_id=${first}`, { domains: [bad] })).status,
        bad,
      ).toBe(400);
    const dup = await call('admin', 'PUT', `promo-domains.php?site_id=${first}`, {
      domains: ['a.test', 'a.test'],
    });
    expect(dup.status).toBe(400);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'promo.domains'));
    expect(audited[0]?.details).toEqual({
      before: { domains: [] },
      after: { domains: ['cams.partner.test', 'live.example.test'] },
    });
  });

  test('only http(s) links to a listed host or its subdomains are accepted', async () => {
    for (const url of [
      'https://cams.partner.test/x',
      'http://cams.partner.test/x',
      'https://models.cams.partner.test/x?aff=1&sub=2',
      'https://LIVE.EXAMPLE.TEST/anna',
    ])
      await create({ url });
    const refused: [string, string][] = [
      ['https://evil.test/cams.partner.test', 'promos.errors.host'],
      ['https://cams.partner.test.evil.test/', 'promos.errors.host'],
      ['https://notcams.partner.test/', 'promos.errors.host'],
      ['http://other.example.test/', 'promos.errors.host'],
      ['http://partner.test/', 'promos.errors.host'],
      ['https://cams.partner.test@evil.test/', 'promos.errors.url'],
      ['javascript:alert(1)//cams.partner.test', 'promos.errors.url'],
      ['data:text/html,<a href="https://cams.partner.test">x</a>', 'promos.errors.url'],
      ['ftp://cams.partner.test/', 'promos.errors.url'],
    ];
    for (const [url, message] of refused) {
      const res = await call('admin', 'POST', 'promos.php', valid({ url }));
      expect(res.status, url).toBe(400);
      expect(res.body.fields, url).toEqual({ url: message });
    }
    // Another site's list is its own.
    const res = await call('admin', 'POST', 'promos.php', valid({ site_id: first }));
    expect(res.body.fields).toEqual({ url: 'promos.errors.host' });
    // Nor can an edit point a promo elsewhere.
    const promo = await create();
    const edit = await call('admin', 'PATCH', `promos.php?id=${promo.id}`, { url: 'javascript:alert(1)' });
    expect(edit.status).toBe(400);
    const edit2 = await call('admin', 'PATCH', `promos.php?id=${promo.id}`, { url: 'https://evil.test/' });
    expect(edit2.body.fields).toEqual({ url: 'promos.errors.host' });
  });
});

describe('the picture', () => {
  test('is processed like a member photo: re-encoded, no EXIF, public renditions; the old files go', async () => {
    const promo = await create();
    const res = await uploadPicture('admin', promo.id, await jpegWithGps());
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().promo as AdminPromo;
    expect(saved.picture_url).toMatch(/^\/media\/o\/[a-f0-9]{32}\.webp$/);
    expect(saved.thumb_url).toMatch(/^\/media\/o\/[a-f0-9]{32}\.webp$/);
    const file = path.join(t.config.dataDir, 'media', keyOf(saved.picture_url as string));
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.includes(Buffer.from(EXIF_MARKER))).toBe(false);
    const media = await t.app.inject({
      method: 'GET',
      url: saved.thumb_url as string,
      headers: { host: 'main.test' },
    });
    expect(media.statusCode).toBe(200);

    const again = (await uploadPicture('admin', promo.id, await testImage('png'))).json().promo as AdminPromo;
    const keys = storedKeys(t);
    expect(keys).toContain(keyOf(again.picture_url as string));
    expect(keys).not.toContain(keyOf(saved.picture_url as string));
    expect(keys).not.toContain(keyOf(saved.thumb_url as string));

    await call('admin', 'DELETE', `promos.php?id=${promo.id}`);
    expect(storedKeys(t)).not.toContain(keyOf(again.picture_url as string));
  });

  test('anything but an image is refused', async () => {
    const promo = await create();
    expect((await uploadPicture('admin', promo.id, Buffer.from('GIF89a not really'))).statusCode).toBe(415);
    expect((await uploadPicture('admin', 99_999, await testImage('jpeg'))).statusCode).toBe(404);
  });
});

describe('click figures', () => {
  test('per promo, day and network, in the figures’ range and site', async () => {
    const promo = await create({ countries: [], niches: [] });
    const click = (network?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/promo-click.php?id=${promo.id}${network ? `&network=${network}` : ''}`,
        headers: { host: 'main.test' },
      });
    expect((await click('adnet')).statusCode).toBe(302);
    await click('adnet');
    await click();
    const res = await call<{ promo_clicks: PromoClicks }>(
      'support',
      'GET',
      `promo-clicks.php?from=2026-06-01&to=2026-06-01&site_id=${main}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.promo_clicks.total).toBe(3);
    expect(res.body.promo_clicks.rows).toEqual([
      { promo_id: promo.id, name: 'Anna', site_id: main, day: '2026-06-01', network: 'adnet', clicks: 2 },
      { promo_id: promo.id, name: 'Anna', site_id: main, day: '2026-06-01', network: null, clicks: 1 },
    ]);
    const elsewhere = await call<{ promo_clicks: PromoClicks }>(
      'admin',
      'GET',
      `promo-clicks.php?site_id=${first}`,
    );
    expect(elsewhere.body.promo_clicks.total).toBe(0);
    const listed = await call<{ promos: AdminPromo[] }>('admin', 'GET', `promos.php?site_id=${main}`);
    expect(listed.body.promos.find((p) => p.id === promo.id)?.clicks).toBe(3);
    expect((await call('admin', 'GET', 'promo-clicks.php?from=2026-06-02&to=2026-06-01')).status).toBe(400);
  });
});
