import {
  type MemberNotice,
  MODERATION_ACTIONS,
  type ModerationAction,
  type MyReport,
  NOTICE_KINDS,
  type NoticeKind,
  PHOTO_REJECTION_REASONS,
  type PhotoRejectionReason,
  REPORT_REASONS,
  type ReportOutcome,
  type ReportReason,
  type ReportStatus,
} from '../../common/api/reports';
import type { memberNotices, reports } from '../db/schema';

/**
 * What a member may see of reports and of the decisions about them. Never the moderator
 * (no staff id or name leaves here), never another member's report, and to a reporter never what
 * was done to the member they reported nor the moderator's words about them: only the outcome.
 */

type ReportRow = Pick<
  typeof reports.$inferSelect,
  'id' | 'reportedName' | 'subject' | 'reason' | 'details' | 'evidence' | 'status' | 'createdAt' | 'decidedAt'
>;

/** One of the member's own reports. */
export function presentMyReport(row: ReportRow): MyReport {
  return {
    id: row.id,
    reported_name: row.reportedName,
    subject: row.subject,
    reason: row.reason,
    details: row.details,
    evidence_count: row.evidence.length,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    decided_at: row.status === 'open' ? null : (row.decidedAt?.toISOString() ?? null),
  };
}

export type NoticeRow = Pick<
  typeof memberNotices.$inferSelect,
  'id' | 'kind' | 'action' | 'reason' | 'note' | 'until' | 'createdAt' | 'readAt'
> & {
  /** The report a decision notice answers (the member's own), when it still exists. */
  report: { reportedName: string; reason: string; status: ReportStatus; createdAt: Date } | null;
};

const oneOf = <T extends string>(list: readonly T[], value: string | null | undefined): T | null =>
  value != null && (list as readonly string[]).includes(value) ? (value as T) : null;

/**
 * A notice as its member reads it, or null for a row this version does not know how to tell
 * (an unknown kind is left out rather than shown half).
 */
export function presentNotice(row: NoticeRow): MemberNotice | null {
  const kind = oneOf<NoticeKind>(NOTICE_KINDS, row.kind);
  if (!kind) return null;
  const base = {
    id: row.id,
    kind,
    action: null as ModerationAction | null,
    reason: null as ReportReason | null,
    photo_reason: null as PhotoRejectionReason | null,
    note: null as string | null,
    until: null as string | null,
    outcome: null as ReportOutcome | null,
    report: null as MemberNotice['report'],
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
  if (kind === 'statement') {
    const action = oneOf(MODERATION_ACTIONS, row.action);
    if (!action) return null;
    // The ground is a report reason; a hidden photo's may be a photo rejection reason instead.
    const reason = oneOf(REPORT_REASONS, row.reason);
    return {
      ...base,
      action,
      reason,
      photo_reason: reason ? null : oneOf(PHOTO_REJECTION_REASONS, row.reason),
      note: row.note || null,
      until: action === 'suspend' && row.until ? row.until.toISOString() : null,
    };
  }
  if (kind === 'photo_rejected') {
    return { ...base, photo_reason: oneOf(PHOTO_REJECTION_REASONS, row.reason), note: row.note || null };
  }
  // A decision on the member's own report: the outcome, from the report (or, once it is gone, the
  // action the notice recorded); what the other member got is theirs to know.
  const decided = row.report?.status;
  const outcome: ReportOutcome =
    decided === 'upheld' || decided === 'dismissed'
      ? decided
      : row.action === 'dismiss'
        ? 'dismissed'
        : 'upheld';
  return {
    ...base,
    outcome,
    reason: oneOf(REPORT_REASONS, row.report?.reason ?? row.reason),
    report: row.report
      ? { reported_name: row.report.reportedName, created_at: row.report.createdAt.toISOString() }
      : null,
  };
}
