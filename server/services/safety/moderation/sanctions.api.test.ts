import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, bans, members, sessions } from '../../../db/schema';
import { translate } from '../../../i18n';
import {
  headers,
  type MailTestApp,
  mailTestApp,
  PASSWORD,
  signedUpMember,
} from '../../../infra/mail/testing/app';
import { SESSION_ENDED_CLOSE } from '../../../routes/ws';
import { loginCookie } from '../../../test/app';
import { listen, openSocket } from '../../../test/socket';
import { createTestStaff } from '../../../test/staff';
import { banMember, liftSuspension, suspendMember } from './sanctions';

const DAY = 86_400_000;
let clock = new Date('2026-06-01T10:00:00Z');
let t: MailTestApp;
let port: number;
let staffId: number;
beforeAll(async () => {
  t = await mailTestApp({ now: () => clock });
  ({ port } = await listen(t.app));
  staffId = (await createTestStaff(t.db, 'moderator')).id;
});
afterAll(() => t?.close());

const REASON = 'Repeatedly asked other members for money after being warned.';
let serial = 0;
const freshAddress = () => `198.51.100.${++serial}`;

function login(email: string, address = freshAddress(), lang?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    remoteAddress: address,
    headers: { ...headers(lang ? `i18n_locale=${lang}` : undefined) },
    payload: { email, password: PASSWORD },
  });
}

function signup(email: string, address = freshAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    remoteAddress: address,
    headers: { ...headers(), 'cf-ipcountry': 'NL' },
    payload: {
      email,
      name: `Nieuw${++serial}`,
      password: 'Tulpen-op-zolder-7',
      date_of_birth: '1994-03-14',
      gender: 'male',
      seeking_gender: 'female',
    },
  });
}

const memberRow = async (id: number) => (await t.db.select().from(members).where(eq(members.id, id)))[0];

describe('a suspension at login', () => {
  test('refused while suspended, with the end and the statement; the first login after the end gives the account back', async () => {
    const m = await signedUpMember(t, { confirmed: true, language: 'de' });
    const { until } = await suspendMember(t.app.services, {
      staffId,
      memberId: m.id,
      days: 3,
      reason: REASON,
      code: 'fake_or_scam',
    });
    expect(until).toEqual(new Date(clock.getTime() + 3 * DAY));
    const mail = await t.inbox.next(m.email);
    expect(mail.text).toContain(REASON);
    expect(mail.text).toContain(translate('de', 'reports.reasons.fake_or_scam'));

    const refused = await login(m.email, freshAddress(), 'de');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'account_suspended',
      message: translate('de', 'error.account_suspended'),
      until: until?.toISOString(),
      statement: { action: 'suspend', reason: 'fake_or_scam', text: REASON },
    });
    expect(refused.cookies.find((c) => c.name === 'auth')).toBeUndefined();

    clock = new Date(clock.getTime() + 3 * DAY - 60_000);
    expect((await login(m.email)).statusCode).toBe(403);
    clock = new Date(clock.getTime() + 61_000);
    const address = freshAddress();
    const back = await login(m.email, address);
    expect(back.statusCode, back.body).toBe(200);
    expect(await memberRow(m.id)).toMatchObject({ status: 'active', suspendedUntil: null, lastIp: address });
  });

  test('an account never confirmed goes back to not_confirmed', async () => {
    const m = await signedUpMember(t, { confirmed: false });
    await suspendMember(t.app.services, { staffId, memberId: m.id, days: 1, reason: REASON });
    clock = new Date(clock.getTime() + DAY + 1000);
    expect((await login(m.email)).statusCode).toBe(200);
    expect((await memberRow(m.id))?.status).toBe('not_confirmed');
  });

  test('a shorter suspension never shortens a longer one, and never lifts a ban', async () => {
    const m = await signedUpMember(t, { confirmed: true });
    const long = await suspendMember(t.app.services, { staffId, memberId: m.id, days: 30, reason: REASON });
    const short = await suspendMember(t.app.services, { staffId, memberId: m.id, days: 2, reason: REASON });
    expect(short.until).toEqual(long.until);
    await banMember(t.app.services, { staffId, memberId: m.id, reason: REASON });
    const after = await suspendMember(t.app.services, { staffId, memberId: m.id, days: 2, reason: REASON });
    expect(after.until).toBeNull();
    expect(await memberRow(m.id)).toMatchObject({ status: 'suspended', suspendedUntil: null });
  });
});

