import { z } from 'zod';
import { SUSPENSION_MAX_DAYS } from '../../constants';
import { int4IdParam, keysetCursor } from '../fields';
import {
  MODERATION_ACTIONS,
  NOTICE_KINDS,
  PHOTO_REJECTION_REASONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_SUBJECTS,
} from '../reports';

/**
 * The moderation queue of the operator console: new and changed photos, and reports with
 * their evidence. Support reads the queue; only a moderator (or an admin) acts on it.
 */

/** The words of a statement of reasons: why a moderator decided, as the member will read it. */
export const DECISION_REASON_MIN = 10;
export const DECISION_REASON_MAX = 2_000;
/** A moderator's own words beside a photo rejection's reason. */
export const PHOTO_NOTE_MAX = 500;
/** A page of the photo queue (a grid) and of the report list. */
export const PHOTO_QUEUE_PAGE = 24;
export const REPORT_PAGE = 25;
/** Waiting items are counted up to this; more shows as "1000+". */
export const QUEUE_COUNT_CAP = 1_000;
/** Other open reports on the same member decided together with one. */
export const DECIDE_TOGETHER_MAX = 50;

/** An id in a query string… */
const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** …and in a JSON body. */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const cursor = keysetCursor.optional();

export const decisionReason = z
  .string({ error: 'validation.decisionReason' })
  .trim()
  .min(DECISION_REASON_MIN, 'validation.decisionReason')
  .max(DECISION_REASON_MAX, 'validation.decisionReason');

export const suspensionDays = z
  .number({ error: 'validation.suspensionDays' })
  .int('validation.suspensionDays')
  .min(1, 'validation.suspensionDays')
  .max(SUSPENSION_MAX_DAYS, 'validation.suspensionDays');

/** A member as the queue names them, with a link into the console's members screen. */
export const queueMember = z.object({
  id: z.number().int(),
  name: z.string(),
  site_id: z.number().int(),
  site: z.string().describe('the site’s domain'),
});

