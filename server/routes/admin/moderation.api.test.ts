import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DECISION_REASON_MAX, PHOTO_QUEUE_PAGE } from '../../../common/api/admin/moderation';
import { OPEN_REPORTS_TO_HIDE, SUSPENSION_MAX_DAYS } from '../../../common/constants';
import { auditLog, bans, memberNotices, members, photos, profiles, reports, sessions } from '../../db/schema';
import { translate } from '../../i18n';
import { headers, type MailTestApp, mailTestApp, signedUpMember } from '../../infra/mail/testing/app';
import { fileTestReport, testEvidence } from '../../services/safety/moderation/testing';
import { createMember, loginCookie } from '../../test/app';
import { roleCookies, staffHeaders } from '../../test/staff';

let clock = new Date('2026-06-01T10:00:00Z');
let t: MailTestApp;
let cookies: Awaited<ReturnType<typeof roleCookies>>;
let memberCookie: string;
beforeAll(async () => {
  t = await mailTestApp({ now: () => clock });
  cookies = await roleCookies(t.db, clock);
  const someone = await createMember(t.db);
  memberCookie = await loginCookie(t.db, someone.id, clock);
});
afterAll(() => t?.close());

const REASON = 'Threatened to share private photos unless paid; clear from the chat evidence.';

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: staffHeaders(cookie) });
const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: staffHeaders(cookie), payload });
/** A member's own session sent to the console, as a browser on the member site would. */
const asMember = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...headers(memberCookie), cookie: memberCookie }, payload });

const tick = (ms = 1000) => {
  clock = new Date(clock.getTime() + ms);
};

async function siteName() {
  const site = (await t.app.services.sites.all()).find((s) => s.domain === 'main.test');
  if (!site) throw new Error('no main.test');
  return site.settings.mail_name || site.settings.name;
}

