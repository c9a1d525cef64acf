import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { accountTokens, creditLedger, members, profiles, sites } from '../db/schema';
import { createMember, type TestApp, testApp } from '../test/app';

const NOW = new Date('2026-05-01T12:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
});
afterAll(() => t?.close());

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;
const freshAddress = () => `10.2.${Math.floor(++counter / 250)}.${counter % 250}`;

function form(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    email: `new-${id}@example.test`,
    name: `Ruben${id.slice(-4)}`,
    password: 'Tulpen-op-zolder-7',
    date_of_birth: '1996-03-14',
    gender: 'male',
    seeking_gender: 'female',
    ...overrides,
  };
}

type Opts = { host?: string; address?: string; lang?: string; country?: string; cookie?: string };
function post(payload: unknown, opts: Opts = {}) {
  const cookies = [opts.cookie, opts.lang ? `i18n_locale=${opts.lang}` : undefined].filter(Boolean);
  return t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    remoteAddress: opts.address ?? freshAddress(),
    headers: {
      host: opts.host ?? 'main.test',
      'x-requested-with': 'XMLHttpRequest',
      'cf-ipcountry': opts.country ?? 'NL',
      ...(cookies.length ? { cookie: cookies.join('; ') } : {}),
    },
    payload: payload as object,
  });
}

const authCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'auth');
  return c ? `auth=${c.value}` : undefined;
};

async function memberByEmail(email: string) {
  const [row] = await t.db
    .select()
    .from(members)
    .where(eq(sql`lower(${members.email})`, email.toLowerCase()));
  return row;
}

async function setSiteSettings(domain: string, settings: Record<string, unknown>) {
  await t.db
    .update(sites)
    .set({ settings: sql`${sites.settings} || ${JSON.stringify(settings)}::jsonb` })
    .where(eq(sites.domain, domain));
  t.app.services.sites.invalidate();
}

