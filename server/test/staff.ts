import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../common/api/admin/staff';
import type { Db } from '../db/client';
import { STAFF_COOKIE } from '../plugins/staff-auth';
import { createStaff } from '../services/admin/staff/accounts';
import { createStaffSession } from '../services/admin/staff/sessions';

/** A console account of `role` (a fresh address each time) and its one-time login secrets. */
export async function createTestStaff(db: Db, role: StaffRole) {
  const email = `${role}-${randomBytes(4).toString('hex')}@staff.test`;
  return createStaff(db, { email, role, password: 'Console-test-password-1' });
}

/** The Cookie header of a console session for `staffId`, as a login with password and code leaves it. */
export async function staffCookie(db: Db, staffId: number, now: Date = new Date()): Promise<string> {
  const { token } = await createStaffSession(db, staffId, now);
  return `${STAFF_COOKIE}=${token}`;
}

/** Headers of a console call from the browser (the client header against CSRF). */
export function staffHeaders(cookie: string) {
  return { cookie, 'x-requested-with': 'XMLHttpRequest' };
}

/**
 * For a test per console endpoint (security): a member's session, a staff session of each
 * role, each as a Cookie header.
 */
export async function roleCookies(db: Db, now: Date = new Date()) {
  const cookies = {} as Record<StaffRole, string>;
  for (const role of ['support', 'moderator', 'admin'] as const) {
    const staff = await createTestStaff(db, role);
    cookies[role] = await staffCookie(db, staff.id, now);
  }
  return cookies;
}
