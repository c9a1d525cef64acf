import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMPLAINTS_PAGE_SIZE } from '../../../common/api/admin/complaints';
import { auditLog, complaints } from '../../db/schema';
import { headers, type MailTestApp, mailTestApp } from '../../infra/mail/testing/app';
import { createMember, loginCookie, siteId } from '../../test/app';
import { createTestStaff, roleCookies, staffCookie, staffHeaders } from '../../test/staff';

const NOW = new Date('2026-05-01T12:00:00Z');
const SUPPORT = 'support@main.test';
let t: MailTestApp;
let cookies: Awaited<ReturnType<typeof roleCookies>>;
let memberCookie: string;
let main: number;
let first: number;

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/${url}`, headers: staffHeaders(cookie) });
const send = (method: 'PATCH' | 'POST', url: string, cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/admin/${url}`, headers: staffHeaders(cookie), payload });

let serial = 0;
async function complaint(
  v: { site?: number; status?: 'new' | 'in_progress' | 'closed'; at?: string; forwarded?: boolean } = {},
) {
  serial += 1;
  const [row] = await t.db
    .insert(complaints)
    .values({
      reference: `TEST-${randomBytes(3).toString('hex').toUpperCase()}`,
      siteId: v.site ?? main,
      name: `Complainant ${serial}`,
      email: `complainant-${serial}@example.test`,
      category: 'billing',
      subject: null,
      message: `I was charged twice for one package, complaint number ${serial}.`,
      language: 'de',
      status: v.status ?? 'new',
      createdAt: new Date(v.at ?? NOW),
      forwardedAt: v.forwarded === false ? null : new Date(v.at ?? NOW),
    })
    .returning();
  if (!row) throw new Error('complaint not inserted');
  return row;
}

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'complaint'), eq(auditLog.targetId, String(id))));

beforeAll(async () => {
  t = await mailTestApp({ now: () => NOW });
  cookies = await roleCookies(t.db, NOW);
  main = await siteId(t.db, 'main.test');
  first = await siteId(t.db, 'first.test');
  const m = await createMember(t.db);
  memberCookie = await loginCookie(t.db, m.id, NOW);
});
afterAll(() => t?.close());