describe('POST /api/signup.php', () => {
  test('creates a not-confirmed member, logs them in and answers { user }', async () => {
    const body = form({ name: 'Ruben' });
    const res = await post(body, { country: 'BE' });
    expect(res.statusCode).toBe(201);
    const user = res.json().user;
    expect(user).toMatchObject({
      status: 'not_confirmed',
      email_confirmed: false,
      credits: 3,
      paid_user: false,
      language: 'nl',
      profile: {
        name: 'Ruben',
        gender: 'male',
        age: 30,
        country: 'BE',
        status: 'disabled',
        main_image: null,
      },
    });
    const cookie = authCookie(res) as string;
    expect(cookie).toBeTruthy();
    const me = await t.app.inject({ url: '/api/user.php', headers: { host: 'main.test', cookie } });
    expect(me.json().user.profile.id).toBe(user.profile.id);

    const row = await memberByEmail(body.email);
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain(body.password);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.memberId, user.profile.id));
    expect(profile).toMatchObject({
      sexuality: 'hetero',
      seekingGender: 'female',
      seekingMinAge: 20,
      seekingMaxAge: 40,
    });
  });

  test('signs up in the language the visitor uses the site in', async () => {
    const res = await post(form(), { lang: 'en' });
    expect(res.json().user.language).toBe('en');
  });

  test('grants signup_credits with a ledger row, or nothing when the site grants none', async () => {
    const res = await post(form());
    const id = res.json().user.profile.id;
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, id));
    expect(ledger).toEqual([
      expect.objectContaining({ delta: 3, balanceAfter: 3, reason: 'signup_bonus', memberId: id }),
    ]);

    await setSiteSettings('first.test', { signup_credits: 0 });
    const none = await post(form(), { host: 'first.test', country: 'DE' });
    expect(none.statusCode).toBe(201);
    expect(none.json().user.credits).toBe(0);
    const noLedger = await t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.memberId, none.json().user.profile.id));
    expect(noLedger).toEqual([]);
  });

  test('saves the tracking values with the account, leaving out empty ones', async () => {
    const body = form({ tracking: { network: 'adnet', ref: 'r-1', sub1: 'banner', sub2: '', sub3: '  ' } });
    expect((await post(body)).statusCode).toBe(201);
    expect((await memberByEmail(body.email))?.tracking).toEqual({
      network: 'adnet',
      ref: 'r-1',
      sub1: 'banner',
    });
  });

  test('keeps the page the visit began on and its lander, for reports per lander', async () => {
    const body = form({ tracking: { network: 'adnet', landing: '/landers/gallery/milf-x' } });
    expect((await post(body)).statusCode).toBe(201);
    expect((await memberByEmail(body.email))?.tracking).toEqual({
      network: 'adnet',
      landing: '/landers/gallery/milf-x',
      lander: 'landers/gallery',
    });
    const bad = form({ tracking: { network: 'adnet', landing: 'no-slash' } });
    expect((await post(bad)).statusCode).toBe(400);
  });

  test('sends the activation mail to the new address, with a single-use activation token', async () => {
    const body = form();
    const res = await post(body);
    const id = res.json().user.profile.id;
    const tokens = await t.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.memberId, id), eq(accountTokens.kind, 'activation')));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.usedAt).toBeNull();
    const outbox = path.join(t.config.dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    expect(mails.filter((m) => m.includes(body.email))).toHaveLength(1);
  });

  describe('when the mail cannot be sent', () => {
    const original = () => t.app.services.mailer.send;
    let send: ReturnType<typeof original>;
    beforeAll(() => {
      send = original();
      t.app.services.mailer.send = async () => {
        throw new Error('smtp down');
      };
    });
    afterEach(() => {
      t.app.services.mailer.send = send;
    });
    test('the signup still succeeds (the reminder can resend it)', async () => {
      const res = await post(form());
      expect(res.statusCode).toBe(201);
      expect(authCookie(res)).toBeTruthy();
    });
  });

  describe('every signup rule, with its message in the member’s language', () => {
    test.each([
      [
        'a profile name equal to the e-mail',
        { email: 'Anna@example.test', name: 'anna@example.test' },
        'name',
        'Je profielnaam moet anders zijn dan je e-mailadres',
      ],
      [
        'a profile name starting with @',
        { name: '@anna' },
        'name',
        'Een profielnaam mag niet met @ beginnen.',
      ],
      ['no date of birth', { date_of_birth: '' }, 'date_of_birth', 'Vul uw geboortedatum in (18+ jaar)'],
      [
        'a member one day short of 18',
        { date_of_birth: '2008-05-02' },
        'date_of_birth',
        'Vul uw geboortedatum in (18+ jaar)',
      ],
      [
        'a date that does not exist',
        { date_of_birth: '1990-02-30' },
        'date_of_birth',
        'Ongeldige geboortedatum.',
      ],
      [
        'a date in another format',
        { date_of_birth: '14-03-1996' },
        'date_of_birth',
        'Ongeldige geboortedatum.',
      ],
      ['a date in the future', { date_of_birth: '2027-01-01' }, 'date_of_birth', 'Ongeldige geboortedatum.'],
      ['an invalid e-mail', { email: 'anna@' }, 'email', 'Ongeldige e-mail'],
      [
        'a common password',
        { password: 'wachtwoord123' },
        'password',
        'Dit wachtwoord wordt te vaak gebruikt en is makkelijk te raden. Kies een ander wachtwoord.',
      ],
      ['a short password', { password: 'kort1' }, 'password', 'Kies een wachtwoord van 8 tot 128 tekens.'],
      ['no gender', { gender: 'other' }, 'gender', 'Maak een keuze.'],
    ])('%s is refused', async (_, overrides, field, message) => {
      const body = form(overrides);
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_input', fields: { [field]: message } });
      expect(authCookie(res)).toBeUndefined();
      expect(await memberByEmail(String(body.email))).toBeUndefined();
    });

    test('turning 18 today is old enough', async () => {
      expect((await post(form({ date_of_birth: '2008-05-01' }))).statusCode).toBe(201);
    });

    test('the messages follow the language cookie', async () => {
      const res = await post(form({ date_of_birth: '' }), { lang: 'en' });
      expect(res.json().fields.date_of_birth).toBe('Enter your date of birth (18+ years)');
    });

    test('a .invalid address is a valid address', async () => {
      expect((await post(form({ email: `x-${unique()}@demo.invalid` }))).statusCode).toBe(201);
    });
  });

  describe('the signups setting', () => {
    afterAll(() => setSiteSettings('closed.test', { signups: 'all' }));

    test('none: signup is closed, with a clear message, and nothing is saved', async () => {
      await setSiteSettings('closed.test', { signups: 'none' });
      const body = form({ tracking: { network: 'adnet' } });
      const res = await post(body, { host: 'closed.test', country: 'AT', lang: 'nl' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'signups_closed',
        message: 'Aanmelden is op deze site op dit moment niet mogelijk. Probeer het later nog eens.',
      });
      expect(await memberByEmail(body.email)).toBeUndefined();
    });

    test('with_trafficsource: only with a tracking network', async () => {
      await setSiteSettings('closed.test', { signups: 'with_trafficsource' });
      const without = await post(form({ tracking: { ref: 'r-1' } }), { host: 'closed.test', country: 'AT' });
      expect(without.statusCode).toBe(403);
      expect(without.json().error).toBe('signups_closed');
      const body = form({ tracking: { network: 'adnet', sub1: 'x' } });
      const withNetwork = await post(body, { host: 'closed.test', country: 'AT' });
      expect(withNetwork.statusCode).toBe(201);
      expect((await memberByEmail(body.email))?.tracking).toEqual({ network: 'adnet', sub1: 'x' });
    });
  });

  describe('an address that already has an account on this site', () => {
    test('an active account: account_exists (the form links to login), whatever the case', async () => {
      const existing = await createMember(t.db, { name: 'Existing' });
      const res = await post(form({ email: 'EXISTING@example.test' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'account_exists',
        message: 'Er bestaat al een account met dit e-mailadres. Log in met dat account.',
      });
      const [row] = await t.db.select().from(members).where(eq(members.id, existing.id));
      expect(row?.status).toBe('active');
    });

    test('a deleted account within the reactivation window: the reactivation note', async () => {
      const m = await createMember(t.db);
      await t.db
        .update(members)
        .set({ status: 'deleted', deletedAt: new Date(NOW.getTime() - 3 * DAY) })
        .where(eq(members.id, m.id));
      const res = await post(form({ email: `${m.name}@example.test` }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'account_deleted', days: 14 });
      expect(res.json().message).toContain('Binnen 14 dagen');
      expect(res.json().message).toContain('klantenservice');
    });

    test('the same address on another site is a new member there', async () => {
      const m = await createMember(t.db, { domain: 'first.test', country: 'DE' });
      expect((await post(form({ email: `${m.name}@example.test` }))).statusCode).toBe(201);
    });

    test('two signups with one address at once: one member, the other told it exists', async () => {
      const body = form();
      const results = await Promise.all([post(body), post({ ...body, name: 'Someone' })]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const rows = await t.db.select().from(members).where(eq(members.email, body.email));
      expect(rows).toHaveLength(1);
    });
  });

  test('one address may start 30 signups an hour', async () => {
    const address = '192.0.2.99';
    expect(t.app.services.config.signupsPerAddressPerHour).toBe(30);
    for (let i = 0; i < 30; i++) expect((await post(form(), { address })).statusCode).toBe(201);
    const res = await post(form(), { address });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'too_many_requests', retry_after: 3600 });
  });
});
