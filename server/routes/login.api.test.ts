import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { members } from '../db/schema';
import { hashPassword } from '../services/accounts/passwords';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';

const START = new Date('2026-05-01T12:00:00Z').getTime();
let clock = START;
const PASSWORD = 'Tulpen-op-zolder-7';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => new Date(clock) });
});
afterAll(() => t?.close());

let addressCounter = 0;
/** Each test logs in from its own address unless it says otherwise, so address limits stay apart. */
const freshAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function memberWithPassword(input: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(t.db, input);
  await t.db
    .update(members)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(members.id, m.id));
  return { ...m, email: `${m.name}@example.test` };
}

function login(
  email: string,
  password: string,
  opts: { address?: string; cookie?: string; lang?: string; host?: string } = {},
) {
  const cookies = [opts.cookie, opts.lang ? `i18n_locale=${opts.lang}` : undefined].filter(Boolean);
  return t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    remoteAddress: opts.address ?? freshAddress(),
    headers: {
      host: opts.host ?? 'main.test',
      'x-requested-with': 'XMLHttpRequest',
      ...(cookies.length ? { cookie: cookies.join('; ') } : {}),
    },
    payload: { email, password },
  });
}

const authCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'auth');

async function userFor(cookie: string, host = 'main.test') {
  const res = await t.app.inject({
    url: '/api/user.php',
    headers: { host, cookie, 'x-requested-with': 'XMLHttpRequest' },
  });
  return res.json().user;
}

