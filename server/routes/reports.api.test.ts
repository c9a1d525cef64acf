import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MemberNotice, MyReport, ReportEvidence } from '../../common/api/reports';
import { OPEN_REPORTS_TO_HIDE, REPORT_EVIDENCE_MAX, REPORTS_PER_DAY } from '../../common/constants';
import {
  blocks,
  conversationMembers,
  conversations,
  memberNotices,
  members,
  messages,
  profiles,
  reports,
} from '../db/schema';
import { refreshHiddenByReports } from '../services/safety/reports/hidden';
import { createMember, loginCookie, type MemberInput, type TestApp, testApp } from '../test/app';

const clock = { now: new Date('2026-05-01T12:00:00Z') };
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => clock.now });
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string, body?: unknown, host = 'main.test') =>
  t.app.inject({
    method,
    url,
    headers: { host, 'x-requested-with': 'XMLHttpRequest', cookie },
    ...(body !== undefined ? { payload: body as object } : {}),
  });

async function member(input: MemberInput = {}) {
  const m = await createMember(t.db, input);
  return { ...m, cookie: await loginCookie(t.db, m.id, clock.now) };
}
type Member = Awaited<ReturnType<typeof member>>;

const report = (from: Member, body: Record<string, unknown>) =>
  call('POST', '/api/reports.php', from.cookie, body);
const reportMember = (from: Member, to: { id: number }, extra: Record<string, unknown> = {}) =>
  report(from, { member_id: to.id, subject: 'member', reason: 'fake_or_scam', ...extra });

/** A chat between a and b with these messages, written as the chat service leaves them. */
async function chat(a: Member, b: Member, lines: [Member, string][]) {
  const [low, high] = a.id < b.id ? [a, b] : [b, a];
  const [siteRow] = await t.db.select({ siteId: members.siteId }).from(members).where(eq(members.id, a.id));
  const [conv] = await t.db
    .insert(conversations)
    .values({ siteId: siteRow?.siteId ?? 0, memberLow: low.id, memberHigh: high.id, startedBy: a.id })
    .returning();
  if (!conv) throw new Error('no conversation');
  await t.db.insert(conversationMembers).values([
    { conversationId: conv.id, memberId: a.id, otherMemberId: b.id },
    { conversationId: conv.id, memberId: b.id, otherMemberId: a.id },
  ]);
  const ids: number[] = [];
  for (const [sender, body] of lines) {
    const [m] = await t.db
      .insert(messages)
      .values({ conversationId: conv.id, senderId: sender.id, clientId: randomUUID(), body, credits: 0 })
      .returning({ id: messages.id });
    ids.push(m?.id ?? 0);
  }
  return { id: conv.id, messageIds: ids };
}

const storedReport = async (id: number) => {
  const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
  return row;
};

