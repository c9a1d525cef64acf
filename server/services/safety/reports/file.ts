import { and, asc, desc, eq, gt, gte, inArray, isNull, min, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MyReport, ReportEvidence, reportForm } from '../../../../common/api/reports';
import { REPORT_EVIDENCE_MAX, REPORTS_PER_DAY } from '../../../../common/constants';
import type { Db, Tx } from '../../../db/client';
import {
  blocks,
  conversationMembers,
  gifts,
  members,
  messages,
  photos,
  profiles,
  reports,
} from '../../../db/schema';
import { ApiError } from '../../../plugins/errors';
import { presentMyReport } from '../../../presenters/report';
import { refreshHiddenByReports } from './hidden';

type ReportBody = z.output<typeof reportForm>;

const DAY_MS = 86_400_000;

/**
 * POST /api/reports.php (the DSA's notice): a member reports a member, one of their photos
 * or messages of the chat between them. Every id is checked against the reporter: the member must
 * be one they can see (on their site, not deleted, and either discoverable to them or someone they
 * chat with), the photo one of that member's shown photos, the messages of that chat and not
 * hidden from the reporter by a removed chat. The evidence is copied into the report, so it
 * outlives the chat. A member the reporter blocked can still be reported.
 *
 * One open report per reporter, member and subject: a second one is refused with 409
 * `report_exists` (the moderators judge what they read; a report does not change under them), and
 * the reporter follows the first under "My reports". A different subject (a profile report, then
 * messages) is a new report.
 */
export async function fileReport(
  db: Db,
  input: { reporterId: number; siteId: number; body: ReportBody; now: Date },
): Promise<MyReport> {
  const { reporterId, siteId, body, now } = input;
  if (body.member_id === reporterId) throw new ApiError(400, 'invalid_input');
  if (body.last_messages && body.message_ids?.length) throw new ApiError(400, 'invalid_input');

  return db.transaction(async (tx) => {
    // The reporter's row serialises their reports: the day's count and the one-open rule hold
    // under concurrent requests.
    const [reporter] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, reporterId), eq(members.siteId, siteId)))
      .for('update');
    if (!reporter) throw new ApiError(403, 'authentication_required');

    const reported = await reportable(tx, reporterId, siteId, body.member_id);
    if (!reported) throw new ApiError(404, 'not_found');

    await checkDailyLimit(tx, reporterId, now);

    const [open] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporterId),
          eq(reports.reportedId, body.member_id),
          eq(reports.subject, body.subject),
          eq(reports.status, 'open'),
        ),
      )
      .limit(1);
    if (open) throw new ApiError(409, 'report_exists', { report_id: open.id });

    let photoId: number | null = null;
    if (body.subject === 'photo') {
      const [photo] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(
          and(
            eq(photos.id, body.photo_id ?? 0),
            eq(photos.memberId, body.member_id),
            eq(photos.status, 'approved'),
          ),
        );
      if (!photo) throw new ApiError(404, 'not_found');
      photoId = photo.id;
    }

    const wantsEvidence = Boolean(body.last_messages || body.message_ids?.length);
    let evidence: ReportEvidence[] = [];
    if (wantsEvidence) {
      if (!reported.conversationId) throw new ApiError(404, 'not_found');
      evidence = await copyEvidence(tx, reported.conversationId, reported.clearedUpTo, body);
    }

    const [row] = await tx
      .insert(reports)
      .values({
        siteId,
        reporterId,
        reportedId: body.member_id,
        reportedName: reported.name,
        subject: body.subject,
        photoId,
        conversationId: wantsEvidence || body.subject === 'messages' ? reported.conversationId : null,
        reason: body.reason,
        details: body.details ?? '',
        evidence,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('report not inserted');
    await refreshHiddenByReports(tx, body.member_id);
    return presentMyReport(row);
  });
}

/**
 * The member as the reporter may report them, or null: on the reporter's site, not deleted, and
 * either someone the reporter chats with (whatever became of their profile since) or a member
 * whose profile the reporter may open (active, visible, no block of theirs against the reporter).
 */
async function reportable(tx: Tx, reporterId: number, siteId: number, memberId: number) {
  const [row] = await tx
    .select({
      name: profiles.name,
      status: members.status,
      invisible: members.invisible,
      profileStatus: profiles.status,
      conversationId: conversationMembers.conversationId,
      clearedUpTo: conversationMembers.clearedUpTo,
      blockedByThem: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${members.id} and ${blocks.blockedId} = ${reporterId})`,
    })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .leftJoin(
      conversationMembers,
      and(eq(conversationMembers.memberId, reporterId), eq(conversationMembers.otherMemberId, members.id)),
    )
    .where(and(eq(members.id, memberId), eq(members.siteId, siteId), isNull(members.deletedAt)));
  if (!row) return null;
  const chats = row.conversationId !== null;
  const visible =
    row.status === 'active' && !row.invisible && row.profileStatus === 'active' && !row.blockedByThem;
  if (!chats && !visible) return null;
  return { name: row.name, conversationId: row.conversationId, clearedUpTo: row.clearedUpTo ?? 0 };
}

/** REPORTS_PER_DAY in any 24 hours; the answer says when the next one is possible. */
async function checkDailyLimit(tx: Tx, reporterId: number, now: Date) {
  const since = new Date(now.getTime() - DAY_MS);
  const [day] = await tx
    .select({ n: sql<number>`count(*)::int`, first: min(reports.createdAt) })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gte(reports.createdAt, since)));
  if ((day?.n ?? 0) < REPORTS_PER_DAY) return;
  const first = day?.first ? new Date(day.first).getTime() : now.getTime();
  const retryAfter = Math.max(1, Math.ceil((first + DAY_MS - now.getTime()) / 1000));
  throw new ApiError(429, 'report_limit', { retry_after: retryAfter });
}

/**
 * The chosen messages (each must be in the chat and visible to the reporter) or the chat's last
 * REPORT_EVIDENCE_MAX visible ones, oldest first, as copies.
 */
async function copyEvidence(
  tx: Tx,
  conversationId: number,
  clearedUpTo: number,
  body: ReportBody,
): Promise<ReportEvidence[]> {
  const columns = {
    id: messages.id,
    senderId: messages.senderId,
    kind: messages.kind,
    body: messages.body,
    photoKey: messages.photoKey,
    giftSlug: gifts.slug,
    createdAt: messages.createdAt,
  };
  const visible = and(eq(messages.conversationId, conversationId), gt(messages.id, clearedUpTo));
  const query = () =>
    tx.select(columns).from(messages).leftJoin(gifts, eq(gifts.id, messages.giftId)).$dynamic();
  let rows: Awaited<ReturnType<typeof query>>;
  if (body.last_messages) {
    rows = (await query().where(visible).orderBy(desc(messages.id)).limit(REPORT_EVIDENCE_MAX)).reverse();
    if (rows.length === 0) throw new ApiError(404, 'not_found');
  } else {
    const ids = [...new Set(body.message_ids ?? [])];
    rows = await query()
      .where(and(visible, inArray(messages.id, ids)))
      .orderBy(asc(messages.id));
    if (rows.length !== ids.length) throw new ApiError(404, 'not_found');
  }
  return rows.map((m) => ({
    id: m.id,
    sender_id: m.senderId,
    kind: m.kind,
    body: m.body,
    created_at: m.createdAt.toISOString(),
    ...(m.photoKey ? { photo_key: m.photoKey } : {}),
    ...(m.giftSlug ? { gift: m.giftSlug } : {}),
  }));
}