describe('GET /api/admin/complaints.php', () => {
  test('a member session and no session get 403; support may read', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/complaints.php' });
    expect(anonymous.statusCode).toBe(403);
    expect((await get('complaints.php', memberCookie)).statusCode).toBe(403);
    expect((await get('complaints.php', cookies.support)).statusCode).toBe(200);
  });

  test('a complaint from the form is listed, newest first, by site and state', async () => {
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/complaints.php',
      headers: headers(),
      remoteAddress: '198.51.100.77',
      payload: {
        name: 'Sanne de Vries',
        email: 'sanne@example.test',
        category: 'fake_profile',
        message: 'This profile uses photos of a famous actress, please look at it.',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { reference } = filed.json().complaint;
    await t.inbox.next(SUPPORT);

    const older = await complaint({ site: main, status: 'in_progress', at: '2026-04-01T10:00:00Z' });
    const elsewhere = await complaint({ site: first, at: '2026-04-02T10:00:00Z' });

    const list = (await get(`complaints.php?site_id=${main}`, cookies.support)).json();
    expect(list.complaints[0]).toMatchObject({
      reference,
      site_id: main,
      site_domain: 'main.test',
      site_name: expect.any(String),
      name: 'Sanne de Vries',
      category: 'fake_profile',
      status: 'new',
      forwarded: true,
    });
    const ids = list.complaints.map((c: { id: number }) => c.id);
    expect(ids).toContain(older.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(ids.indexOf(older.id)).toBeGreaterThan(0);

    const inProgress = (await get(`complaints.php?status=in_progress`, cookies.support)).json();
    expect(inProgress.complaints.map((c: { id: number }) => c.id)).toEqual([older.id]);
    const onFirst = (await get(`complaints.php?site_id=${first}&status=new`, cookies.support)).json();
    expect(onFirst.complaints.map((c: { id: number }) => c.id)).toEqual([elsewhere.id]);
  });

  test('pages by keyset: every complaint once, in order', async () => {
    const site = await siteId(t.db, 'closed.test');
    const made = [];
    for (let i = 0; i < COMPLAINTS_PAGE_SIZE + 5; i++)
      // Two at each time: the id breaks the tie.
      made.push(
        await complaint({
          site,
          at: new Date(Date.parse('2026-03-01T00:00:00Z') + Math.floor(i / 2) * 60_000).toISOString(),
        }),
      );
    const one = (await get(`complaints.php?site_id=${site}`, cookies.support)).json();
    expect(one.complaints).toHaveLength(COMPLAINTS_PAGE_SIZE);
    expect(one.next_cursor).toEqual(expect.any(String));
    const two = (
      await get(
        `complaints.php?site_id=${site}&cursor=${encodeURIComponent(one.next_cursor)}`,
        cookies.support,
      )
    ).json();
    expect(two.complaints).toHaveLength(5);
    expect(two.next_cursor).toBeNull();
    const seen = [...one.complaints, ...two.complaints].map((c: { id: number }) => c.id);
    expect(seen).toEqual(
      made.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((c) => c.id),
    );
  });

  test('bad filters are 400', async () => {
    for (const query of ['status=open', 'site_id=x', 'cursor=abc', 'cursor=2026-13-45T00:00:00Z_1', 'page=2'])
      expect((await get(`complaints.php?${query}`, cookies.support)).statusCode, query).toBe(400);
  });
});

describe('GET /api/admin/complaint.php', () => {
  test('one complaint with its message; 404 for an unknown id; 403 for a member', async () => {
    const c = await complaint();
    expect((await get(`complaint.php?id=${c.id}`, memberCookie)).statusCode).toBe(403);
    const res = await get(`complaint.php?id=${c.id}`, cookies.support);
    expect(res.statusCode).toBe(200);
    expect(res.json().complaint).toMatchObject({
      id: c.id,
      message: c.message,
      language: 'de',
      staff_note: null,
      history: [],
    });
    expect((await get('complaint.php?id=987654321', cookies.support)).statusCode).toBe(404);
    expect((await get('complaint.php?id=abc', cookies.support)).statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/complaint.php', () => {
  test('support moves a complaint with a note, audited in the same step', async () => {
    const c = await complaint();
    const who = await createTestStaff(t.db, 'support');
    const cookie = await staffCookie(t.db, who.id, NOW);
    const res = await send('PATCH', 'complaint.php', cookie, {
      id: c.id,
      status: 'closed',
      note: 'Refunded the second charge.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().complaint).toMatchObject({
      status: 'closed',
      staff_note: 'Refunded the second charge.',
      updated_at: NOW.toISOString(),
      history: [
        {
          staff_name: who.email.split('@')[0],
          action: 'complaint.status',
          status: 'closed',
          note: 'Refunded the second charge.',
        },
      ],
    });
    const [row] = await auditOf(c.id);
    expect(row).toMatchObject({ staffId: who.id, siteId: main, details: { from: 'new', status: 'closed' } });
  });

  test('a member gets 403; no note, an unknown state or id change nothing', async () => {
    const c = await complaint();
    expect(
      (await send('PATCH', 'complaint.php', memberCookie, { id: c.id, status: 'closed', note: 'x' }))
        .statusCode,
    ).toBe(403);
    for (const body of [
      { id: c.id, status: 'closed' },
      { id: c.id, status: 'closed', note: '   ' },
      { id: c.id, status: 'done', note: 'x' },
      { id: c.id, status: 'closed', note: 'x'.repeat(2001) },
    ])
      expect((await send('PATCH', 'complaint.php', cookies.admin, body)).statusCode).toBe(400);
    expect(
      (await send('PATCH', 'complaint.php', cookies.admin, { id: 987654321, status: 'closed', note: 'x' }))
        .statusCode,
    ).toBe(404);
    // Without the client header (a cross-site form) nothing changes either.
    const forged = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/complaint.php',
      headers: { cookie: cookies.admin },
      payload: { id: c.id, status: 'closed', note: 'x' },
    });
    expect(forged.statusCode).toBe(403);
    const [row] = await t.db.select().from(complaints).where(eq(complaints.id, c.id));
    expect(row?.status).toBe('new');
    expect(await auditOf(c.id)).toHaveLength(0);
  });
});

describe('POST /api/admin/complaint-mail.php', () => {
  test('sends the support mail of a complaint whose mail failed, once', async () => {
    const c = await complaint({ forwarded: false });
    expect((await send('POST', 'complaint-mail.php', memberCookie, { id: c.id })).statusCode).toBe(403);

    // The mail server is down again: 502, still not forwarded, nothing audited.
    const mailer = t.app.services.mailer;
    const realSend = mailer.send;
    mailer.send = async () => {
      throw new Error('connection refused');
    };
    try {
      const failed = await send('POST', 'complaint-mail.php', cookies.support, { id: c.id });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error).toBe('mail_unavailable');
    } finally {
      mailer.send = realSend;
    }
    expect(await auditOf(c.id)).toHaveLength(0);

    const res = await send('POST', 'complaint-mail.php', cookies.support, { id: c.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().complaint).toMatchObject({ forwarded: true, forwarded_at: NOW.toISOString() });
    const mail = await t.inbox.next(SUPPORT);
    expect(mail.text).toContain(c.reference);
    expect(mail.text).toContain(c.message);

    // Already forwarded: nothing is sent again.
    expect((await send('POST', 'complaint-mail.php', cookies.support, { id: c.id })).statusCode).toBe(200);
    const audits = await auditOf(c.id);
    expect(audits.map((a) => a.action)).toEqual(['complaint.mail']);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.inbox.to(SUPPORT).filter((m) => m.text.includes(c.reference))).toHaveLength(1);
    expect((await send('POST', 'complaint-mail.php', cookies.support, { id: 987654321 })).statusCode).toBe(
      404,
    );
  });
});
