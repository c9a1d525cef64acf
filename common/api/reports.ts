import { z } from 'zod';
import { REPORT_EVIDENCE_MAX } from '../constants';

/**
 * Reports (issue 9, the DSA's notice and action): a member reports a member, one of their photos or
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
export type ReportRequest = z.input<typeof reportRequest>;
