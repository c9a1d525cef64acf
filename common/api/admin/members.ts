import { z } from 'zod';
import { CREDIT_ADJUSTMENT_MAX, SUSPENSION_MAX_DAYS } from '../../constants';
import { MEMBER_STATUSES, PROFILE_STATUSES } from '../../profile-options';
import { CREDIT_REASONS } from '../credits';
import { INT4_MAX, int4IdParam, keysetCursor } from '../fields';
import {
  MODERATION_ACTIONS,
  NOTICE_KINDS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_SUBJECTS,
} from '../reports';

/**
 * The console's members screen: find a member, read their record, and the few things
 * staff may change there. What staff never get: a password hash, and chat messages (those are
 * read only as a report's evidence, in the moderation screens).
 */

/** Rows of one page of search results, of the credits ledger; the lists of a record are capped. */
export const MEMBER_SEARCH_PAGE = 25;
export const MEMBER_LEDGER_PAGE = 25;
export const MEMBER_RECORD_LIST_MAX = 50;
export const STAFF_REASON_MAX = 500;

const memberIdParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const time = z.string().describe('ISO time');

/** Why staff did something: required, kept in the audit log. */
export const staffReason = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(STAFF_REASON_MAX, 'validation.invalid');

/** What the search box looks for: `auto` takes digits for an id, an @ for an e-mail, else a name. */
export const MEMBER_SEARCH_FIELDS = ['auto', 'email', 'name', 'id'] as const;
export type MemberSearchField = (typeof MEMBER_SEARCH_FIELDS)[number];

/** GET /api/admin/members.php: e-mail (exact or prefix), profile name (prefix) or id; keyset pages. */
export const memberSearchQuery = z
  .object({
    q: z.string().trim().min(1, 'validation.required').max(254, 'validation.invalid'),
    by: z.enum(MEMBER_SEARCH_FIELDS).default('auto'),
    site_id: int4IdParam.optional(),
    cursor: keysetCursor.optional(),
  })
  .strict();

export const memberSummary = z
  .object({
    id: z.number().int(),
    site_id: z.number().int(),
    site: z.string().describe('the site’s domain'),
    email: z.string(),
    name: z.string().nullable().describe('the profile name; null before a profile exists'),
    status: z.enum(MEMBER_STATUSES),
    credits: z.number().int(),
    paid: z.boolean(),
    fictional: z.boolean(),
    deleted: z.boolean(),
    signup_date: time,
    last_active: time,
    thumb_url: z.string().nullable().describe('the main photo’s thumbnail for staff'),
  })
  .meta({ id: 'AdminMemberSummary' });
export type MemberSummary = z.infer<typeof memberSummary>;

export const memberSearchResponse = z.object({
  members: z.array(memberSummary),
  /** The next page's cursor, or null on the last page. */
  next_cursor: z.string().nullable(),
});
export type MemberSearchResponse = z.infer<typeof memberSearchResponse>;

/** GET /api/admin/member.php?id= */
export const memberRecordQuery = z.object({ id: memberIdParam }).strict();

const account = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site: z.string(),
  email: z.string(),
  status: z.enum(MEMBER_STATUSES),
  /** The end of a suspension for a time; null with status suspended is a ban. */
  suspended_until: time.nullable(),
  banned: z.boolean().describe('a ban of the address or e-mail names this member'),
  credits: z.number().int(),
  paid: z.boolean().describe('premium: has paid'),
  language: z.string(),
  signup_date: time,
  tracking: z.record(z.string(), z.string()),
  last_active: time,
  email_confirmed_at: time.nullable(),
  invisible: z.boolean(),
  hidden_by_reports: z.boolean(),
  deleted_at: time.nullable(),
  deletion_reason: z.string().nullable(),
});

const profile = z.object({
  name: z.string(),
  gender: z.string(),
  sexuality: z.string(),
  birth_date: z.string(),
  age: z.number().int(),
  relationship_status: z.string().nullable(),
  hair_colour: z.string().nullable(),
  eye_colour: z.string().nullable(),
  body_type: z.string().nullable(),
  tattoos: z.string().nullable(),
  reason: z.string().nullable(),
  about: z.string(),
  country: z.string(),
  region_code: z.string().nullable(),
  region_name: z.string().nullable(),
  status: z.enum(PROFILE_STATUSES),
  seeking_gender: z.string().nullable(),
  seeking_min_age: z.number().int().nullable(),
  seeking_max_age: z.number().int().nullable(),
  interests: z.array(z.string()).describe('interest slugs'),
  fictional: z.boolean(),
});

const photo = z.object({
  id: z.number().int(),
  thumb_url: z.string(),
  url: z.string(),
  premium: z.boolean(),
  main: z.boolean(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: time,
  /** Null while the photo waits in the moderation queue. */
  reviewed_at: time.nullable(),
  rejection_reason: z.string().nullable(),
});

export const adminPayment = z
  .object({
    id: z.uuid(),
    created_at: time,
    paid_at: time.nullable(),
    status: z.string(),
    provider: z.string(),
    method: z.string(),
    amount: z.number().int().describe('cents'),
    currency: z.string(),
    credits: z.number().int(),
    discount_code: z.string().nullable(),
    refunded_amount: z.number().int(),
    refunded_at: time.nullable(),
    /** What can still be refunded, in cents (0 unless paid). */
    refundable: z.number().int(),
  })
  .meta({ id: 'AdminPayment' });
export type AdminPayment = z.infer<typeof adminPayment>;

const reportSummary = z.object({
  id: z.number().int(),
  subject: z.enum(REPORT_SUBJECTS),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(REPORT_STATUSES),
  action: z.enum(MODERATION_ACTIONS).nullable(),
  automatic: z.boolean(),
  created_at: time,
  decided_at: time.nullable(),
  /** The other member: the reporter of a report against, the reported of a report by. */
  other: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
});

const notice = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  action: z.enum(MODERATION_ACTIONS).nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  until: time.nullable(),
  report_id: z.number().int().nullable(),
  created_at: time,
  read_at: time.nullable(),
});

const historyEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  staff: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: time,
});

export const memberRecord = z
  .object({
    account,
    profile: profile.nullable(),
    photos: z.array(photo),
    payments: z.array(adminPayment),
    reports: z.object({
      against: z.array(reportSummary),
      by: z.array(reportSummary),
      against_open: z.number().int(),
    }),
    notices: z.array(notice),
    sessions: z.object({ active: z.number().int(), push_subscriptions: z.number().int() }),
    /** The latest staff actions on this member (the audit log). */
    history: z.array(historyEntry),
  })
  .meta({ id: 'AdminMemberRecord' });
export type MemberRecord = z.infer<typeof memberRecord>;

export const memberRecordResponse = z.object({ member: memberRecord });
export type MemberRecordResponse = z.infer<typeof memberRecordResponse>;

/** GET /api/admin/member-ledger.php?id=&cursor=: the credits ledger, newest first. */
export const memberLedgerQuery = z.object({ id: memberIdParam, cursor: keysetCursor.optional() }).strict();
export const ledgerEntry = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.enum(CREDIT_REASONS),
  reference: z.string().nullable(),
  created_at: time,
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export const memberLedgerResponse = z.object({
  entries: z.array(ledgerEntry),
  next_cursor: z.string().nullable(),
});
export type MemberLedgerResponse = z.infer<typeof memberLedgerResponse>;

const memberIdBody = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** POST /api/admin/member-credits.php (admin): add or take credits, with a reason. */
export const creditAdjustmentRequest = z
  .object({
    member_id: memberIdBody,
    delta: z
      .number({ error: 'validation.required' })
      .int('validation.invalid')
      .min(-CREDIT_ADJUSTMENT_MAX, 'validation.invalid')
      .max(CREDIT_ADJUSTMENT_MAX, 'validation.invalid')
      .refine((n) => n !== 0, 'validation.invalid'),
    reason: staffReason,
  })
  .strict();
export type CreditAdjustmentRequest = z.input<typeof creditAdjustmentRequest>;
export const creditAdjustmentResponse = z.object({ credits: z.number().int(), entry: ledgerEntry });

/** POST /api/admin/member-refund.php (admin): refund (part of) a paid payment through its provider. */
export const refundRequest = z
  .object({
    payment_id: z.uuid(),
    /** Cents of the payment's currency. */
    amount: z
      .number({ error: 'validation.required' })
      .int('validation.invalid')
      .positive('validation.invalid')
      .max(INT4_MAX, 'validation.invalid'),
    reason: staffReason,
  })
  .strict();
export type RefundRequest = z.input<typeof refundRequest>;
export const refundResponse = z.object({
  payment: adminPayment,
  /** Credits taken back (as far as the balance allowed). */
  credits_taken: z.number().int(),
  credits: z.number().int().nullable().describe('the member’s balance after; null without a member'),
  paid: z.boolean().nullable().describe('premium after the refund; null without a member'),
});
export type RefundResponse = z.infer<typeof refundResponse>;

/** PUT /api/admin/member-fictional.php (admin): mark a profile fictional or not. */
export const fictionalRequest = z
  .object({ member_id: memberIdBody, fictional: z.boolean(), reason: staffReason })
  .strict();
export type FictionalRequest = z.input<typeof fictionalRequest>;
export const fictionalResponse = z.object({ fictional: z.boolean() });

/** DELETE /api/admin/member-sessions.php (support): ends every session of the member. */
export const endSessionsRequest = z.object({ member_id: memberIdBody, reason: staffReason }).strict();
export type EndSessionsRequest = z.input<typeof endSessionsRequest>;
export const endSessionsResponse = z.object({ ended: z.number().int() });

/**
 * POST /api/admin/member-sanction.php (moderator): suspend for days, ban, or lift either. The
 * reason is the statement of reasons the member reads; `ground` the report reason it rests on.
 */
export const MEMBER_SANCTIONS = ['suspend', 'ban', 'lift'] as const;
export type MemberSanction = (typeof MEMBER_SANCTIONS)[number];
export const sanctionRequest = z
  .object({
    member_id: memberIdBody,
    action: z.enum(MEMBER_SANCTIONS),
    days: z
      .number()
      .int()
      .min(1, 'validation.invalid')
      .max(SUSPENSION_MAX_DAYS, 'validation.invalid')
      .optional(),
    ground: z.enum(REPORT_REASONS).optional(),
    reason: staffReason,
  })
  .strict()
  .refine((r) => r.action !== 'suspend' || r.days !== undefined, {
    path: ['days'],
    message: 'validation.required',
  });
export type SanctionRequest = z.input<typeof sanctionRequest>;
export const sanctionResponse = z.object({
  status: z.enum(MEMBER_STATUSES),
  suspended_until: time.nullable(),
});

/** GET /api/admin/member-photo.php?id=&size=: a member's photo for staff, premium or not. */
export const memberPhotoQuery = z
  .object({ id: memberIdParam, size: z.enum(['thumb', 'full']).default('thumb') })
  .strict();