describe('POST /api/user.php (login)', () => {
  test('the right e-mail and password answer { user } and set a 30-day HttpOnly, SameSite=Lax auth cookie', async () => {
    const m = await memberWithPassword({ name: 'Lotte' });
    const res = await login(m.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ status: 'active', profile: { id: m.id, name: 'Lotte' } });
    expect(res.json().user).not.toHaveProperty('email');
    const cookie = authCookie(res);
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 30 * 86_400 });
    expect(cookie).not.toHaveProperty('secure');
    expect((await userFor(`auth=${cookie?.value}`)).profile.id).toBe(m.id);
  });

  test('the e-mail is matched without regard to case or surrounding spaces', async () => {
    const m = await memberWithPassword();
    const res = await login(`  ${m.email.toUpperCase()} `, PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  test('a wrong password and an unknown e-mail get the same answer: Login mislukt, probeer opnieuw', async () => {
    const m = await memberWithPassword();
    const wrong = await login(m.email, 'Not-the-password-1');
    const unknown = await login('nobody-here@example.test', PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'login_failed', message: 'Login mislukt, probeer opnieuw' });
    expect(unknown.body).toBe(wrong.body);
    expect(authCookie(wrong)).toBeUndefined();
  });

  test('the message follows the language cookie', async () => {
    const res = await login('nobody-here@example.test', PASSWORD, { lang: 'en' });
    expect(res.json().message).toBe('Login failed, please try again');
  });

  test('an unknown e-mail costs a password check too, so timing does not tell whether it has an account', async () => {
    const m = await memberWithPassword();
    const time = async (email: string) => {
      const started = performance.now();
      await login(email, 'Not-the-password-1');
      return performance.now() - started;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(m.email));
      unknown.push(await time(`nobody-${i}@example.test`));
    }
    // A scrypt check takes tens of milliseconds; a lookup alone would be a few.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  test.each([['an account without a password (demo rows)', async () => createMember(t.db)]])(
    '%s cannot log in',
    async (_, make) => {
      const m = await make();
      const res = await login(`${m.name}@example.test`, PASSWORD);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('login_failed');
    },
  );

  test('a deleted account: the right password offers the reactivation mail, a wrong one learns nothing', async () => {
    const m = await memberWithPassword();
    const deletedAt = new Date(clock - 3 * 86_400_000 - 60_000);
    await t.db.update(members).set({ deletedAt }).where(eq(members.id, m.id));
    const wrong = await login(m.email, 'Not-the-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('login_failed');
    const right = await login(m.email, PASSWORD, { lang: 'nl' });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({
      error: 'account_reactivatable',
      days: 11,
      message:
        'Je account is verwijderd. Je kunt het nog 11 dagen terughalen: we sturen je een e-mail met een link.',
    });
    expect(authCookie(right)).toBeUndefined();
    // Past the 14 days it is an address like any other.
    clock = deletedAt.getTime() + 14 * 86_400_000 + 1000;
    const late = await login(m.email, PASSWORD);
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe('login_failed');
    clock = START;
  });

  test('a member on another site with the same e-mail is not this site’s member', async () => {
    const m = await memberWithPassword({ domain: 'first.test', country: 'DE' });
    expect((await login(m.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(m.email, PASSWORD, { host: 'first.test' })).statusCode).toBe(200);
  });

  test('a suspended account with the right password is told so', async () => {
    const m = await memberWithPassword();
    await t.db.update(members).set({ status: 'suspended' }).where(eq(members.id, m.id));
    const res = await login(m.email, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('account_suspended');
    expect((await login(m.email, 'Not-the-password-1')).json().error).toBe('login_failed');
  });

  test('after 5 failures the account is blocked for 15 minutes, from any address, even with the right password', async () => {
    const m = await memberWithPassword();
    for (let i = 1; i <= 4; i++) expect((await login(m.email, `wrong-${i}-password`)).statusCode).toBe(401);
    const fifth = await login(m.email, 'wrong-5-password');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      error: 'login_blocked',
      retry_after: 900,
      minutes: 15,
      message: 'Te veel mislukte pogingen. Je account is 15 minuten geblokkeerd.',
    });
    const right = await login(m.email, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(authCookie(right)).toBeUndefined();

    clock += 14 * 60_000 + 30_000;
    const late = await login(m.email, PASSWORD, { lang: 'en' });
    expect(late.json()).toMatchObject({
      retry_after: 30,
      minutes: 1,
      message: 'Too many failed attempts. Your account is blocked for 1 minute.',
    });
    clock += 30_000;
    expect((await login(m.email, PASSWORD)).statusCode).toBe(200);
  });

  test('an unknown e-mail is blocked the same way, so blocking does not reveal accounts either', async () => {
    for (let i = 1; i <= 4; i++)
      expect((await login('ghost@example.test', `wrong-${i}-password`)).statusCode).toBe(401);
    expect((await login('ghost@example.test', 'wrong-5-password')).statusCode).toBe(429);
  });

  test('a successful login forgets the account’s earlier failures', async () => {
    const m = await memberWithPassword();
    for (let i = 1; i <= 4; i++) await login(m.email, `wrong-${i}-password`);
    expect((await login(m.email, PASSWORD)).statusCode).toBe(200);
    for (let i = 1; i <= 4; i++) expect((await login(m.email, `wrong-${i}-password`)).statusCode).toBe(401);
  });

  test('after 20 failures from one address, that address is blocked for every account', async () => {
    const address = '192.0.2.77';
    const m = await memberWithPassword();
    for (let i = 1; i <= 19; i++)
      expect((await login(`stranger-${i}@example.test`, 'wrong-password-x', { address })).statusCode).toBe(
        401,
      );
    expect((await login('stranger-20@example.test', 'wrong-password-x', { address })).statusCode).toBe(429);
    const blocked = await login(m.email, PASSWORD, { address });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('login_network_limited');
    expect((await login(m.email, PASSWORD, { address: '192.0.2.78' })).statusCode).toBe(200);
  });

  test('every login starts a new session and ends the one the browser held', async () => {
    const m = await memberWithPassword();
    const first = authCookie(await login(m.email, PASSWORD))?.value as string;
    const second = authCookie(await login(m.email, PASSWORD, { cookie: `auth=${first}` }))?.value as string;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(await userFor(`auth=${first}`)).toBeNull();
    expect((await userFor(`auth=${second}`)).profile.id).toBe(m.id);
  });

  test('a planted session id of someone else is ended, not adopted', async () => {
    const victim = await memberWithPassword();
    const other = await createMember(t.db);
    const planted = await loginCookie(t.db, other.id, new Date(clock));
    const res = await login(victim.email, PASSWORD, { cookie: planted });
    expect(authCookie(res)?.value).not.toBe(planted.slice('auth='.length));
    expect(await userFor(planted)).toBeNull();
  });

  test('a hash made with older settings is replaced by one with today’s at login', async () => {
    const m = await memberWithPassword();
    const weak = await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
    await t.db.update(members).set({ passwordHash: weak }).where(eq(members.id, m.id));
    expect((await login(m.email, PASSWORD)).statusCode).toBe(200);
    const [row] = await t.db.select({ hash: members.passwordHash }).from(members).where(eq(members.id, m.id));
    expect(row?.hash).not.toBe(weak);
    expect((await login(m.email, PASSWORD)).statusCode).toBe(200);
  });

  test('an invalid e-mail is refused by the form’s schema', async () => {
    const res = await login('not-an-address', PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('email');
  });

  test('a .invalid address is a valid address (the demo login uses one)', async () => {
    const m = await memberWithPassword();
    await t.db.update(members).set({ email: 'someone@demo.invalid' }).where(eq(members.id, m.id));
    expect((await login('someone@demo.invalid', PASSWORD)).statusCode).toBe(200);
  });
});

const devicePassOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'device_pass');

/** The member's account locked by someone else: five wrong passwords from an address of theirs. */
async function lockedOut(email: string) {
  const attacker = freshAddress();
  for (let i = 1; i <= 5; i++) await login(email, `wrong-${i}-password`, { address: attacker });
  expect((await login(email, PASSWORD)).json().error).toBe('login_blocked');
}

describe('a known device', () => {
  test('a login leaves a year-long HttpOnly device pass, sent only to the login', async () => {
    const m = await memberWithPassword();
    const res = await login(m.email, PASSWORD);
    expect(devicePassOf(res)).toMatchObject({
      path: '/api/user.php',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 365 * 86_400,
    });
    expect(devicePassOf(res)).not.toHaveProperty('secure');
    expect(devicePassOf(await login(m.email, 'wrong-1-password'))).toBeUndefined();
  });

  test('the right password from a device the member logged in on before still works while the account is locked', async () => {
    const m = await memberWithPassword();
    const pass = devicePassOf(await login(m.email, PASSWORD))?.value as string;
    await lockedOut(m.email);

    const withoutPass = await login(m.email, PASSWORD);
    expect(withoutPass.statusCode).toBe(429);
    expect(withoutPass.json().error).toBe('login_blocked');
    expect(authCookie(withoutPass)).toBeUndefined();

    const withPass = await login(m.email, PASSWORD, { cookie: `device_pass=${pass}` });
    expect(withPass.statusCode).toBe(200);
    expect(withPass.json().user.profile.id).toBe(m.id);
    expect(authCookie(withPass)).toBeDefined();
    // The device keeps its pass, renewed.
    expect(devicePassOf(withPass)?.value).toBeTruthy();
  });

  test('a pass of another member, a tampered or a made-up pass does not open a locked account', async () => {
    const m = await memberWithPassword();
    const other = await memberWithPassword();
    const own = devicePassOf(await login(m.email, PASSWORD))?.value as string;
    const theirs = devicePassOf(await login(other.email, PASSWORD))?.value as string;
    await lockedOut(m.email);

    const [, deviceId, mac] = own.split('.') as [string, string, string];
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    const forged = [
      theirs,
      `${other.id}.${deviceId}.${mac}`,
      `${m.id}.${deviceId}.${flipped}`,
      `${m.id}.${'A'.repeat(22)}.${mac}`,
      `${m.id}.${deviceId}.`,
      'nonsense',
    ];
    for (const pass of forged) {
      const res = await login(m.email, PASSWORD, { cookie: `device_pass=${pass}` });
      expect(res.statusCode, pass).toBe(429);
      expect(res.json().error, pass).toBe('login_blocked');
    }
    expect((await login(m.email, PASSWORD, { cookie: `device_pass=${own}` })).statusCode).toBe(200);
  });

  test('a new password ends the passes of every device', async () => {
    const m = await memberWithPassword();
    const pass = devicePassOf(await login(m.email, PASSWORD))?.value as string;
    await lockedOut(m.email);
    expect((await login(m.email, PASSWORD, { cookie: `device_pass=${pass}` })).statusCode).toBe(200);
    // The password is set anew (the same words, so a new salt: what a reset or a change writes).
    await t.db
      .update(members)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(members.id, m.id));
    await lockedOut(m.email);
    expect((await login(m.email, PASSWORD, { cookie: `device_pass=${pass}` })).statusCode).toBe(429);
  });

  test('mistakes on a known device do not lock the account elsewhere; they block only that device', async () => {
    const m = await memberWithPassword();
    const cookie = `device_pass=${devicePassOf(await login(m.email, PASSWORD))?.value}`;
    for (let i = 1; i <= 4; i++)
      expect((await login(m.email, `wrong-${i}-password`, { cookie })).statusCode).toBe(401);
    const fifth = await login(m.email, 'wrong-5-password', { cookie });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error).toBe('login_blocked');
    expect((await login(m.email, PASSWORD, { cookie })).statusCode).toBe(429);
    // Another browser of the member, or the member on a new one, is not locked by them.
    expect((await login(m.email, PASSWORD)).statusCode).toBe(200);
  });

  test('a known device gets in from an address that is over its limit', async () => {
    const address = '192.0.2.91';
    const m = await memberWithPassword();
    const cookie = `device_pass=${devicePassOf(await login(m.email, PASSWORD))?.value}`;
    for (let i = 1; i <= 20; i++) await login(`crowd-${i}@example.test`, 'wrong-password-x', { address });
    expect((await login(m.email, PASSWORD, { address })).json().error).toBe('login_network_limited');
    expect((await login(m.email, PASSWORD, { address, cookie })).statusCode).toBe(200);
  });
});

