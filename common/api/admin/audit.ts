import { z } from 'zod';
import { keysetCursor } from '../fields';

/**
 * The audit log of the operator console: every staff action, who, when, what, on what
 * and why. Read only: no endpoint changes it (a database trigger refuses UPDATE and DELETE).
 */

export const AUDIT_PAGE = 50;
export const AUDIT_TARGET_TYPES = [
  'member',
  'photo',
  'report',
  'payment',
  'site',
  'package',
  'discount_code',
  'gift',
  'complaint',
  'staff',
  'message',
  'promo',
  'iban',
] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid');

/** GET /api/admin/audit.php: newest first; `from`/`to` are days (UTC), both included. */
export const auditQuery = z
  .object({
    staff_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    action: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z_.]*$/)
      .optional()
      .describe('an action, or its family before the dot (`report`)'),
    target_type: z.enum(AUDIT_TARGET_TYPES).optional(),
    target_id: z.string().trim().max(40).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    cursor: keysetCursor.optional(),
  })
  .strict();

export const auditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  staff: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  site_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditResponse = z.object({
  entries: z.array(auditEntry),
  /** Staff who appear in the log, for the filter. */
  staff: z.array(z.object({ id: z.number().int(), name: z.string() })),
  next_cursor: z.string().nullable(),
});
export type AuditResponse = z.infer<typeof auditResponse>;