describe('POST /api/reports.php', () => {
  test('a visitor cannot report', async () => {
    const target = await member();
    const res = await call('POST', '/api/reports.php', '', {
      member_id: target.id,
      subject: 'member',
      reason: 'spam',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
  });

  test('reports a member: 201 with the report, stored with the profile name and the site', async () => {
    const me = await member();
    const target = await member({ name: 'Scammy' });
    const res = await reportMember(me, target, { details: '  Asks for money  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { report: MyReport };
    expect(body.report).toMatchObject({
      reported_name: 'Scammy',
      subject: 'member',
      reason: 'fake_or_scam',
      details: 'Asks for money',
      evidence_count: 0,
      status: 'open',
      created_at: clock.now.toISOString(),
      decided_at: null,
    });
    const row = await storedReport(body.report.id);
    expect(row).toMatchObject({
      reporterId: me.id,
      reportedId: target.id,
      reportedName: 'Scammy',
      automatic: false,
    });
    expect(row?.evidence).toEqual([]);
  });

  test('bad ids: an unknown member, oneself, a deleted member, another site’s member', async () => {
    const me = await member();
    expect((await reportMember(me, { id: 999_999_999 })).statusCode).toBe(404);
    const self = await reportMember(me, me);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('invalid_input');
    const gone = await member();
    await t.db
      .update(members)
      .set({ deletedAt: clock.now, status: 'deleted' })
      .where(eq(members.id, gone.id));
    expect((await reportMember(me, gone)).statusCode).toBe(404);
    const elsewhere = await member({ domain: 'first.test' });
    const res = await reportMember(me, elsewhere);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
    expect(await t.db.select().from(reports).where(eq(reports.reporterId, me.id))).toEqual([]);
  });

  test('bad input: an unknown reason, an unknown field, "other" without words, too long a text', async () => {
    const me = await member();
    const target = await member();
    expect((await reportMember(me, target, { reason: 'boring' })).statusCode).toBe(400);
    expect((await reportMember(me, target, { extra: 1 })).statusCode).toBe(400);
    const other = await reportMember(me, target, { reason: 'other', details: '   ' });
    expect(other.statusCode).toBe(400);
    expect(Object.keys(other.json().fields)).toEqual(['details']);
    expect((await reportMember(me, target, { details: 'x'.repeat(2001) })).statusCode).toBe(400);
  });

  test('a member the reporter cannot see is unknown; one the reporter blocked can be reported', async () => {
    const me = await member();
    const blockedMe = await member();
    const iBlocked = await member();
    const invisible = await member({ invisible: true });
    await t.db.insert(blocks).values([
      { blockerId: blockedMe.id, blockedId: me.id },
      { blockerId: me.id, blockedId: iBlocked.id },
    ]);
    expect((await reportMember(me, blockedMe)).statusCode).toBe(404);
    expect((await reportMember(me, invisible)).statusCode).toBe(404);
    expect((await reportMember(me, iBlocked)).statusCode).toBe(201);
  });

  test('a member one chats with can be reported even after blocking the reporter or going invisible', async () => {
    const me = await member();
    const harasser = await member();
    await chat(harasser, me, [[harasser, 'nasty']]);
    await t.db.insert(blocks).values({ blockerId: harasser.id, blockedId: me.id });
    await t.db.update(members).set({ invisible: true }).where(eq(members.id, harasser.id));
    expect((await reportMember(me, harasser, { reason: 'harassment' })).statusCode).toBe(201);
  });

  test('a photo: it must be one of the member’s shown photos', async () => {
    const me = await member();
    const target = await member({ photo: {} });
    const someoneElse = await member({ photo: {} });
    const pending = await member({ photo: { status: 'pending' } });
    const photoOf = (m: Member) => m.photo?.id ?? 0;
    const bad = [
      await report(me, {
        member_id: target.id,
        subject: 'photo',
        reason: 'non_consensual',
        photo_id: photoOf(someoneElse),
      }),
      await report(me, {
        member_id: pending.id,
        subject: 'photo',
        reason: 'non_consensual',
        photo_id: photoOf(pending),
      }),
      await report(me, {
        member_id: target.id,
        subject: 'photo',
        reason: 'non_consensual',
        photo_id: 999_999_999,
      }),
    ];
    expect(bad.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    const missing = await report(me, { member_id: target.id, subject: 'photo', reason: 'non_consensual' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(['photo_id']);

    const res = await report(me, {
      member_id: target.id,
      subject: 'photo',
      reason: 'non_consensual',
      photo_id: photoOf(target),
    });
    expect(res.statusCode).toBe(201);
    expect((await storedReport(res.json().report.id))?.photoId).toBe(photoOf(target));
  });

  test('messages: the chosen ones are copied as evidence, oldest first', async () => {
    const me = await member();
    const target = await member();
    const c = await chat(me, target, [
      [target, 'Hi'],
      [me, 'Hello'],
      [target, 'Send me money'],
    ]);
    const res = await report(me, {
      member_id: target.id,
      subject: 'messages',
      reason: 'fake_or_scam',
      message_ids: [c.messageIds[2], c.messageIds[0]],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().report.evidence_count).toBe(2);
    const row = await storedReport(res.json().report.id);
    expect(row?.conversationId).toBe(c.id);
    expect(row?.evidence.map((e: ReportEvidence) => [e.sender_id, e.body])).toEqual([
      [target.id, 'Hi'],
      [target.id, 'Send me money'],
    ]);
  });

  test('messages: of another chat, hidden by a removed chat, too many, none, both ways: refused', async () => {
    const me = await member();
    const target = await member();
    const third = await member();
    const c = await chat(me, target, [
      [target, 'old one'],
      [target, 'new one'],
    ]);
    const elsewhere = await chat(target, third, [[target, 'not yours']]);
    const send = (extra: Record<string, unknown>) =>
      report(me, { member_id: target.id, subject: 'messages', reason: 'harassment', ...extra });

    expect((await send({ message_ids: [elsewhere.messageIds[0]] })).statusCode).toBe(404);
    expect((await send({ message_ids: [c.messageIds[1], elsewhere.messageIds[0]] })).statusCode).toBe(404);
    const tooMany = Array.from({ length: REPORT_EVIDENCE_MAX + 1 }, (_, i) => i + 1);
    expect((await send({ message_ids: tooMany })).statusCode).toBe(400);
    const none = await send({});
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().fields)).toEqual(['message_ids']);
    expect((await send({ message_ids: [c.messageIds[1]], last_messages: true })).statusCode).toBe(400);

    // The reporter removed the chat once: what came before is no longer theirs to show.
    await t.db
      .update(conversationMembers)
      .set({ clearedUpTo: c.messageIds[0] })
      .where(
        sql`${conversationMembers.conversationId} = ${c.id} and ${conversationMembers.memberId} = ${me.id}`,
      );
    expect((await send({ message_ids: [c.messageIds[0]] })).statusCode).toBe(404);
    const ok = await send({ message_ids: [c.messageIds[1]] });
    expect(ok.statusCode).toBe(201);

    // No chat at all: no messages to report.
    const stranger = await member();
    const noChat = await report(me, {
      member_id: stranger.id,
      subject: 'messages',
      reason: 'spam',
      last_messages: true,
    });
    expect(noChat.statusCode).toBe(404);
    expect(await t.db.select().from(reports).where(eq(reports.reportedId, stranger.id))).toEqual([]);
  });

  test('messages: `last_messages` copies the last REPORT_EVIDENCE_MAX visible ones of both members', async () => {
    const me = await member();
    const target = await member();
    const lines: [Member, string][] = Array.from({ length: REPORT_EVIDENCE_MAX + 5 }, (_, i) => [
      i % 2 ? me : target,
      `line ${i}`,
    ]);
    await chat(me, target, lines);
    const res = await report(me, {
      member_id: target.id,
      subject: 'messages',
      reason: 'harassment',
      last_messages: true,
    });
    expect(res.statusCode).toBe(201);
    const evidence = (await storedReport(res.json().report.id))?.evidence ?? [];
    expect(evidence).toHaveLength(REPORT_EVIDENCE_MAX);
    expect(evidence[0]?.body).toBe('line 5');
    expect(evidence.at(-1)?.body).toBe(`line ${REPORT_EVIDENCE_MAX + 4}`);
  });

  test('one open report per member and subject: a second answers 409 and changes nothing', async () => {
    const me = await member();
    const target = await member({ photo: {} });
    const first = await reportMember(me, target);
    expect(first.statusCode).toBe(201);
    const again = await reportMember(me, target, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'report_exists', report_id: first.json().report.id });
    // Another subject is another report; a decided report no longer stands in the way.
    const photo = await report(me, {
      member_id: target.id,
      subject: 'photo',
      reason: 'spam',
      photo_id: target.photo?.id,
    });
    expect(photo.statusCode).toBe(201);
    await t.db.update(reports).set({ status: 'dismissed' }).where(eq(reports.id, first.json().report.id));
    expect((await reportMember(me, target)).statusCode).toBe(201);
  });

  test(`REPORTS_PER_DAY (${REPORTS_PER_DAY}) reports in 24 hours, then 429 report_limit`, async () => {
    const me = await member();
    const start = clock.now;
    try {
      for (let i = 0; i < REPORTS_PER_DAY; i++) {
        clock.now = new Date(start.getTime() + i * 60_000);
        expect((await reportMember(me, await member())).statusCode).toBe(201);
      }
      const next = await member();
      const refused = await reportMember(me, next);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe('report_limit');
      // The first report leaves the window 24 h after it was made.
      expect(refused.json().retry_after).toBe(86_400 - (REPORTS_PER_DAY - 1) * 60);
      expect(await t.db.select().from(reports).where(eq(reports.reportedId, next.id))).toEqual([]);
      clock.now = new Date(start.getTime() + 86_400_000 + 1000);
      expect((await reportMember(me, next)).statusCode).toBe(201);
    } finally {
      clock.now = start;
    }
  });
});

describe('hidden by reports', () => {
  const searchable = async (id: number) => {
    const [row] = await t.db
      .select({ searchable: profiles.searchable, hidden: members.hiddenByReports })
      .from(profiles)
      .innerJoin(members, eq(members.id, profiles.memberId))
      .where(eq(profiles.memberId, id));
    return row;
  };
  const inSearch = async (viewer: Member, id: number) => {
    const res = await call('GET', '/api/members.php?gender=male&country=NL', viewer.cookie);
    expect(res.statusCode).toBe(200);
    return (res.json().profiles as { id: number }[]).some((p) => p.id === id);
  };
  const profileStatus = async (viewer: Member, id: number) =>
    (await call('GET', `/api/member.php?id=${id}`, viewer.cookie)).statusCode;

  test(`open reports of ${OPEN_REPORTS_TO_HIDE} different members hide a profile from search, not from its chats`, async () => {
    const target = await member({
      gender: 'male',
      photo: {},
      lastActiveAt: new Date(clock.now.getTime() + 3_600_000),
    });
    const viewer = await member();
    const partner = await member();
    await chat(partner, target, [[target, 'hi']]);
    expect(await inSearch(viewer, target.id)).toBe(true);

    const reporters = [];
    for (let i = 0; i < OPEN_REPORTS_TO_HIDE; i++) {
      const r = await member();
      reporters.push(r);
      expect(await searchable(target.id)).toEqual({ searchable: true, hidden: false });
      expect((await reportMember(r, target)).statusCode).toBe(201);
    }
    expect(await searchable(target.id)).toEqual({ searchable: false, hidden: true });
    expect(await inSearch(viewer, target.id)).toBe(false);
    // The profile page: gone for strangers, still there for someone who chats with them.
    expect(await profileStatus(viewer, target.id)).toBe(404);
    expect(await profileStatus(partner, target.id)).toBe(200);
    const chatRes = await call('GET', `/api/chat.php?member_id=${target.id}`, partner.cookie);
    expect(chatRes.statusCode).toBe(200);

    // A moderator dismisses one: below the threshold again, back in search.
    const [one] = await t.db
      .select()
      .from(reports)
      .where(eq(reports.reporterId, reporters[0]?.id ?? 0));
    await t.db
      .update(reports)
      .set({ status: 'dismissed' })
      .where(eq(reports.id, one?.id ?? 0));
    await refreshHiddenByReports(t.db, target.id);
    expect(await searchable(target.id)).toEqual({ searchable: true, hidden: false });
    expect(await inSearch(viewer, target.id)).toBe(true);
    expect(await profileStatus(viewer, target.id)).toBe(200);
  });

  test('one member reporting again and again counts once', async () => {
    const target = await member({ photo: {} });
    const me = await member();
    await chat(me, target, [[target, 'x']]);
    expect((await reportMember(me, target)).statusCode).toBe(201);
    expect(
      (
        await report(me, {
          member_id: target.id,
          subject: 'photo',
          reason: 'spam',
          photo_id: target.photo?.id,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await report(me, { member_id: target.id, subject: 'messages', reason: 'spam', last_messages: true }))
        .statusCode,
    ).toBe(201);
    expect(await searchable(target.id)).toEqual({ searchable: true, hidden: false });
  });
});

describe('GET /api/reports.php: My reports', () => {
  test('only one’s own, newest first, paged, with the outcome and never the moderator’s words', async () => {
    const me = await member();
    const other = await member();
    const targets = await Promise.all(Array.from({ length: 22 }, () => member()));
    const start = clock.now;
    try {
      for (const [i, target] of targets.entries()) {
        // Two hours apart: never more than REPORTS_PER_DAY in a day.
        clock.now = new Date(start.getTime() - (targets.length - i) * 7_200_000);
        expect((await reportMember(me, target)).statusCode).toBe(201);
      }
    } finally {
      clock.now = start;
    }
    await reportMember(other, targets[0] as Member);
    const [newest] = await t.db
      .select()
      .from(reports)
      .where(eq(reports.reportedId, (targets.at(-1) as Member).id));
    await t.db
      .update(reports)
      .set({ status: 'upheld', action: 'suspend', decisionReason: 'Secret words', decidedAt: start })
      .where(eq(reports.id, newest?.id ?? 0));

    const first = await call('GET', '/api/reports.php', me.cookie);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { reports: MyReport[]; next_cursor: string | null };
    expect(page1.reports).toHaveLength(20);
    expect(page1.reports[0]).toMatchObject({ status: 'upheld', decided_at: start.toISOString() });
    expect(first.body).not.toContain('Secret words');
    expect(first.body).not.toContain('suspend');
    expect(Object.keys(page1.reports[0] ?? {}).sort()).toEqual(
      [
        'created_at',
        'decided_at',
        'details',
        'evidence_count',
        'id',
        'reason',
        'reported_name',
        'status',
        'subject',
      ].sort(),
    );
    expect(page1.next_cursor).not.toBeNull();
    const page2 = (await call('GET', `/api/reports.php?cursor=${page1.next_cursor}`, me.cookie)).json();
    expect(page2.reports).toHaveLength(2);
    expect(page2.next_cursor).toBeNull();
    const names = [...page1.reports, ...page2.reports].map((r: MyReport) => r.reported_name);
    expect(names).toEqual(targets.map((m) => m.name).reverse());

    expect((await call('GET', '/api/reports.php', '')).statusCode).toBe(403);
    expect((await call('GET', '/api/reports.php?cursor=abc', me.cookie)).statusCode).toBe(400);
  });
});

describe('/api/notices.php', () => {
  test('a member reads only their own notices; a decision on their report never carries the moderator’s words', async () => {
    const me = await member();
    const other = await member();
    const target = await member({ name: 'Reported' });
    const filed = (await reportMember(me, target)).json().report as MyReport;
    await t.db
      .update(reports)
      .set({ status: 'upheld', action: 'warn', decidedAt: clock.now })
      .where(eq(reports.id, filed.id));
    const until = new Date(clock.now.getTime() + 7 * 86_400_000);
    await t.db.insert(memberNotices).values([
      {
        memberId: me.id,
        kind: 'report_decision',
        reportId: filed.id,
        action: 'warn',
        note: 'About the other member',
        createdAt: new Date(clock.now.getTime() + 1000),
      },
      {
        memberId: me.id,
        kind: 'photo_rejected',
        reason: 'not_you',
        note: 'Use your own photo',
        createdAt: clock.now,
      },
      {
        memberId: other.id,
        kind: 'statement',
        action: 'suspend',
        reason: 'harassment',
        note: 'For the other member only',
        until,
        createdAt: clock.now,
      },
      // Someone else's report joined to my notice must not show: the report is not mine.
      {
        memberId: other.id,
        kind: 'report_decision',
        reportId: filed.id,
        action: 'warn',
        createdAt: clock.now,
      },
    ]);

    const res = await call('GET', '/api/notices.php', me.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { notices: MemberNotice[]; unread: number };
    expect(body.unread).toBe(2);
    expect(body.notices.map((n) => n.kind)).toEqual(['report_decision', 'photo_rejected']);
    expect(body.notices[0]).toMatchObject({
      outcome: 'upheld',
      action: null,
      note: null,
      reason: 'fake_or_scam',
      report: { reported_name: 'Reported', created_at: clock.now.toISOString() },
      read: false,
    });
    expect(body.notices[1]).toMatchObject({ photo_reason: 'not_you', note: 'Use your own photo' });
    expect(res.body).not.toContain('About the other member');
    expect(res.body).not.toContain('For the other member only');

    const theirs = (await call('GET', '/api/notices.php', other.cookie)).json() as {
      notices: MemberNotice[];
    };
    expect(theirs.notices.find((n) => n.kind === 'statement')).toMatchObject({
      action: 'suspend',
      reason: 'harassment',
      until: until.toISOString(),
      note: 'For the other member only',
    });
    // Their decision names a report that is not theirs: no report details.
    expect(theirs.notices.find((n) => n.kind === 'report_decision')?.report).toBeNull();

    // The user object carries the unread count for the alert.
    expect((await call('GET', '/api/user.php', me.cookie)).json().user.unread_notices).toBe(2);

    // Marking someone else's notice read does nothing; one's own, once.
    const otherIds = theirs.notices.map((n) => n.id);
    const mark = await call('POST', '/api/notices.php', me.cookie, { ids: otherIds });
    expect(mark.json()).toEqual({ unread: 2 });
    expect((await call('GET', '/api/notices.php', other.cookie)).json().unread).toBe(2);
    const [firstId] = body.notices.map((n) => n.id);
    expect((await call('POST', '/api/notices.php', me.cookie, { ids: [firstId] })).json()).toEqual({
      unread: 1,
    });
    expect((await call('POST', '/api/notices.php', me.cookie, {})).json()).toEqual({ unread: 0 });
    const after = (await call('GET', '/api/notices.php', me.cookie)).json() as { notices: MemberNotice[] };
    expect(after.notices.every((n) => n.read)).toBe(true);
    expect((await call('GET', '/api/user.php', me.cookie)).json().user.unread_notices).toBe(0);

    expect((await call('GET', '/api/notices.php', '')).statusCode).toBe(403);
    expect((await call('POST', '/api/notices.php', me.cookie, { ids: ['x'] })).statusCode).toBe(400);
  });

  test('a notice of a kind this version does not know is left out, not shown half', async () => {
    const me = await member();
    await t.db.insert(memberNotices).values([
      { memberId: me.id, kind: 'mystery' as 'statement' },
      { memberId: me.id, kind: 'statement', action: 'warn', reason: 'spam', note: 'Stop it' },
    ]);
    const body = (await call('GET', '/api/notices.php', me.cookie)).json() as { notices: MemberNotice[] };
    expect(body.notices.map((n) => [n.kind, n.action, n.reason, n.note])).toEqual([
      ['statement', 'warn', 'spam', 'Stop it'],
    ]);
  });
});
