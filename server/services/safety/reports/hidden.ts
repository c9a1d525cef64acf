import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { OPEN_REPORTS_TO_HIDE } from '../../../../common/constants';
import type { Db, Tx } from '../../../db/client';
import { members, reports } from '../../../db/schema';

/**
 * Sets `members.hidden_by_reports` from the member's open reports (automatic safety):
 * open reports from OPEN_REPORTS_TO_HIDE different members hide the profile from search and every
 * list of suggestions until a moderator decides. One member reporting again and again counts once,
 * and the system's own reports (no reporter) not at all. Called after a report is filed and after
 * every decision; a row whose flag is already right is left alone (no trigger runs).
 */
export async function refreshHiddenByReports(db: Db | Tx, memberId: number): Promise<void> {
  const reporters = db
    .select({ n: sql<number>`count(distinct ${reports.reporterId})` })
    .from(reports)
    .where(and(eq(reports.reportedId, memberId), eq(reports.status, 'open'), isNotNull(reports.reporterId)));
  const hidden = sql<boolean>`(${reporters}) >= ${OPEN_REPORTS_TO_HIDE}`;
  await db
    .update(members)
    .set({ hiddenByReports: hidden })
    .where(and(eq(members.id, memberId), sql`${members.hiddenByReports} is distinct from ${hidden}`));
}
