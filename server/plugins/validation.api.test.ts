import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCALE_COOKIE } from '../../common/constants';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';
import { createTestStaff, staffCookie } from '../test/staff';

/**
 * Input no schema of its own has to think of is refused before it reaches a handler or the
 * database, with the 400 `invalid_input` error JSON in the caller's language: NUL characters, bodies
 * that are not objects, numbers beyond the integer columns, multipart bodies that cannot be read.
 */
let t: TestApp;
let member: string;
let staff: string;
let other: number;
beforeAll(async () => {
  t = await testApp();
  member = await loginCookie(t.db, (await createMember(t.db)).id);
  staff = await staffCookie(t.db, (await createTestStaff(t.db, 'admin')).id);
  other = (await createMember(t.db)).id;
});
afterAll(() => t?.close());

const GERMAN = `${LOCALE_COOKIE}=de`;
const INVALID_INPUT_DE =
  'Einige der gesendeten Angaben sind ungültig. Bitte überprüfe sie und versuche es erneut.';
const INVALID_VALUE_DE = 'Dieser Wert ist nicht gültig.';

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { cookie?: string; json?: unknown; raw?: string; type?: string } = {},
) {
  const payload = opts.raw ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json));
  return t.app.inject({
    method,
    url,
    headers: {
      host: 'main.test',
      'x-requested-with': 'XMLHttpRequest',
      cookie: [GERMAN, opts.cookie].filter(Boolean).join('; '),
      ...(payload !== undefined ? { 'content-type': opts.type ?? 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** The 400 of invalid input, in German, with these fields (or none). */
function expectInvalid(res: Awaited<ReturnType<typeof call>>, fields?: Record<string, string>) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body).toMatchObject({ error: 'invalid_input', message: INVALID_INPUT_DE });
  if (fields) expect(body.fields).toEqual(fields);
}

describe('a NUL character', () => {
  test('in a body string, also nested, is the field’s error', async () => {
    const visit = { path: '/', tracking: { network: `aff${'\u0000'}` } };
    expectInvalid(await call('POST', '/api/visit.php', { json: visit }), {
      'tracking.network': INVALID_VALUE_DE,
    });
    const signup = {
      email: 'nul@example.test',
      name: 'Na\u0000me',
      password: 'Fuzz-password-123',
      date_of_birth: '1990-06-15',
      gender: 'male',
      seeking_gender: 'female',
    };
    expectInvalid(await call('POST', '/api/signup.php', { json: signup }), { name: INVALID_VALUE_DE });
  });

  test('in a form body, a query parameter or a key', async () => {
    expectInvalid(
      await call('POST', '/api/payment-webhook.php', {
        raw: 'id=tr_%00',
        type: 'application/x-www-form-urlencoded',
      }),
      { id: INVALID_VALUE_DE },
    );
    expectInvalid(await call('GET', '/api/members.php?countryregion=NL%00', { cookie: member }), {
      countryregion: INVALID_VALUE_DE,
    });
    expectInvalid(await call('GET', '/api/admin/members.php?q=a%00', { cookie: staff }), {
      q: INVALID_VALUE_DE,
    });
    expectInvalid(await call('POST', '/api/visit.php', { json: { path: '/', 'x\u0000': 1 } }));
  });

  test('in a route that reads its body by itself (the profile)', async () => {
    const profile = {
      name: 'Lotte',
      gender: 'female',
      sexuality: 'bi',
      birth_date: '1991-03-04',
      relationship_status: 'single',
      hair_colour: 'red',
      eye_colour: 'green',
      body_type: 'slim',
      tattoos: 'some',
      reason: 'relationship',
      about: 'Houd van fietsen\u0000',
      country: 'NL',
      region: 'NL-DR',
      seeking_gender: 'male',
      seeking_min_age: 30,
      seeking_max_age: 45,
      interests: [3],
    };
    const res = await call('PUT', '/api/profile.php', { cookie: member, json: profile });
    expectInvalid(res, { about: INVALID_VALUE_DE });
  });
});

test('a JSON body that is not an object is invalid input, logged out or not', async () => {
  for (const raw of ['null', '7', '"x"', '[]', 'true']) {
    expectInvalid(await call('POST', '/api/reports.php', { raw }));
    expectInvalid(await call('POST', '/api/reports.php', { raw, cookie: member }));
  }
  expectInvalid(await call('POST', '/api/reports.php', { cookie: member }));
});

test('an id beyond its integer column is invalid input, in a body and in a query', async () => {
  for (const id of [2 ** 31, 2 ** 53]) {
    expectInvalid(
      await call('POST', '/api/payments.php', { cookie: member, json: { package_id: id, method: 'ideal' } }),
    );
    for (const path of ['photos', 'reports', 'members', 'complaints', 'figures', 'packages'])
      expectInvalid(await call('GET', `/api/admin/${path}.php?site_id=${id}`, { cookie: staff }));
  }
  // The largest integer still is one: an unknown package, not invalid input.
  const largest = await call('POST', '/api/payments.php', {
    cookie: member,
    json: { package_id: 2 ** 31 - 1, method: 'ideal' },
  });
  expect(largest.json().error).not.toBe('invalid_input');
});

describe('a multipart body that cannot be read', () => {
  const cases: [string, string, string][] = [
    ['without a boundary', 'multipart/form-data', 'x'],
    ['with an empty boundary', 'multipart/form-data; boundary=', '--\r\n'],
    [
      'cut short in a part',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8',
    ],
    ['cut short in the headers', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-da'],
  ];
  for (const [what, type, raw] of cases) {
    test(what, async () => {
      expectInvalid(await call('POST', '/api/photos.php', { cookie: member, type, raw }));
      expectInvalid(await call('POST', '/api/messages.php', { cookie: member, type, raw }));
    });
  }

  test('with a NUL in a field of a photo message', async () => {
    const boundary = 'b';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const raw = `${field('client_id', '3f2a5b1c-0d4e-4f60-8a7b-9c8d7e6f5a4b')}${field('member_id', String(other))}${field('body', 'hoi\u0000')}--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff\r\n--${boundary}--\r\n`;
    const res = await call('POST', '/api/messages.php', {
      cookie: member,
      type: `multipart/form-data; boundary=${boundary}`,
      raw,
    });
    expectInvalid(res, { body: INVALID_VALUE_DE });
  });
});