/** A photo as staff see it: its files come through the console (/api/admin/member-photo.php), premium ones too. */
export const consolePhoto = z.object({
  id: z.number().int(),
  thumb_url: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  premium: z.boolean(),
  status: z.enum(['pending', 'approved', 'rejected']),
  main: z.boolean(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
});
export type ConsolePhoto = z.infer<typeof consolePhoto>;

/** GET /api/admin/photos.php: photos not yet looked at, oldest first. */
export const photoQueueQuery = z.object({ site_id: int4IdParam.optional(), cursor }).strict();
export const photoQueueResponse = z.object({
  photos: z.array(consolePhoto.extend({ member: queueMember })),
  /** Photos waiting, counted up to QUEUE_COUNT_CAP. */
  waiting: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type PhotoQueueResponse = z.infer<typeof photoQueueResponse>;

/** POST /api/admin/photo-review.php: approve, or reject with one of the reasons the member is told. */
export const photoReviewRequest = z.discriminatedUnion('decision', [
  z.object({ photo_id: id, decision: z.literal('approve') }).strict(),
  z
    .object({
      photo_id: id,
      decision: z.literal('reject'),
      reason: z.enum(PHOTO_REJECTION_REASONS),
      note: z.string().trim().max(PHOTO_NOTE_MAX).optional(),
    })
    .strict(),
]);
export type PhotoReviewRequest = z.input<typeof photoReviewRequest>;
export const photoReviewResponse = z.object({ photo: consolePhoto });

/** GET /api/admin/reports.php: open reports oldest first; decided ones newest first. */
export const reportListQuery = z
  .object({
    status: z.enum(REPORT_STATUSES).default('open'),
    site_id: int4IdParam.optional(),
    reason: z.enum(REPORT_REASONS).optional(),
    member_id: queryId.optional(),
    cursor,
  })
  .strict();

const personRef = z.object({ id: z.number().int().nullable(), name: z.string() });

export const reportSummary = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site: z.string(),
  subject: z.enum(REPORT_SUBJECTS),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  automatic: z.boolean(),
  status: z.enum(REPORT_STATUSES),
  action: z.enum(MODERATION_ACTIONS).nullable(),
  reporter: personRef.nullable().describe('null for the system’s own reports'),
  reported: personRef,
  evidence_count: z.number().int(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ReportSummary = z.infer<typeof reportSummary>;

export const reportListResponse = z.object({
  reports: z.array(reportSummary),
  /** Open reports, counted up to QUEUE_COUNT_CAP. */
  open: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type ReportListResponse = z.infer<typeof reportListResponse>;

/** GET /api/admin/report.php?id= */
export const reportQuery = z.object({ id: queryId }).strict();
/** GET /api/admin/evidence-photo.php: the picture of a photo message kept as a report's evidence. */
export const evidencePhotoQuery = z.object({ report_id: queryId, message_id: queryId }).strict();

export const evidenceMessage = z.object({
  id: z.number().int(),
  sender_id: z.number().int(),
  /** Who wrote it, as the transcript labels it. */
  from: z.enum(['reporter', 'reported', 'other']),
  kind: z.enum(['text', 'photo', 'gift']),
  body: z.string(),
  /** A photo message's picture, through the console (/api/admin/evidence-photo.php). */
  photo_url: z.string().nullable(),
  /** A gift message's gift (`gifts.<slug>` of the main catalog). */
  gift: z.string().nullable(),
  created_at: z.string(),
});
export type EvidenceMessage = z.infer<typeof evidenceMessage>;

export const memberNoticeEntry = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  action: z.enum(MODERATION_ACTIONS).nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  until: z.string().nullable(),
  report_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type MemberNoticeEntry = z.infer<typeof memberNoticeEntry>;

/** The reported member's account as a moderator weighs it. */
export const reportedMember = z.object({
  id: z.number().int(),
  name: z.string(),
  site_id: z.number().int(),
  site: z.string(),
  status: z.enum(['not_confirmed', 'active', 'suspended', 'deleted']),
  suspended_until: z.string().nullable(),
  banned: z.boolean(),
  hidden_by_reports: z.boolean(),
  signup_date: z.string(),
  email_confirmed: z.boolean(),
  deleted: z.boolean(),
  photo_count: z.number().int(),
  photos: z.array(consolePhoto),
});
export type ReportedMember = z.infer<typeof reportedMember>;

export const reportDetail = reportSummary.extend({
  evidence: z.array(evidenceMessage),
  photo: consolePhoto.nullable(),
  decision_reason: z.string().nullable(),
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

export const reportResponse = z.object({
  report: reportDetail,
  /** Null when the account no longer exists. */
  member: reportedMember.nullable(),
  history: z.object({
    /** Earlier reports against the member (decided ones and their outcome), newest first. */
    reports: z.array(reportSummary),
    /** What the member was told before: statements of reasons, rejected photos. */
    notices: z.array(memberNoticeEntry),
  }),
  /** The member's other open reports, which a decision may settle too. */
  other_open: z.array(reportSummary),
});
export type ReportResponse = z.infer<typeof reportResponse>;

const decisionBase = {
  report_id: id,
  reason: decisionReason,
  /** Other open reports on the same member, decided the same way. */
  also_report_ids: z.array(id).max(DECIDE_TOGETHER_MAX).optional(),
};

/**
 * POST /api/admin/report-decision.php: one of MODERATION_ACTIONS with the moderator's reasons
 * (the statement of reasons' explanation). `hide_photo` takes the reported photo unless `photo_id`
 * names another of the member's photos; `suspend` takes the days.
 */
export const reportDecisionRequest = z.discriminatedUnion('action', [
  z.object({ ...decisionBase, action: z.literal('warn') }).strict(),
  z.object({ ...decisionBase, action: z.literal('hide_photo'), photo_id: id.optional() }).strict(),
  z.object({ ...decisionBase, action: z.literal('suspend'), days: suspensionDays }).strict(),
  z.object({ ...decisionBase, action: z.literal('ban') }).strict(),
  z.object({ ...decisionBase, action: z.literal('dismiss') }).strict(),
]);
export type ReportDecisionRequest = z.input<typeof reportDecisionRequest>;
export const reportDecisionResponse = z.object({
  /** Every report this decision settled. */
  decided: z.array(z.number().int()),
  member: reportedMember.nullable(),
});
export type ReportDecisionResponse = z.infer<typeof reportDecisionResponse>;

export { type SuspensionStatement, suspensionStatement } from '../user';
