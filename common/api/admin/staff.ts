import { z } from 'zod';
import { emailAddress } from '../fields';

/**
 * Staff of the operator console. Roles nest: a moderator can do what support can, an
 * admin what a moderator can; money (credits, refunds) and the sites' settings are the admin's.
 */
export const STAFF_ROLES = ['support', 'moderator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** True when `role` may do what `needed` may. */
export function roleAtLeast(role: StaffRole, needed: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed);
}

/** POST /api/admin/login.php: address, password and the 6-digit code of the authenticator app. */
export const staffLoginRequest = z
  .object({
    email: z.string({ error: 'validation.required' }).pipe(emailAddress),
    password: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(128),
    code: z.string({ error: 'validation.required' }).regex(/^\d{6}$/, 'validation.totpCode'),
  })
  .strict();
export type StaffLoginRequest = z.input<typeof staffLoginRequest>;

export const staffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** When the session ends unless the console is used again (ISO time). */
  session_expires: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** GET /api/admin/me.php (null when not logged in) and the login's answer. */
export const staffResponse = z.object({ staff: staffMember.nullable() });
export type StaffResponse = z.infer<typeof staffResponse>;
