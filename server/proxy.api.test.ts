import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseTrustProxy } from './config';
import { bans } from './db/schema';
import { type TestApp, testApp } from './test/app';

/**
 * Behind a proxy, the visitor's address is the one the trusted proxy saw: an X-Forwarded-For a
 * client writes itself (the left-most entries) does not move it, so per-address limits and address
 * bans hold.
 */
const BANNED = '203.0.113.9';
const PROXY = '10.0.0.5';

let counter = 0;
function signup(t: TestApp, forwardedFor: string) {
  const id = `${Date.now().toString(36)}${++counter}`;
  return t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    remoteAddress: PROXY,
    headers: {
      host: 'main.test',
      'x-requested-with': 'XMLHttpRequest',
      'x-forwarded-for': forwardedFor,
    },
    payload: {
      email: `proxy-${id}@example.test`,
      name: `Ruben${id.slice(-4)}`,
      password: 'Tulpen-op-zolder-7',
      date_of_birth: '1996-03-14',
      gender: 'male',
      seeking_gender: 'female',
    },
  });
}

describe.each([
  ['one hop', 1 as const],
  ['the proxy by address range', ['10.0.0.0/8']],
])('TRUST_PROXY as %s', (_, trustedProxies) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ config: { trustProxy: true, trustedProxies } });
    await t.db.insert(bans).values({ kind: 'ip', value: BANNED, reason: 'test' });
  });
  afterAll(() => t?.close());

  test('a forged left-most address does not step around an address ban', async () => {
    const res = await signup(t, `198.51.100.${counter + 1}, ${BANNED}`);
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body).error).toBe('banned');
  });

  test('the address the proxy saw is the one that counts', async () => {
    expect((await signup(t, BANNED)).statusCode).toBe(403);
    expect((await signup(t, '198.51.100.77')).statusCode).toBe(201);
  });
});

describe('TRUST_PROXY values', () => {
  test.each([
    ['false', false],
    ['0', false],
    ['', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8, 192.168.1.10', ['10.0.0.0/8', '192.168.1.10']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('%j is read as %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  test.each(['true', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2', '99'])(
    '%j is refused with a reason',
    (value) => {
      expect(typeof parseTrustProxy(value)).toBe('string');
    },
  );
});
