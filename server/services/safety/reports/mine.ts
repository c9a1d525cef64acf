import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import {
  MY_REPORTS_PAGE,
  type MyReportsResponse,
  NOTICES_SHOWN_MAX,
  type NoticesResponse,
} from '../../../../common/api/reports';
import type { Db } from '../../../db/client';
import { memberNotices, reports } from '../../../db/schema';
import { decodeIdCursor, encodeIdCursor, keysetPage } from '../../../infra/cursor';
import { presentMyReport, presentNotice } from '../../../presenters/report';

/** GET /api/reports.php: the member's own reports, newest first, a page at a time (keyset on id). */
export async function myReports(db: Db, memberId: number, cursor?: string): Promise<MyReportsResponse> {
  const after = decodeIdCursor(cursor);
  const rows = await db
    .select()
    .from(reports)
    .where(and(eq(reports.reporterId, memberId), after === null ? undefined : lt(reports.id, after)))
    .orderBy(desc(reports.id))
    .limit(MY_REPORTS_PAGE + 1);
  const { page, nextCursor } = keysetPage(rows, MY_REPORTS_PAGE, (last) => encodeIdCursor(last.id));
  return { reports: page.map(presentMyReport), next_cursor: nextCursor };
}

async function unreadNotices(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberNotices)
    .where(and(eq(memberNotices.memberId, memberId), isNull(memberNotices.readAt)));
  return row?.n ?? 0;
}

/**
 * GET /api/notices.php: the member's newest notices, each with the report it answers when it is a
 * decision on one of theirs (a report of another member is never joined: the notice's member must
 * be the report's reporter).
 */
export async function myNotices(db: Db, memberId: number): Promise<NoticesResponse> {
  const rows = await db
    .select({
      id: memberNotices.id,
      kind: memberNotices.kind,
      action: memberNotices.action,
      reason: memberNotices.reason,
      note: memberNotices.note,
      until: memberNotices.until,
      createdAt: memberNotices.createdAt,
      readAt: memberNotices.readAt,
      reportedName: reports.reportedName,
      reportReason: reports.reason,
      reportStatus: reports.status,
      reportCreatedAt: reports.createdAt,
    })
    .from(memberNotices)
    .leftJoin(reports, and(eq(reports.id, memberNotices.reportId), eq(reports.reporterId, memberId)))
    .where(eq(memberNotices.memberId, memberId))
    .orderBy(desc(memberNotices.createdAt), desc(memberNotices.id))
    .limit(NOTICES_SHOWN_MAX);
  const notices = rows.flatMap((r) => {
    const notice = presentNotice({
      ...r,
      report:
        r.kind === 'report_decision' && r.reportedName !== null && r.reportStatus && r.reportCreatedAt
          ? {
              reportedName: r.reportedName,
              reason: r.reportReason ?? '',
              status: r.reportStatus,
              createdAt: r.reportCreatedAt,
            }
          : null,
    });
    return notice ? [notice] : [];
  });
  return { notices, unread: await unreadNotices(db, memberId) };
}

/** POST /api/notices.php: marks the member's own notices read (these, or all); others' ids do nothing. */
export async function markNoticesRead(
  db: Db,
  memberId: number,
  ids: number[] | undefined,
  now: Date,
): Promise<{ unread: number }> {
  await db
    .update(memberNotices)
    .set({ readAt: now })
    .where(
      and(
        eq(memberNotices.memberId, memberId),
        isNull(memberNotices.readAt),
        ids ? inArray(memberNotices.id, ids) : undefined,
      ),
    );
  return { unread: await unreadNotices(db, memberId) };
}

export { unreadNotices };
