import { z } from 'zod';
import { COMPLAINT_CATEGORIES, COMPLAINT_STATUSES } from '../complaints';
import { int4IdParam, keysetCursor } from '../fields';

/** Complaints from the complaints form in the operator console. */

export { COMPLAINT_STATUSES };
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** Complaints per page of the list. */
export const COMPLAINTS_PAGE_SIZE = 25;
/** A staff note on a complaint: what was done, in a few sentences. */
export const COMPLAINT_NOTE_MAX = 2_000;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET /api/admin/complaints.php: newest first, optionally one site and one state. */
export const complaintsQuery = z
  .object({
    site_id: int4IdParam.optional(),
    status: z.enum(COMPLAINT_STATUSES).optional(),
    cursor: keysetCursor.optional(),
  })
  .strict();

export const complaintSummary = z.object({
  id: z.number().int(),
  reference: z.string(),
  site_id: z.number().int(),
  site_domain: z.string(),
  site_name: z.string(),
  /** The member who filed it while logged in, or null (a visitor, or an account since purged). */
  member_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  category: z.enum(COMPLAINT_CATEGORIES),
  subject: z.string().nullable(),
  status: z.enum(COMPLAINT_STATUSES),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  /** False while the mail to the site's support address has not gone out (it can be sent again). */
  forwarded: z.boolean(),
});
export type ComplaintSummary = z.infer<typeof complaintSummary>;

export const complaintsResponse = z.object({
  complaints: z.array(complaintSummary),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ComplaintsResponse = z.infer<typeof complaintsResponse>;

/** One change of a complaint, from the audit log: who, when, to which state, with which note. */
export const complaintEvent = z.object({
  at: z.string(),
  staff_name: z.string().nullable(),
  action: z.string(),
  status: z.enum(COMPLAINT_STATUSES).nullable(),
  note: z.string().nullable(),
});

export const complaintDetail = complaintSummary.extend({
  message: z.string(),
  /** The language the complainant wrote in (the site's locale when filed). */
  language: z.string(),
  staff_note: z.string().nullable(),
  forwarded_at: z.string().nullable(),
  /** Oldest first. */
  history: z.array(complaintEvent),
});
export type ComplaintDetail = z.infer<typeof complaintDetail>;

/** GET /api/admin/complaint.php?id= */
export const complaintIdQuery = z.object({ id }).strict();

export const complaintResponse = z.object({ complaint: complaintDetail });
export type ComplaintResponse = z.infer<typeof complaintResponse>;

/** PATCH /api/admin/complaint.php: a new state and the note that says why (stored and audited). */
export const complaintUpdateRequest = z
  .object({
    id,
    status: z.enum(COMPLAINT_STATUSES),
    note: z.string().trim().min(1, 'validation.required').max(COMPLAINT_NOTE_MAX),
  })
  .strict();
export type ComplaintUpdateRequest = z.input<typeof complaintUpdateRequest>;

/** POST /api/admin/complaint-mail.php: send the support mail again of a complaint whose mail failed. */
export const complaintMailRequest = z.object({ id }).strict();