async function auditCount() {
  const [row] = await t.db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

async function memberState(id: number) {
  const [row] = await t.db.select().from(members).where(eq(members.id, id));
  if (!row) throw new Error(`no member ${id}`);
  return row;
}

async function unreviewedPhoto(memberId: number, extra: Partial<typeof photos.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(photos)
    .values({
      memberId,
      originalKey: `o/${Math.random().toString(16).slice(2).padEnd(24, '0')}.webp`,
      thumbKey: `o/${Math.random().toString(16).slice(2).padEnd(24, '0')}.webp`,
      blurredKey: `b/${Math.random().toString(16).slice(2).padEnd(24, '0')}.webp`,
      width: 800,
      height: 1000,
      status: 'approved',
      createdAt: clock,
      ...extra,
    })
    .returning();
  if (!row) throw new Error('photo not inserted');
  return row;
}

describe('role checks on every moderation endpoint', () => {
  test('a member session and no session get 403; support reads but does not act; a moderator acts', async () => {
    const owner = await createMember(t.db);
    const photo = await unreviewedPhoto(owner.id);
    const report = await fileTestReport(t.db, { reporterId: null, reportedId: owner.id, automatic: true });
    const reads = [
      '/api/admin/photos.php',
      '/api/admin/reports.php',
      `/api/admin/report.php?id=${report.id}`,
      `/api/admin/evidence-photo.php?report_id=${report.id}&message_id=1`,
    ];
    for (const url of reads) {
      const member = await asMember('GET', url);
      expect(member.statusCode, url).toBe(403);
      expect(member.json().error).toBe('authentication_required');
      const anonymous = await t.app.inject({ method: 'GET', url, headers: staffHeaders('') });
      expect(anonymous.statusCode, url).toBe(403);
    }
    for (const url of reads.slice(0, 3)) expect((await get(url, cookies.support)).statusCode, url).toBe(200);

    const actions: [string, object][] = [
      ['/api/admin/photo-review.php', { photo_id: photo.id, decision: 'approve' }],
      ['/api/admin/report-decision.php', { report_id: report.id, action: 'dismiss', reason: REASON }],
    ];
    const before = await auditCount();
    for (const [url, body] of actions) {
      expect((await asMember('POST', url, body)).statusCode, url).toBe(403);
      const support = await post(url, cookies.support, body);
      expect(support.statusCode, url).toBe(403);
      expect(support.json().error).toBe('staff_role_required');
    }
    expect(await auditCount()).toBe(before);
    const [still] = await t.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(still?.reviewedAt).toBeNull();

    for (const [url, body] of actions)
      expect((await post(url, cookies.moderator, body)).statusCode, url).toBe(200);
  });
});

describe('the photo queue', () => {
  test('lists waiting photos oldest first with their member, a page at a time; an approval leaves the queue', async () => {
    const owner = await createMember(t.db, { domain: 'first.test', name: 'QueueOwner' });
    const first = await unreviewedPhoto(owner.id, { createdAt: new Date('2020-01-01T00:00:00Z') });
    const second = await unreviewedPhoto(owner.id, { createdAt: new Date('2020-01-01T00:00:01Z') });
    await unreviewedPhoto(owner.id, { createdAt: new Date('2020-01-01T00:00:02Z'), reviewedAt: clock });

    const site = (await t.app.services.sites.all()).find((s) => s.domain === 'first.test');
    const res = await get(`/api/admin/photos.php?site_id=${site?.id}`, cookies.support);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.photos.map((p: { id: number }) => p.id).slice(0, 2)).toEqual([first.id, second.id]);
    expect(body.photos[0]).toMatchObject({
      member: { id: owner.id, name: 'QueueOwner', site: 'first.test' },
      thumb_url: `/api/admin/member-photo.php?id=${first.id}&size=thumb`,
      reviewed_at: null,
    });
    expect(body.waiting).toBe(body.photos.length);

    const approve = await post('/api/admin/photo-review.php', cookies.moderator, {
      photo_id: first.id,
      decision: 'approve',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().photo).toMatchObject({
      id: first.id,
      status: 'approved',
      reviewed_at: clock.toISOString(),
    });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'photo.approve'), eq(auditLog.targetId, String(first.id))));
    expect(row).toMatchObject({ targetType: 'photo', siteId: site?.id });

    const again = await get(`/api/admin/photos.php?site_id=${site?.id}`, cookies.support);
    expect(again.json().photos.map((p: { id: number }) => p.id)).not.toContain(first.id);
    // Reviewed already: 409, nothing written.
    const before = await auditCount();
    const twice = await post('/api/admin/photo-review.php', cookies.moderator, {
      photo_id: first.id,
      decision: 'approve',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('photo_reviewed');
    expect(await auditCount()).toBe(before);
  });

  test('pages by keyset without repeating or skipping a photo', async () => {
    const owner = await createMember(t.db, { domain: 'closed.test' });
    const made = [];
    for (let i = 0; i < PHOTO_QUEUE_PAGE + 3; i++)
      made.push((await unreviewedPhoto(owner.id, { createdAt: new Date(Date.UTC(2019, 0, 1, 0, 0, i)) })).id);
    const site = (await t.app.services.sites.all()).find((s) => s.domain === 'closed.test');
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/photos.php?site_id=${site?.id}${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await get(url, cookies.support)).json();
      seen.push(...page.photos.map((p: { id: number }) => p.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(made);
    expect((await get('/api/admin/photos.php?cursor=nonsense', cookies.support)).statusCode).toBe(400);
  });

  test('a rejected main photo disappears: the next approved one takes its place; the member is told in their language', async () => {
    const owner = await signedUpMember(t, { photo: {}, confirmed: true, language: 'de' });
    const main = owner.photo as typeof photos.$inferSelect;
    await t.db.update(photos).set({ reviewedAt: null }).where(eq(photos.id, main.id));
    const next = await unreviewedPhoto(owner.id, { position: 1, reviewedAt: clock });
    // Its files exist, and after the rejection they answer under none of the addresses handed out.
    await t.app.services.storage.put(main.originalKey, Buffer.from('original'));
    await t.app.services.storage.put(main.thumbKey, Buffer.from('thumb'));

    const res = await post('/api/admin/photo-review.php', cookies.moderator, {
      photo_id: main.id,
      decision: 'reject',
      reason: 'not_you',
      note: 'This is a picture of a film star.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photo).toMatchObject({ status: 'rejected', rejection_reason: 'not_you', main: false });

    const [profile] = await t.db.select().from(profiles).where(eq(profiles.memberId, owner.id));
    expect(profile?.mainPhotoId).toBe(next.id);
    const [row] = await t.db.select().from(photos).where(eq(photos.id, main.id));
    expect(row?.originalKey).not.toBe(main.originalKey);
    expect(await t.app.services.storage.get(main.originalKey)).toBeNull();
    expect(await t.app.services.storage.get(row?.originalKey as string)).toEqual(Buffer.from('original'));
    const media = await t.app.inject({
      method: 'GET',
      url: `/media/${main.originalKey}`,
      headers: headers(),
    });
    expect(media.statusCode).toBe(404);
    const [notice] = await t.db.select().from(memberNotices).where(eq(memberNotices.memberId, owner.id));
    expect(notice).toMatchObject({
      kind: 'photo_rejected',
      reason: 'not_you',
      note: 'This is a picture of a film star.',
    });
    const mail = await t.inbox.next(owner.email);
    expect(mail.subject).toBe(
      translate('de', 'noticeMail.photoRejected.subject', { site: await siteName() }),
    );
    expect(mail.text).toContain(translate('de', 'notices.photoReasons.not_you'));
    expect(mail.text).toContain('This is a picture of a film star.');
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'photo.reject'), eq(auditLog.targetId, String(main.id))));
    expect(audited?.details).toMatchObject({ rejection_reason: 'not_you', member_id: owner.id });
  });

  test('bad input: an unknown photo is 404, an unknown reason 400, and nothing changes', async () => {
    const before = await auditCount();
    const unknown = await post('/api/admin/photo-review.php', cookies.moderator, {
      photo_id: 987654321,
      decision: 'approve',
    });
    expect(unknown.statusCode).toBe(404);
    const owner = await createMember(t.db);
    const photo = await unreviewedPhoto(owner.id);
    const bad = await post('/api/admin/photo-review.php', cookies.moderator, {
      photo_id: photo.id,
      decision: 'reject',
      reason: 'ugly',
    });
    expect(bad.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
    const [row] = await t.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row).toMatchObject({ status: 'approved', reviewedAt: null });
  });
});

describe('the report queue', () => {
  test('open reports oldest first, automatic ones marked, filtered by site and reason; the detail has the evidence and history', async () => {
    const reporter = await createMember(t.db, { name: 'Reporter' });
    const reported = await createMember(t.db, { name: 'Reported', photo: {} });
    const old = await fileTestReport(t.db, {
      reporterId: reporter.id,
      reportedId: reported.id,
      reason: 'harassment',
      evidence: testEvidence(reported.id, reporter.id, clock),
      createdAt: new Date('2018-01-01T00:00:00Z'),
    });
    const auto = await fileTestReport(t.db, {
      reporterId: null,
      reportedId: reported.id,
      reason: 'spam',
      automatic: true,
      createdAt: new Date('2018-01-02T00:00:00Z'),
    });
    const decided = await fileTestReport(t.db, {
      reporterId: reporter.id,
      reportedId: reported.id,
      reason: 'spam',
      createdAt: new Date('2017-01-01T00:00:00Z'),
    });
    await t.db
      .update(reports)
      .set({ status: 'dismissed', action: 'dismiss', decisionReason: REASON, decidedAt: clock })
      .where(eq(reports.id, decided.id));
    await fileTestReport(t.db, {
      reporterId: reporter.id,
      reportedId: reported.id,
      domain: 'first.test',
      reason: 'spam',
    });

    const list = (await get('/api/admin/reports.php', cookies.support)).json();
    const ids = list.reports.map((r: { id: number }) => r.id);
    expect(ids.indexOf(old.id)).toBeLessThan(ids.indexOf(auto.id));
    expect(ids).not.toContain(decided.id);
    const autoRow = list.reports.find((r: { id: number }) => r.id === auto.id);
    expect(autoRow).toMatchObject({
      automatic: true,
      reporter: null,
      reported: { id: reported.id, name: 'Reported' },
    });

    const site = (await t.app.services.sites.all()).find((s) => s.domain === 'main.test');
    const spam = (
      await get(`/api/admin/reports.php?reason=spam&site_id=${site?.id}`, cookies.support)
    ).json();
    expect(
      spam.reports.every(
        (r: { reason: string; site: string }) => r.reason === 'spam' && r.site === 'main.test',
      ),
    ).toBe(true);
    expect(spam.reports.map((r: { id: number }) => r.id)).toContain(auto.id);
    const handled = (await get('/api/admin/reports.php?status=dismissed', cookies.support)).json();
    expect(handled.reports.map((r: { id: number }) => r.id)).toContain(decided.id);

    const detail = await get(`/api/admin/report.php?id=${old.id}`, cookies.support);
    expect(detail.statusCode, detail.body).toBe(200);
    const d = detail.json();
    expect(d.report.evidence.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['reporter', 'Hoi, leuk profiel!'],
      ['reported', 'Stuur me geld of ik deel je foto’s.'],
    ]);
    expect(d.member).toMatchObject({ id: reported.id, status: 'active', photo_count: 1, banned: false });
    expect(d.history.reports.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [decided.id, 'dismissed'],
    ]);
    expect(d.other_open.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([auto.id]));
    expect((await get('/api/admin/report.php?id=987654321', cookies.support)).statusCode).toBe(404);
  });
});

