import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMPLAINT_LINKS_MAX, COMPLAINT_MESSAGE_MAX, complaintReference } from '../../common/api/complaints';
import { complaints } from '../db/schema';
import { translate } from '../i18n';
import { headers, type MailTestApp, mailTestApp } from '../infra/mail/testing/app';
import { COMPLAINTS_PER_HOUR } from '../services/safety/complaints';
import { createMember, loginCookie } from '../test/app';

const NOW = new Date('2026-05-01T12:00:00Z');
let t: MailTestApp;
beforeAll(async () => {
  t = await mailTestApp({ now: () => NOW });
});
afterAll(() => t?.close());

const SUPPORT = 'support@main.test';
const MESSAGE =
  'A member called Lotte asked me for money for a train ticket.\n\nShe stopped answering once I said no.';
let serial = 0;
/** Every test files from an address and e-mail of its own, so the rate limits of one do not touch another. */
const unique = () => {
  serial += 1;
  return { ip: `198.51.100.${serial}`, email: `complainant-${serial}@example.test` };
};

const visitorComplaint = (email: string) => ({
  name: 'Sanne de Vries',
  email,
  category: 'fake_profile',
  subject: 'https://main.test/members/42',
  message: MESSAGE,
  website: '',
});

function fileComplaint(
  payload: unknown,
  opts: { ip: string; cookie?: string; locale?: string; clientHeader?: boolean },
) {
  const cookie = [opts.cookie, opts.locale ? `i18n_locale=${opts.locale}` : ''].filter(Boolean).join('; ');
  const base = headers(cookie || undefined);
  const { 'x-requested-with': _header, ...withoutClientHeader } = base;
  return t.app.inject({
    method: 'POST',
    url: '/api/complaints.php',
    headers: opts.clientHeader === false ? withoutClientHeader : base,
    remoteAddress: opts.ip,
    payload: payload as Record<string, unknown>,
  });
}

const complaintsTo = async (email: string) =>
  t.db.select().from(complaints).where(eq(complaints.email, email));
const storedCount = async () => (await t.db.select({ n: count() }).from(complaints))[0]?.n ?? 0;

