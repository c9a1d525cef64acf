import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  COMPLAINT_STATUSES,
  COMPLAINTS_PAGE_SIZE,
  type ComplaintDetail,
  type ComplaintStatus,
  type ComplaintSummary,
} from '../../../common/api/admin/complaints';
import type { ComplaintCategory } from '../../../common/api/complaints';
import { auditLog, complaints, sites, staff } from '../../db/schema';
import { afterCursor, cursorTime, decodeTimeCursor, encodeTimeCursor, keysetPage } from '../../infra/cursor';
import { ApiError } from '../../plugins/errors';
import type { Services } from '../bag';
import { resendToSupport } from '../safety/complaints';
import { audit } from './audit';

/**
 * Complaints from the complaints form in the operator console: the list, one complaint
 * with its history, a change of state with a note, and the support mail sent again.
 */

const summaryColumns = {
  id: complaints.id,
  reference: complaints.reference,
  siteId: complaints.siteId,
  domain: sites.domain,
  siteName: sql<string>`${sites.settings}->>'name'`,
  memberId: complaints.memberId,
  name: complaints.name,
  email: complaints.email,
  category: complaints.category,
  subject: complaints.subject,
  status: complaints.status,
  createdAt: complaints.createdAt,
  updatedAt: complaints.updatedAt,
  forwardedAt: complaints.forwardedAt,
};
type SummaryRow = {
  id: number;
  reference: string;
  siteId: number;
  domain: string;
  siteName: string;
  memberId: number | null;
  name: string;
  email: string;
  category: ComplaintCategory;
  subject: string | null;
  status: ComplaintStatus;
  createdAt: Date;
  updatedAt: Date | null;
  forwardedAt: Date | null;
};

function presentSummary(r: SummaryRow): ComplaintSummary {
  return {
    id: r.id,
    reference: r.reference,
    site_id: r.siteId,
    site_domain: r.domain,
    site_name: r.siteName,
    member_id: r.memberId,
    name: r.name,
    email: r.email,
    category: r.category,
    subject: r.subject,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt?.toISOString() ?? null,
    forwarded: r.forwardedAt !== null,
  };
}

/** A page of complaints, newest first (keyset on creation time and id). */
export async function listComplaints(
  services: Services,
  query: { siteId?: number; status?: ComplaintStatus; cursor?: string },
): Promise<{ complaints: ComplaintSummary[]; next_cursor: string | null }> {
  const where: SQL[] = [];
  if (query.siteId !== undefined) where.push(eq(complaints.siteId, query.siteId));
  if (query.status) where.push(eq(complaints.status, query.status));
  const after = afterCursor(complaints.createdAt, complaints.id, decodeTimeCursor(query.cursor), 'desc');
  if (after) where.push(after);
  const rows = await services.db
    .select({ ...summaryColumns, at: cursorTime(complaints.createdAt) })
    .from(complaints)
    .innerJoin(sites, eq(sites.id, complaints.siteId))
    .where(and(...where))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(COMPLAINTS_PAGE_SIZE + 1);
  const { page, nextCursor } = keysetPage(rows, COMPLAINTS_PAGE_SIZE, (last) =>
    encodeTimeCursor({ at: last.at, id: last.id }),
  );
  return { complaints: page.map(presentSummary), next_cursor: nextCursor };
}

const isStatus = (value: unknown): value is ComplaintStatus =>
  typeof value === 'string' && (COMPLAINT_STATUSES as readonly string[]).includes(value);

/** One complaint with what staff did with it (its audit rows), or 404. */
export async function complaintDetail(services: Services, id: number): Promise<ComplaintDetail> {
  const [row] = await services.db
    .select({
      ...summaryColumns,
      message: complaints.message,
      language: complaints.language,
      staffNote: complaints.staffNote,
    })
    .from(complaints)
    .innerJoin(sites, eq(sites.id, complaints.siteId))
    .where(eq(complaints.id, id));
  if (!row) throw new ApiError(404, 'not_found');
  const history = await services.db
    .select({
      at: auditLog.createdAt,
      action: auditLog.action,
      staffName: staff.name,
      reason: auditLog.reason,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(eq(auditLog.targetType, 'complaint'), eq(auditLog.targetId, String(id))))
    .orderBy(asc(auditLog.id));
  return {
    ...presentSummary(row),
    message: row.message,
    language: row.language,
    staff_note: row.staffNote,
    forwarded_at: row.forwardedAt?.toISOString() ?? null,
    history: history.map((h) => ({
      at: h.at.toISOString(),
      staff_name: h.staffName,
      action: h.action,
      status: isStatus(h.details.status) ? h.details.status : null,
      note: h.reason,
    })),
  };
}

/**
 * Moves a complaint to a state with a note (support and up): the complaint and its audit row in
 * one transaction. The same state again only adds the note. Unknown id: 404, nothing written.
 */
export async function changeComplaintStatus(
  services: Services,
  act: { staffId: number; id: number; status: ComplaintStatus; note: string },
): Promise<void> {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: complaints.status })
      .from(complaints)
      .where(eq(complaints.id, act.id))
      .for('update');
    if (!before) throw new ApiError(404, 'not_found');
    const [after] = await tx
      .update(complaints)
      .set({ status: act.status, staffNote: act.note, updatedAt: now })
      .where(eq(complaints.id, act.id))
      .returning({ siteId: complaints.siteId });
    await audit(tx, {
      staffId: act.staffId,
      action: 'complaint.status',
      targetType: 'complaint',
      targetId: act.id,
      siteId: after?.siteId,
      reason: act.note,
      details: { from: before.status, status: act.status },
    });
  });
}

/**
 * Sends the support mail of a complaint again when it never went out (`forwarded_at` empty); a
 * complaint already forwarded is left as it is. The mail goes first, outside any transaction; its
 * success is recorded with its audit row. A mail that fails again: 502 `mail_unavailable`.
 */
export async function resendComplaintMail(
  services: Services,
  log: FastifyBaseLogger,
  act: { staffId: number; id: number },
): Promise<void> {
  const [row] = await services.db.select().from(complaints).where(eq(complaints.id, act.id));
  if (!row) throw new ApiError(404, 'not_found');
  if (row.forwardedAt) return;
  const site = await services.sites.byId(row.siteId);
  if (!site) throw new ApiError(404, 'not_found');
  try {
    await resendToSupport(services, site, row);
  } catch (err) {
    log.error({ err, complaint: row.reference }, 'complaint mail to the support address failed again');
    throw new ApiError(502, 'mail_unavailable');
  }
  await services.db.transaction(async (tx) => {
    const [sent] = await tx
      .update(complaints)
      .set({ forwardedAt: services.now() })
      .where(and(eq(complaints.id, act.id), isNull(complaints.forwardedAt)))
      .returning({ id: complaints.id });
    if (!sent) return;
    await audit(tx, {
      staffId: act.staffId,
      action: 'complaint.mail',
      targetType: 'complaint',
      targetId: act.id,
      siteId: row.siteId,
      details: { to: site.settings.support_email },
    });
  });
}
