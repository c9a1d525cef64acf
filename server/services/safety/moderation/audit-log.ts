import { and, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AUDIT_PAGE, type AuditResponse, type auditQuery } from '../../../../common/api/admin/audit';
import type { Db } from '../../../db/client';
import { auditLog, staff } from '../../../db/schema';
import {
  afterCursor,
  cursorTime,
  decodeTimeCursor,
  encodeTimeCursor,
  keysetPage,
} from '../../../infra/cursor';

type Query = z.infer<typeof auditQuery>;

const DAY_MS = 86_400_000;

/** A day of the filter as a moment (UTC midnight); null for a day that does not exist. */
function dayStart(day: string): Date | null {
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day ? null : at;
}

/**
 * The audit log, newest first, a page at a time (keyset on time and id), filtered by staff member,
 * action (exact, or a family such as `report`), target and days. Read only: nothing here writes.
 */
export async function readAuditLog(db: Db, query: Query): Promise<AuditResponse> {
  const cursor = decodeTimeCursor(query.cursor);
  const filters: (SQL | undefined)[] = [];
  if (query.staff_id !== undefined) filters.push(eq(auditLog.staffId, query.staff_id));
  if (query.action)
    filters.push(
      query.action.includes('.')
        ? eq(auditLog.action, query.action)
        : or(eq(auditLog.action, query.action), like(auditLog.action, `${query.action}.%`)),
    );
  if (query.target_type) filters.push(eq(auditLog.targetType, query.target_type));
  if (query.target_id) filters.push(eq(auditLog.targetId, query.target_id));
  const from = query.from ? dayStart(query.from) : null;
  const to = query.to ? dayStart(query.to) : null;
  if (from) filters.push(gte(auditLog.createdAt, from));
  if (to) filters.push(lt(auditLog.createdAt, new Date(to.getTime() + DAY_MS)));
  filters.push(afterCursor(auditLog.createdAt, auditLog.id, cursor, 'desc'));

  const rows = await db
    .select({
      entry: auditLog,
      at: cursorTime(auditLog.createdAt),
      staffName: staff.name,
      staffEmail: staff.email,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(...filters))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE + 1);
  const people = await db.select({ id: staff.id, name: staff.name }).from(staff).orderBy(staff.name);
  const { page, nextCursor } = keysetPage(rows, AUDIT_PAGE, (last) =>
    encodeTimeCursor({ at: last.at, id: last.entry.id }),
  );
  return {
    entries: page.map(({ entry, staffName, staffEmail }) => ({
      id: entry.id,
      created_at: entry.createdAt.toISOString(),
      staff:
        entry.staffId === null ? null : { id: entry.staffId, name: staffName ?? '', email: staffEmail ?? '' },
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      site_id: entry.siteId,
      reason: entry.reason,
      details: entry.details,
    })),
    staff: people,
    next_cursor: nextCursor,
  };
}