describe('POST /api/complaints.php', () => {
  test("a visitor's complaint is stored and arrives at the support address, confirmed in their language", async () => {
    const { ip, email } = unique();
    const res = await fileComplaint(visitorComplaint(email), { ip, locale: 'de' });
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = res.json().complaint;
    expect(complaintReference.safeParse(reference).success).toBe(true);

    const [row] = await complaintsTo(email);
    expect(row).toMatchObject({
      reference,
      memberId: null,
      name: 'Sanne de Vries',
      category: 'fake_profile',
      subject: 'https://main.test/members/42',
      message: MESSAGE,
      language: 'de',
      status: 'new',
    });
    expect(row?.forwardedAt).toEqual(NOW);

    // The support address reads it in the site's language (Dutch) and answers the complainant.
    const support = await t.inbox.next(SUPPORT);
    expect(support.subject).toBe(
      translate('nl', 'complaints.mail.support.subject', {
        reference,
        category: translate('nl', 'complaints.categories.fake_profile'),
      }),
    );
    expect(support.headers['reply-to']).toBe(`Sanne de Vries <${email}>`);
    expect(support.text).toContain(translate('nl', 'complaints.mail.support.visitor'));
    expect(support.text).toContain('She stopped answering once I said no.');
    expect(support.text).toContain('https://main.test/members/42');

    const confirmation = await t.inbox.next(email);
    expect(confirmation.subject).toBe(
      translate('de', 'complaints.mail.confirmation.subject', { site: 'Main', reference }),
    );
    expect(confirmation.html).toContain('<html lang="de">');
    expect(confirmation.text).toContain(reference);
    expect(confirmation.text).toContain('A member called Lotte asked me for money for a train ticket.');
    expect(confirmation.text).toContain(
      translate('de', 'complaints.mail.confirmation.why', { site: 'Main' }),
    );
    expect(confirmation.headers['reply-to']).toContain(SUPPORT);
  });

  test("a member's complaint carries the account's name and address, whatever the form says", async () => {
    const { ip } = unique();
    const member = await createMember(t.db, { name: 'Jeroen' });
    const cookie = await loginCookie(t.db, member.id, NOW);
    const account = `${member.name}@example.test`;

    const asked = await t.app.inject({ url: '/api/complaints.php', headers: headers(cookie) });
    expect(asked.json()).toEqual({ member: { name: 'Jeroen', email: account } });
    const visitor = await t.app.inject({ url: '/api/complaints.php', headers: headers() });
    expect(visitor.json()).toEqual({ member: null });

    const res = await fileComplaint(
      { ...visitorComplaint('someone-else@example.test'), name: 'Not Jeroen', category: 'billing' },
      { ip, cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = res.json().complaint;
    const [row] = await complaintsTo(account);
    expect(row).toMatchObject({ reference, memberId: member.id, name: 'Jeroen', language: 'nl' });
    expect(await complaintsTo('someone-else@example.test')).toEqual([]);

    const support = await t.inbox.next(SUPPORT);
    expect(support.subject).toContain(reference);
    expect(support.headers['reply-to']).toBe(`Jeroen <${account}>`);
    expect(support.text).toContain(
      translate('nl', 'complaints.mail.support.member', { id: String(member.id) }),
    );
    const confirmation = await t.inbox.next(account);
    expect(confirmation.text).toContain(translate('nl', 'mail.greeting', { name: 'Jeroen' }));
    expect(t.inbox.to('someone-else@example.test')).toEqual([]);
  });
});

describe('bad input: a clear message per field, nothing stored, no mail', () => {
  const cases: [string, (email: string) => unknown, Record<string, string>][] = [
    [
      'missing fields',
      () => ({ subject: '' }),
      {
        name: 'validation.required',
        email: 'validation.required',
        category: 'validation.complaintCategory',
        message: 'validation.complaintMessageShort',
      },
    ],
    [
      'too much text',
      (email) => ({ ...visitorComplaint(email), message: 'x'.repeat(COMPLAINT_MESSAGE_MAX + 1) }),
      { message: 'validation.complaintMessageLong' },
    ],
    [
      'a message of a few characters',
      (email) => ({ ...visitorComplaint(email), message: 'bad site' }),
      { message: 'validation.complaintMessageShort' },
    ],
    ['a bad e-mail address', () => visitorComplaint('not-an-address'), { email: 'validation.email' }],
    [
      'an unknown category',
      (email) => ({ ...visitorComplaint(email), category: 'refund_now' }),
      { category: 'validation.complaintCategory' },
    ],
    [
      'two links where one link or profile goes',
      (email) => ({ ...visitorComplaint(email), subject: 'https://a.example/1 https://b.example/2' }),
      { subject: 'validation.complaintSubjectLinks' },
    ],
    [
      'more links than a person needs',
      (email) => ({
        ...visitorComplaint(email),
        message: `Look at these: ${Array.from({ length: COMPLAINT_LINKS_MAX + 1 }, (_, i) => `https://spam.example/${i}`).join(' ')}`,
      }),
      { message: 'validation.complaintLinks' },
    ],
  ];
  for (const [what, body, fields] of cases) {
    test(what, async () => {
      const { ip, email } = unique();
      const before = await storedCount();
      const mails = t.inbox.mails.length;
      const res = await fileComplaint(body(email), { ip, locale: 'nl' });
      expect(res.statusCode).toBe(400);
      const answer = res.json();
      expect(answer.error).toBe('invalid_input');
      expect(answer.message).toBe(translate('nl', 'error.invalid_input'));
      for (const [field, key] of Object.entries(fields))
        expect(answer.fields[field], field).toBe(translate('nl', key));
      expect(await storedCount()).toBe(before);
      expect(t.inbox.mails.length).toBe(mails);
    });
  }

  test('www links count once each, and up to the cap is fine', async () => {
    const { ip, email } = unique();
    const links = Array.from({ length: COMPLAINT_LINKS_MAX }, (_, i) => `https://www.example.org/${i}`);
    const res = await fileComplaint(
      { ...visitorComplaint(email), message: `${MESSAGE} ${links.join(' ')}` },
      { ip },
    );
    expect(res.statusCode, res.body).toBe(201);
    await t.inbox.next(email);
    await t.inbox.next(SUPPORT);
  });
});

describe('spam and floods', () => {
  test('a filled honeypot looks like a success, but nothing is stored or sent', async () => {
    const { ip, email } = unique();
    const before = await storedCount();
    const mails = t.inbox.mails.length;
    const res = await fileComplaint(
      { ...visitorComplaint(email), website: 'https://cheap-pills.example' },
      { ip },
    );
    expect(res.statusCode).toBe(201);
    expect(complaintReference.safeParse(res.json().complaint.reference).success).toBe(true);
    expect(await storedCount()).toBe(before);
    expect(t.inbox.mails.length).toBe(mails);
  });

  test(`more than ${COMPLAINTS_PER_HOUR} complaints an hour from one address: 429 with retry_after`, async () => {
    const { ip } = unique();
    for (let i = 0; i < COMPLAINTS_PER_HOUR; i++) {
      // The honeypot keeps the flood out of the inbox; it counts against the limit all the same.
      const res = await fileComplaint(
        { ...visitorComplaint(`flood-${i}-${ip}@example.test`), website: 'x' },
        { ip },
      );
      expect(res.statusCode).toBe(201);
    }
    const res = await fileComplaint(visitorComplaint(`flood-last-${ip}@example.test`), { ip, locale: 'nl' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'too_many_requests',
      message: translate('nl', 'error.too_many_requests'),
      retry_after: 3_600,
    });
    expect(await complaintsTo(`flood-last-${ip}@example.test`)).toEqual([]);
  });

  test(`more than ${COMPLAINTS_PER_HOUR} an hour for one e-mail address, from anywhere: 429`, async () => {
    const { email } = unique();
    for (let i = 0; i < COMPLAINTS_PER_HOUR; i++) {
      const res = await fileComplaint({ ...visitorComplaint(email), website: 'x' }, { ip: unique().ip });
      expect(res.statusCode).toBe(201);
    }
    const res = await fileComplaint(visitorComplaint(email.toUpperCase()), { ip: unique().ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('too_many_requests');
  });

  test('without the client header the complaint is refused, as every state-changing call', async () => {
    const { ip, email } = unique();
    const res = await fileComplaint(visitorComplaint(email), { ip, clientHeader: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('csrf');
    expect(await complaintsTo(email)).toEqual([]);
    expect(t.inbox.to(email)).toEqual([]);
  });
});