describe('deciding a report', () => {
  async function chatPair(language = 'de') {
    const reporter = await signedUpMember(t, { confirmed: true, language: 'nl' });
    const reported = await signedUpMember(t, { confirmed: true, language, photo: {} });
    const report = await fileTestReport(t.db, {
      reporterId: reporter.id,
      reportedId: reported.id,
      reason: 'harassment',
      evidence: testEvidence(reported.id, reporter.id, clock),
    });
    return { reporter, reported, report };
  }

  test('suspend: one transaction of report, member, sessions, notices and audit rows; then the mails in each language', async () => {
    const { reporter, reported, report } = await chatPair('de');
    await loginCookie(t.db, reported.id, clock);
    tick();
    const res = await post('/api/admin/report-decision.php', cookies.moderator, {
      report_id: report.id,
      action: 'suspend',
      days: 3,
      reason: REASON,
    });
    expect(res.statusCode, res.body).toBe(200);
    const until = new Date(clock.getTime() + 3 * 86_400_000);
    expect(res.json()).toMatchObject({
      decided: [report.id],
      member: { id: reported.id, status: 'suspended', suspended_until: until.toISOString() },
    });

    const [r] = await t.db.select().from(reports).where(eq(reports.id, report.id));
    expect(r).toMatchObject({
      status: 'upheld',
      action: 'suspend',
      decisionReason: REASON,
      decidedAt: clock,
    });
    expect(r?.decidedBy).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, reported.id))).toEqual([]);
    const notices = await t.db
      .select()
      .from(memberNotices)
      .where(inArray(memberNotices.memberId, [reporter.id, reported.id]));
    expect(notices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          memberId: reported.id,
          kind: 'statement',
          action: 'suspend',
          reason: 'harassment',
          note: REASON,
          until,
          reportId: report.id,
        }),
        expect.objectContaining({
          memberId: reporter.id,
          kind: 'report_decision',
          action: 'suspend',
          note: null,
        }),
      ]),
    );
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.targetId, [String(report.id), String(reported.id)]));
    expect(audits.map((a) => a.action).sort()).toEqual(['member.suspend', 'report.suspend']);
    expect(audits.every((a) => a.reason === REASON && a.staffId !== null)).toBe(true);

    const site = await siteName();
    const statement = await t.inbox.next(reported.email);
    expect(statement.subject).toBe(translate('de', 'noticeMail.statement.subject', { site }));
    expect(statement.text).toContain(REASON);
    expect(statement.text).toContain(translate('de', 'reports.reasons.harassment'));
    expect(statement.text).toContain('/complaints');
    expect(statement.text).toContain('support@main.test');
    const decision = await t.inbox.next(reporter.email);
    expect(decision.subject).toBe(translate('nl', 'noticeMail.decision.subject', { site }));
    expect(decision.text).toContain(translate('nl', 'notices.decision.upheld'));
    // The reporter never reads the moderator's words about the other member.
    expect(decision.text).not.toContain(REASON);
  });

  test('an already handled report is 409 report_handled and nothing changes', async () => {
    const { reported, report } = await chatPair();
    const first = await post('/api/admin/report-decision.php', cookies.moderator, {
      report_id: report.id,
      action: 'warn',
      reason: REASON,
    });
    expect(first.statusCode, first.body).toBe(200);
    const state = await memberState(reported.id);
    const before = await auditCount();
    const [noticesBefore] = await t.db.select({ n: count() }).from(memberNotices);
    const again = await post('/api/admin/report-decision.php', cookies.admin, {
      report_id: report.id,
      action: 'ban',
      reason: REASON,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('report_handled');
    expect(await memberState(reported.id)).toEqual(state);
    expect(await auditCount()).toBe(before);
    expect((await t.db.select({ n: count() }).from(memberNotices))[0]?.n).toBe(noticesBefore?.n);
    expect(await t.db.select().from(bans).where(eq(bans.memberId, reported.id))).toEqual([]);
  });

  test('bad input: unknown report 404, days out of range, a missing or short reason, no photo to hide — 400, nothing changed', async () => {
    const { reported, report } = await chatPair();
    const state = await memberState(reported.id);
    const before = await auditCount();
    const cases: [object, number][] = [
      [{ report_id: 987654321, action: 'warn', reason: REASON }, 404],
      [{ report_id: report.id, action: 'suspend', days: 0, reason: REASON }, 400],
      [{ report_id: report.id, action: 'suspend', days: SUSPENSION_MAX_DAYS + 1, reason: REASON }, 400],
      [{ report_id: report.id, action: 'suspend', reason: REASON }, 400],
      [{ report_id: report.id, action: 'warn' }, 400],
      [{ report_id: report.id, action: 'warn', reason: 'too short' }, 400],
      [{ report_id: report.id, action: 'warn', reason: 'x'.repeat(DECISION_REASON_MAX + 1) }, 400],
      [{ report_id: report.id, action: 'hide_photo', reason: REASON }, 400],
      [{ report_id: report.id, action: 'hide_photo', photo_id: 987654321, reason: REASON }, 404],
      [{ report_id: report.id, action: 'delete', reason: REASON }, 400],
      [{ report_id: report.id, action: 'warn', reason: REASON, also_report_ids: [987654321] }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await post('/api/admin/report-decision.php', cookies.moderator, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    const days = await post('/api/admin/report-decision.php', cookies.moderator, {
      report_id: report.id,
      action: 'suspend',
      days: 0,
      reason: REASON,
    });
    expect(days.json().fields.days).toBe(translate('nl', 'validation.suspensionDays'));
    expect(await memberState(reported.id)).toEqual(state);
    expect(await auditCount()).toBe(before);
    const [r] = await t.db.select().from(reports).where(eq(reports.id, report.id));
    expect(r?.status).toBe('open');
  });

  test('ban: bans for the e-mail and the last address; hide_photo rejects the reported photo; dismiss tells only the reporter', async () => {
    const { reporter, reported, report } = await chatPair('fr');
    await t.db.update(members).set({ lastIp: '203.0.113.77' }).where(eq(members.id, reported.id));
    const ban = await post('/api/admin/report-decision.php', cookies.moderator, {
      report_id: report.id,
      action: 'ban',
      reason: REASON,
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(ban.json().member).toMatchObject({ status: 'suspended', suspended_until: null, banned: true });
    const rows = await t.db.select().from(bans).where(eq(bans.memberId, reported.id));
    expect(rows.map((b) => [b.kind, b.value]).sort()).toEqual([
      ['email', reported.email.toLowerCase()],
      ['ip', '203.0.113.77'],
    ]);
    const statement = await t.inbox.next(reported.email);
    expect(statement.text).toContain(translate('fr', 'notices.action.ban'));
    await t.inbox.next(reporter.email);

    const owner = await createMember(t.db, { photo: {} });
    const photo = owner.photo as typeof photos.$inferSelect;
    const photoReport = await fileTestReport(t.db, {
      reporterId: reporter.id,
      reportedId: owner.id,
      reason: 'non_consensual',
      photoId: photo.id,
    });
    const hide = await post('/api/admin/report-decision.php', cookies.moderator, {
      report_id: photoReport.id,
      action: 'hide_photo',
      reason: REASON,
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const [hidden] = await t.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(hidden).toMatchObject({ status: 'rejected', rejectionReason: 'explicit' });
    const [ownerProfile] = await t.db.select().from(profiles).where(eq(profiles.memberId, owner.id));
    expect(ownerProfile?.mainPhotoId).toBeNull();
    expect(await memberState(owner.id)).toMatchObject({ status: 'active' });
    await t.inbox.next(reporter.email);

    const other = await createMember(t.db);
    const dismissReport = await fileTestReport(t.db, { reporterId: reporter.id, reportedId: other.id });
    const dismiss = await post('/api/admin/report-decision.php', cookies.moderator, {
      report_id: dismissReport.id,
      action: 'dismiss',
      reason: 'Nothing in the evidence breaks the rules of the site.',
    });
    expect(dismiss.statusCode).toBe(200);
    const [r] = await t.db.select().from(reports).where(eq(reports.id, dismissReport.id));
    expect(r?.status).toBe('dismissed');
    expect(await t.db.select().from(memberNotices).where(eq(memberNotices.memberId, other.id))).toEqual([]);
    const told = await t.inbox.next(reporter.email);
    expect(told.text).toContain(translate('nl', 'notices.decision.dismissed'));
  });

  test(`other open reports on the member are decided together; the member stops being hidden`, async () => {
    const reported = await createMember(t.db);
    const reporters = [];
    for (let i = 0; i < OPEN_REPORTS_TO_HIDE; i++)
      reporters.push(await signedUpMember(t, { confirmed: true }));
    const filed = [];
    for (const r of reporters)
      filed.push(await fileTestReport(t.db, { reporterId: r.id, reportedId: reported.id }));
    await t.db.update(members).set({ hiddenByReports: true }).where(eq(members.id, reported.id));
    const unrelated = await fileTestReport(t.db, {
      reporterId: reporters[0]?.id ?? null,
      reportedId: (await createMember(t.db)).id,
    });
    const [main, ...rest] = filed.map((r) => r.id);

    const mixed = await post('/api/admin/report-decision.php', cookies.moderator, {
      report_id: main,
      action: 'warn',
      reason: REASON,
      also_report_ids: [...rest, unrelated.id],
    });
    expect(mixed.statusCode).toBe(400);

    const res = await post('/api/admin/report-decision.php', cookies.moderator, {
      report_id: main,
      action: 'warn',
      reason: REASON,
      also_report_ids: rest,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().decided.sort()).toEqual(filed.map((r) => r.id).sort());
    const rows = await t.db.select().from(reports).where(inArray(reports.id, res.json().decided));
    expect(rows.every((r) => r.status === 'upheld' && r.action === 'warn')).toBe(true);
    expect((await memberState(reported.id)).hiddenByReports).toBe(false);
    for (const r of reporters)
      expect((await t.inbox.next(r.email)).text).toContain(translate('nl', 'notices.decision.upheld'));
    const reportAudits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'report.warn'),
          inArray(
            auditLog.targetId,
            filed.map((r) => String(r.id)),
          ),
        ),
      );
    expect(reportAudits).toHaveLength(filed.length);
  });
});