describe('the limit per address', () => {
  test('answers 429 login_network_limited with Retry-After, worded as the network’s limit, not the account’s', async () => {
    const address = '192.0.2.88';
    for (let i = 1; i <= 19; i++)
      expect((await login(`passer-${i}@example.test`, 'wrong-password-x', { address })).statusCode).toBe(401);
    const twentieth = await login('passer-20@example.test', 'wrong-password-x', { address });
    expect(twentieth.statusCode).toBe(429);
    expect(twentieth.headers['retry-after']).toBe('900');
    expect(twentieth.json()).toEqual({
      error: 'login_network_limited',
      message: 'Te veel inlogpogingen vanaf dit netwerk. Probeer het over 15 minuten opnieuw.',
      retry_after: 900,
      minutes: 15,
    });
    const m = await memberWithPassword();
    const next = await login(m.email, PASSWORD, { address, lang: 'en' });
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBe('900');
    expect(next.json()).toMatchObject({
      error: 'login_network_limited',
      message: 'Too many login attempts from this network. Try again in 15 minutes.',
    });
  });

  test('a locked account answers Retry-After too', async () => {
    const m = await memberWithPassword();
    await lockedOut(m.email);
    const res = await login(m.email, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the auth cookie behind HTTPS', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await testApp({ now: () => new Date(clock) });
    secure.config.trustProxy = true;
  });
  afterAll(() => secure?.close());

  test('is Secure when the app trusts a TLS-terminating proxy', async () => {
    const m = await createMember(secure.db);
    await secure.db
      .update(members)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(members.id, m.id));
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: 'main.test', 'x-requested-with': 'XMLHttpRequest' },
      payload: { email: `${m.name}@example.test`, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(authCookie(res)).toMatchObject({ secure: true, httpOnly: true });
    expect(devicePassOf(res)).toMatchObject({ secure: true, httpOnly: true });
  });
});

