import { hash as digest, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../../common/api/admin/staff';
import { STAFF_SESSION_IDLE_MINUTES, STAFF_SESSION_MAX_HOURS } from '../../../../common/constants';
import type { Db } from '../../../db/client';
import { staff, staffSessions } from '../../../db/schema';

const hash = (token: string) => digest('sha256', token, 'hex');
const idleMs = STAFF_SESSION_IDLE_MINUTES * 60_000;
const maxMs = STAFF_SESSION_MAX_HOURS * 3_600_000;

export type StaffSession = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  language: string;
  expiresAt: Date;
};

export async function createStaffSession(
  db: Db,
  staffId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + idleMs);
  await db
    .insert(staffSessions)
    .values({ tokenHash: hash(token), staffId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * The staff member of a live session, its end moved on by this use (never past the login's
 * STAFF_SESSION_MAX_HOURS). A disabled account's sessions are dead.
 */
export async function staffForToken(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<StaffSession | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hash(token);
  const [row] = await db
    .select({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      language: staff.language,
      createdAt: staffSessions.createdAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now), isNull(staff.disabledAt)),
    );
  if (!row) return null;
  const expiresAt = new Date(Math.min(now.getTime() + idleMs, row.createdAt.getTime() + maxMs));
  await db
    .update(staffSessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(eq(staffSessions.tokenHash, tokenHash));
  const { createdAt: _, ...session } = row;
  return { ...session, expiresAt };
}

export async function endStaffSession(db: Db, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hash(token)));
}

/** Expired staff sessions, removed now and then (at login). */
export async function pruneStaffSessions(db: Db, now: Date): Promise<void> {
  await db.delete(staffSessions).where(sql`${staffSessions.expiresAt} < ${now.toISOString()}::timestamptz`);
}