describe('a ban', () => {
  test('blocks login (until null), and signup by the e-mail address on every site and from the address', async () => {
    const address = freshAddress();
    const m = await signedUpMember(t, { confirmed: true });
    expect((await login(m.email, address)).statusCode).toBe(200);
    expect((await memberRow(m.id))?.lastIp).toBe(address);
    await banMember(t.app.services, { staffId, memberId: m.id, reason: REASON });
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, m.id))).toEqual([]);

    const refused = await login(m.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ until: null, statement: { action: 'ban', text: REASON } });

    const byEmail = await signup(m.email.toUpperCase());
    expect(byEmail.statusCode).toBe(403);
    expect(byEmail.json().error).toBe('banned');
    const byAddress = await signup(`someone-new-${serial}@example.test`, address);
    expect(byAddress.statusCode).toBe(403);
    expect(byAddress.json().error).toBe('banned');
    // Another address and another e-mail: welcome, and the address is recorded.
    const elsewhere = freshAddress();
    const welcome = `someone-else-${serial}@example.test`;
    const ok = await signup(welcome, elsewhere);
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.db.select().from(members).where(eq(members.email, welcome));
    expect(row?.lastIp).toBe(elsewhere);

    // Another account logging in from the banned address is refused too, without the other's reasons.
    const neighbour = await signedUpMember(t, { confirmed: true });
    const shared = await login(neighbour.email, address);
    expect(shared.statusCode).toBe(403);
    expect(shared.json()).toMatchObject({ until: null, statement: null });
  });

  test('lifting it gives the account back and frees the addresses; the audit log has each step', async () => {
    const address = freshAddress();
    const m = await signedUpMember(t, { confirmed: true });
    await login(m.email, address);
    await banMember(t.app.services, { staffId, memberId: m.id, reason: REASON });
    await liftSuspension(t.app.services, {
      staffId,
      memberId: m.id,
      reason: 'Appeal accepted after a call.',
    });
    expect(await memberRow(m.id)).toMatchObject({ status: 'active', suspendedUntil: null });
    expect(await t.db.select().from(bans).where(eq(bans.memberId, m.id))).toEqual([]);
    expect((await login(m.email, address)).statusCode).toBe(200);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(m.id)));
    expect(audits.map((a) => a.action)).toEqual(['member.ban', 'member.lift_suspension']);
    await expect(
      liftSuspension(t.app.services, { staffId, memberId: m.id, reason: 'Nothing to lift.' }),
    ).rejects.toMatchObject({ status: 409 });
  });
});

describe('sockets', () => {
  test('a suspension closes the member’s open sockets at once; other members’ stay open', async () => {
    const m = await signedUpMember(t, { confirmed: true });
    const other = await signedUpMember(t, { confirmed: true });
    const socket = await openSocket(port, { cookie: await loginCookie(t.db, m.id, clock) });
    const stays = await openSocket(port, { cookie: await loginCookie(t.db, other.id, clock) });
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    await suspendMember(t.app.services, { staffId, memberId: m.id, days: 1, reason: REASON });
    expect(await closed).toBe(SESSION_ENDED_CLOSE);
    t.app.services.events.publish(other.id, { type: 'credits', credits: 9 });
    expect(await stays.next('credits')).toEqual({ type: 'credits', credits: 9 });
    await stays.close();
  });
});