describe('PUT /api/user.php (language)', () => {
  const put = (payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: { host: 'main.test', 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });

  test('saves the language of the logged-in member', async () => {
    const m = await createMember(t.db);
    const cookie = await loginCookie(t.db, m.id, new Date(clock));
    const res = await put({ language: 'de' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.language).toBe('de');
    expect((await userFor(cookie)).language).toBe('de');
  });

  test('needs a login', async () => {
    const res = await put({ language: 'de' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
  });

  test('refuses a language the site does not offer', async () => {
    const m = await createMember(t.db);
    const res = await put({ language: 'xx' }, await loginCookie(t.db, m.id, new Date(clock)));
    expect(res.statusCode).toBe(400);
  });
});

describe('logout', () => {
  test('GET /api/logout.php ends this session and removes the cookie', async () => {
    const m = await createMember(t.db);
    const cookie = await loginCookie(t.db, m.id, new Date(clock));
    const other = await loginCookie(t.db, m.id, new Date(clock));
    const res = await t.app.inject({ url: '/api/logout.php', headers: { host: 'main.test', cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    const cleared = authCookie(res);
    expect(cleared?.value).toBe('');
    expect(cleared).toMatchObject({ path: '/', httpOnly: true });
    expect(await userFor(cookie)).toBeNull();
    // The member's session on another device goes on.
    expect((await userFor(other)).profile.id).toBe(m.id);
  });

  test('GET /api/logout.php without a session is fine', async () => {
    const res = await t.app.inject({ url: '/api/logout.php', headers: { host: 'main.test' } });
    expect(res.statusCode).toBe(200);
  });

  test('logout everywhere ends every session of the member and nobody else’s', async () => {
    const m = await createMember(t.db);
    const someoneElse = await createMember(t.db);
    const here = await loginCookie(t.db, m.id, new Date(clock));
    const phone = await loginCookie(t.db, m.id, new Date(clock));
    const theirs = await loginCookie(t.db, someoneElse.id, new Date(clock));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout.php',
      headers: { host: 'main.test', cookie: here, 'x-requested-with': 'XMLHttpRequest' },
      payload: { everywhere: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await userFor(here)).toBeNull();
    expect(await userFor(phone)).toBeNull();
    expect((await userFor(theirs)).profile.id).toBe(someoneElse.id);
  });

  test('logout everywhere needs the client header (it changes state)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout.php',
      headers: { host: 'main.test' },
      payload: { everywhere: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('csrf');
  });
});
