import { z } from 'zod';
import { emailAddress } from './fields';

/**
 * The complaints form (/complaints): anyone, member or not, tells the operator what is
 * wrong. The categories are what a dating site's customer service in the EU gets asked about; they
 * route the complaint (a fake profile to moderation, billing to payments) and the DSA's illegal
 * content has one of its own.
 */
export const COMPLAINT_CATEGORIES = [
  'member_behaviour',
  'fake_profile',
  'illegal_content',
  'billing',
  'privacy',
  'technical',
  'other',
] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

/** Where a complaint stands in the operator console; the form files every one as `new`. */
export const COMPLAINT_STATUSES = ['new', 'in_progress', 'closed'] as const;

export const COMPLAINT_NAME_MAX = 100;
/** The link or profile the complaint is about: a URL, a profile name or number. */
export const COMPLAINT_SUBJECT_MAX = 500;
/** A few words at least: "it doesn't work" helps nobody; a page of text is plenty. */
export const COMPLAINT_MESSAGE_MIN = 20;
export const COMPLAINT_MESSAGE_MAX = 5_000;
/** More links than this in the message is what spam looks like; a person rarely needs more. */
export const COMPLAINT_LINKS_MAX = 3;
/** The honeypot's bound: a field no person sees, so any length is a bot's, but bodies stay bounded. */
const HONEYPOT_MAX = 500;

/** Web addresses in a text: what the link cap counts. */
export function linkCount(text: string): number {
  // Each match takes the whole address, so `https://www.…` counts once.
  return (text.match(/(?:\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.)\S*/gi) ?? []).length;
}

/**
 * POST /api/complaints.php, and the form's own rules: every message is a catalog key, and a missing
 * field says so rather than zod's English. `website` is the honeypot: hidden from people, filled by
 * bots; a filled one is answered like a success and nothing is kept or sent.
 */
export const complaintRequest = z
  .object({
    name: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(COMPLAINT_NAME_MAX, 'validation.complaintNameLength'),
    email: z.string({ error: 'validation.required' }).pipe(emailAddress),
    category: z.enum(COMPLAINT_CATEGORIES, { error: 'validation.complaintCategory' }),
    subject: z
      .string({ error: 'validation.invalid' })
      .trim()
      .max(COMPLAINT_SUBJECT_MAX, 'validation.complaintSubjectLength')
      // One link or profile: a second belongs in the message, where the link cap counts it.
      .refine((text) => linkCount(text) <= 1, 'validation.complaintSubjectLinks')
      .optional(),
    message: z
      .string({ error: 'validation.complaintMessageShort' })
      .trim()
      .min(COMPLAINT_MESSAGE_MIN, 'validation.complaintMessageShort')
      .max(COMPLAINT_MESSAGE_MAX, 'validation.complaintMessageLong')
      .refine((text) => linkCount(text) <= COMPLAINT_LINKS_MAX, 'validation.complaintLinks'),
    website: z.string().max(HONEYPOT_MAX).optional(),
  })
  .strict();
export type ComplaintRequest = z.input<typeof complaintRequest>;
export type ComplaintBody = z.output<typeof complaintRequest>;

/** A complaint's reference, as the confirmation and the support mail quote it: `ABCD-2345`. */
export const complaintReference = z.string().regex(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

export const complaintResponse = z.object({
  complaint: z.object({ reference: complaintReference }),
});
export type ComplaintResponse = z.infer<typeof complaintResponse>;

/**
 * GET /api/complaints.php: who a complaint is filed as. A member's complaint carries the account's
 * name and address (the form shows them read-only); a visitor gets null and types their own.
 */
export const complainantResponse = z.object({
  member: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type ComplainantResponse = z.infer<typeof complainantResponse>;
