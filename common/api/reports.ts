import { z } from 'zod';
import { REPORT_EVIDENCE_MAX } from '../constants';
import { keysetCursor } from './fields';

/**
 * Reports (the DSA's notice and action): a member reports a member, one of their photos or
 * messages of a chat with them. The reasons are what a dating site's moderators act on; `other`
 * needs words.
 */
export const REPORT_SUBJECTS = ['member', 'photo', 'messages'] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];
export const REPORT_REASONS = [
  'fake_or_scam',
  'under_18',
  'harassment',
  'non_consensual',
  'spam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'upheld', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** What a moderator may do about a report (or a member); `dismiss` leaves the member alone. */
export const MODERATION_ACTIONS = ['warn', 'hide_photo', 'suspend', 'ban', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const REPORT_DETAILS_MAX = 2_000;

/** Why a moderator rejects a photo; the member is told which (a notice and a mail). */
export const PHOTO_REJECTION_REASONS = [
  'no_person',
  'not_you',
  'explicit',
  'minor',
  'contact_details',
  'copyright',
  'other',
] as const;
export type PhotoRejectionReason = (typeof PHOTO_REJECTION_REASONS)[number];

/** What a member is told in a notice (member_notices.kind). */
export const NOTICE_KINDS = ['statement', 'report_decision', 'photo_rejected'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** A message kept as evidence: a copy, so it outlives a removed chat. */
export type ReportEvidence = {
  id: number;
  sender_id: number;
  kind: 'text' | 'photo' | 'gift';
  body: string;
  created_at: string;
  /** A photo message: the storage key of its picture, for the console to show. */
  photo_key?: string;
  /** A gift message: the gift's slug (catalog key `gifts.<slug>`). */
  gift?: string;
};

/**
 * POST /api/reports.php. `member_id` is the member reported; `photo_id` one of their photos (subject
 * photo); `message_ids` the messages of the chat with them chosen as evidence, or
 * `last_messages: true` for the chat's last REPORT_EVIDENCE_MAX (the reporter's consent to share them).
 */
export const reportRequest = z
  .object({
    member_id: z.number().int().positive(),
    subject: z.enum(REPORT_SUBJECTS),
    reason: z.enum(REPORT_REASONS, { error: 'validation.reportReason' }),
    details: z.string().trim().max(REPORT_DETAILS_MAX, 'validation.reportDetailsLength').default(''),
    photo_id: z.number().int().positive().optional(),
    message_ids: z.array(z.number().int().positive()).max(REPORT_EVIDENCE_MAX).optional(),
    last_messages: z.boolean().optional(),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// The member's side of reports: what the reporter is told, and the notices of decisions.

/**
 * The rules of a report's subject, as the form and the server both check them. They run even when
 * another field is wrong (`when`), so the form shows every missing piece at once; the value may
 * then be malformed, hence the defensive reads.
 */
const always = { when: () => true };
export const reportForm = reportRequest
  .refine((r) => r.subject !== 'photo' || typeof r.photo_id === 'number', {
    path: ['photo_id'],
    message: 'validation.reportPhoto',
    ...always,
  })
  .refine(
    (r) =>
      r.subject !== 'messages' ||
      r.last_messages === true ||
      (Array.isArray(r.message_ids) && r.message_ids.length > 0),
    { path: ['message_ids'], message: 'validation.reportMessages', ...always },
  )
  .refine((r) => r.reason !== 'other' || (typeof r.details === 'string' && r.details.trim() !== ''), {
    path: ['details'],
    message: 'validation.reportDetailsRequired',
    ...always,
  });
export type ReportForm = z.input<typeof reportForm>;

/** A page of "My reports". */
export const MY_REPORTS_PAGE = 20;
/** The newest notices a member is shown (a member with more has far bigger problems). */
export const NOTICES_SHOWN_MAX = 50;

export const REPORT_OUTCOMES = ['upheld', 'dismissed'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/**
 * One of the member's own reports, as they see it: what, about whom, why, and where it stands. The
 * decision is its outcome and date only: the action taken against the other member, the
 * moderator's words and other members' reports stay with the moderators.
 */
export const myReport = z
  .object({
    id: z.number().int(),
    reported_name: z.string(),
    subject: z.enum(REPORT_SUBJECTS),
    reason: z.enum(REPORT_REASONS),
    details: z.string(),
    /** Messages kept as evidence. */
    evidence_count: z.number().int().nonnegative(),
    status: z.enum(REPORT_STATUSES),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'MyReport' });
export type MyReport = z.infer<typeof myReport>;

/** POST /api/reports.php answers 201 with the report filed. */
export const reportResponse = z.object({ report: myReport });
export type ReportResponse = z.infer<typeof reportResponse>;

/** GET /api/reports.php: the member's reports, newest first, by keyset (`cursor` = next_cursor). */
export const myReportsQuery = z
  .object({
    cursor: keysetCursor.optional(),
  })
  .strict();
export const myReportsResponse = z.object({
  reports: z.array(myReport),
  next_cursor: z.string().nullable(),
});
export type MyReportsResponse = z.infer<typeof myReportsResponse>;

/**
 * A notice to the member (member_notices), as they may read it. `reason` is a report reason (the
 * ground of a statement, or the reason of the member's own report), `photo_reason` a rejected
 * photo's; `note` is the moderator's explanation to this member (never on a report decision, which
 * is about someone else); `outcome` and `report` belong to a decision on the member's own report.
 * Who decided is never said.
 */
export const memberNotice = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTICE_KINDS),
    action: z.enum(MODERATION_ACTIONS).nullable(),
    reason: z.enum(REPORT_REASONS).nullable(),
    photo_reason: z.enum(PHOTO_REJECTION_REASONS).nullable(),
    note: z.string().nullable(),
    until: z.string().nullable(),
    outcome: z.enum(REPORT_OUTCOMES).nullable(),
    report: z.object({ reported_name: z.string(), created_at: z.string() }).nullable(),
    created_at: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'MemberNotice' });
export type MemberNotice = z.infer<typeof memberNotice>;

/** GET /api/notices.php: the newest NOTICES_SHOWN_MAX notices, and how many are unread. */
export const noticesResponse = z.object({
  notices: z.array(memberNotice),
  unread: z.number().int().nonnegative(),
});
export type NoticesResponse = z.infer<typeof noticesResponse>;

/** POST /api/notices.php: marks these notices read, or every one when `ids` is absent. */
export const noticesReadRequest = z
  .object({ ids: z.array(z.number().int().positive()).min(1).max(NOTICES_SHOWN_MAX).optional() })
  .strict();
export const noticesReadResponse = z.object({ unread: z.number().int().nonnegative() });
