import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  DECIDE_TOGETHER_MAX,
  type EvidenceMessage,
  QUEUE_COUNT_CAP,
  REPORT_PAGE,
  type ReportedMember,
  type ReportListResponse,
  type ReportResponse,
  type ReportSummary,
  type reportListQuery,
} from '../../../../common/api/admin/moderation';
import { MODERATION_ACTIONS, type ModerationAction, NOTICE_KINDS } from '../../../../common/api/reports';
import type { Db } from '../../../db/client';
import { bans, memberNotices, members, profiles, reports, staff } from '../../../db/schema';
import {
  afterCursor,
  cursorTime,
  decodeTimeCursor,
  encodeTimeCursor,
  keysetPage,
} from '../../../infra/cursor';
import { ApiError } from '../../../plugins/errors';
import { presentConsolePhoto } from '../../../presenters/console';
import type { Services } from '../../bag';
import { memberConsolePhotos, photoRow } from './photos';

/**
 * The report half of the moderation queue: open reports oldest first, and a report with
 * everything a moderator weighs: its evidence (the one place staff read chat messages), the
 * reported photo, the member's account and history, and their other open reports.
 */

const reporterProfile = alias(profiles, 'reporter_profile');
type ReportRow = typeof reports.$inferSelect;
type ListQuery = z.infer<typeof reportListQuery>;

const HISTORY_MAX = 50;

const actionOf = (value: string | null): ModerationAction | null =>
  value && (MODERATION_ACTIONS as readonly string[]).includes(value) ? (value as ModerationAction) : null;

async function domains(services: Pick<Services, 'sites'>) {
  return new Map((await services.sites.all()).map((s) => [s.id, s.domain]));
}

function presentSummary(
  row: ReportRow,
  reporterName: string | null,
  sites: Map<number, string>,
): ReportSummary {
  return {
    id: row.id,
    site_id: row.siteId,
    site: sites.get(row.siteId) ?? '',
    subject: row.subject,
    reason: row.reason,
    details: row.details,
    automatic: row.automatic,
    status: row.status,
    action: actionOf(row.action),
    reporter: row.reporterId === null ? null : { id: row.reporterId, name: reporterName ?? '' },
    reported: { id: row.reportedId, name: row.reportedName },
    evidence_count: row.evidence.length,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/** Reports with their reporter's current profile name, in the order and page asked. */
function selectReports(db: Db) {
  return db
    .select({ report: reports, reporterName: reporterProfile.name, at: cursorTime(reports.createdAt) })
    .from(reports)
    .leftJoin(reporterProfile, eq(reporterProfile.memberId, reports.reporterId));
}

/** GET reports.php: open reports oldest first (the queue), decided ones newest first. */
export async function listReports(services: Services, query: ListQuery): Promise<ReportListResponse> {
  const { db } = services;
  const cursor = decodeTimeCursor(query.cursor);
  const direction = query.status === 'open' ? 'asc' : 'desc';
  const filters = (status: ReportRow['status']) =>
    and(
      eq(reports.status, status),
      query.site_id === undefined ? undefined : eq(reports.siteId, query.site_id),
      query.reason === undefined ? undefined : eq(reports.reason, query.reason),
      query.member_id === undefined ? undefined : eq(reports.reportedId, query.member_id),
    );
  const order =
    direction === 'asc'
      ? [asc(reports.createdAt), asc(reports.id)]
      : [desc(reports.createdAt), desc(reports.id)];
  const rows = await selectReports(db)
    .where(and(filters(query.status), afterCursor(reports.createdAt, reports.id, cursor, direction)))
    .orderBy(...order)
    .limit(REPORT_PAGE + 1);
  const [open] = await db
    .select({ n: count() })
    .from(db.select({ one: sql`1` }).from(reports).where(filters('open')).limit(QUEUE_COUNT_CAP).as('open'));
  const sites = await domains(services);
  const { page, nextCursor } = keysetPage(rows, REPORT_PAGE, (last) =>
    encodeTimeCursor({ at: last.at, id: last.report.id }),
  );
  return {
    reports: page.map((r) => presentSummary(r.report, r.reporterName, sites)),
    open: open?.n ?? 0,
    next_cursor: nextCursor,
  };
}

/** The reported member's account as the moderator weighs it, or null when it is gone. */
export async function reportedMember(
  services: Services,
  memberId: number | null,
): Promise<ReportedMember | null> {
  if (memberId === null) return null;
  const { db } = services;
  const [row] = await db
    .select({ member: members, name: profiles.name })
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, memberId));
  if (!row) return null;
  const { member } = row;
  const [ban] = await db.select({ id: bans.id }).from(bans).where(eq(bans.memberId, memberId)).limit(1);
  const photoList = await memberConsolePhotos(db, memberId);
  const sites = await domains(services);
  return {
    id: member.id,
    name: row.name ?? '',
    site_id: member.siteId,
    site: sites.get(member.siteId) ?? '',
    status: member.status,
    suspended_until: member.suspendedUntil?.toISOString() ?? null,
    banned: Boolean(ban) || (member.status === 'suspended' && member.suspendedUntil === null),
    hidden_by_reports: member.hiddenByReports,
    signup_date: member.signupDate.toISOString(),
    email_confirmed: member.emailConfirmedAt !== null,
    deleted: member.deletedAt !== null,
    photo_count: photoList.count,
    photos: photoList.photos,
  };
}

/** The address the console loads an evidence photo from. */
export const evidencePhotoUrl = (reportId: number, messageId: number) =>
  `/api/admin/evidence-photo.php?report_id=${reportId}&message_id=${messageId}`;

function presentEvidence(row: ReportRow): EvidenceMessage[] {
  return row.evidence.map((m) => ({
    id: m.id,
    sender_id: m.sender_id,
    from: m.sender_id === row.reporterId ? 'reporter' : m.sender_id === row.reportedId ? 'reported' : 'other',
    kind: m.kind,
    body: m.body,
    photo_url: m.kind === 'photo' && m.photo_key ? evidencePhotoUrl(row.id, m.id) : null,
    gift: m.kind === 'gift' ? (m.gift ?? null) : null,
    created_at: m.created_at,
  }));
}

/** The storage key of an evidence photo, or 404. */
export async function evidencePhotoKey(db: Db, reportId: number, messageId: number): Promise<string> {
  const [row] = await db.select({ evidence: reports.evidence }).from(reports).where(eq(reports.id, reportId));
  const key = row?.evidence.find((m) => m.id === messageId && m.kind === 'photo')?.photo_key;
  if (!key) throw new ApiError(404, 'not_found');
  return key;
}

/** GET report.php: a report and what a moderator needs to decide it. */
export async function reportDetail(services: Services, reportId: number): Promise<ReportResponse> {
  const { db } = services;
  const [found] = await selectReports(db).where(eq(reports.id, reportId));
  if (!found) throw new ApiError(404, 'not_found');
  const row = found.report;
  const sites = await domains(services);
  const [decider] =
    row.decidedBy === null
      ? []
      : await db.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.id, row.decidedBy));
  const photo = row.photoId === null ? null : await photoRow(db, row.photoId);
  let mainPhotoId: number | null = null;
  if (photo) {
    const [p] = await db
      .select({ main: profiles.mainPhotoId })
      .from(profiles)
      .where(eq(profiles.memberId, photo.memberId));
    mainPhotoId = p?.main ?? null;
  }

  const about = row.reportedId;
  const earlier =
    about === null
      ? []
      : await selectReports(db)
          .where(and(eq(reports.reportedId, about), ne(reports.id, row.id), ne(reports.status, 'open')))
          .orderBy(desc(reports.createdAt), desc(reports.id))
          .limit(HISTORY_MAX);
  const otherOpen =
    about === null
      ? []
      : await selectReports(db)
          .where(and(eq(reports.reportedId, about), ne(reports.id, row.id), eq(reports.status, 'open')))
          .orderBy(asc(reports.createdAt), asc(reports.id))
          .limit(DECIDE_TOGETHER_MAX);
  const notices =
    about === null
      ? []
      : await db
          .select()
          .from(memberNotices)
          .where(
            and(
              eq(memberNotices.memberId, about),
              inArray(memberNotices.kind, ['statement', 'photo_rejected']),
            ),
          )
          .orderBy(desc(memberNotices.createdAt), desc(memberNotices.id))
          .limit(HISTORY_MAX);

  return {
    report: {
      ...presentSummary(row, found.reporterName, sites),
      evidence: presentEvidence(row),
      photo: photo ? presentConsolePhoto(photo, mainPhotoId) : null,
      decision_reason: row.decisionReason,
      decided_by: decider ?? null,
    },
    member: await reportedMember(services, about),
    history: {
      reports: earlier.map((r) => presentSummary(r.report, r.reporterName, sites)),
      notices: notices
        .filter((n) => (NOTICE_KINDS as readonly string[]).includes(n.kind))
        .map((n) => ({
          id: n.id,
          kind: n.kind,
          action: actionOf(n.action),
          reason: n.reason,
          note: n.note,
          until: n.until?.toISOString() ?? null,
          report_id: n.reportId,
          created_at: n.createdAt.toISOString(),
        })),
    },
    other_open: otherOpen.map((r) => presentSummary(r.report, r.reporterName, sites)),
  };
}
