import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '../../../../common/api/admin/staff';
import { STAFF_LOGIN_ATTEMPTS, STAFF_LOGIN_WINDOW_MINUTES } from '../../../../common/constants';
import type { Db } from '../../../db/client';
import { staff } from '../../../db/schema';
import { newDeviceId, signDevicePass, verifyDevicePass } from '../../../infra/device-pass';
import { clearRate } from '../../../infra/rate-limit';
import { checkLoginLimits, countLoginFailure, type LoginLimit } from '../../accounts/login';
import { hashPassword, verifyPassword } from '../../accounts/passwords';
import type { Services } from '../../bag';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30 s. */
const TOTP_PERIOD = 30;
/** One step either side: a phone clock a little off still works. */
const TOTP_WINDOW = 1;
const ISSUER = 'Dating console';

export function totpFor(email: string, secretBase32: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

export type NewStaff = {
  id: number;
  email: string;
  password: string;
  totpSecret: string;
  otpauthUri: string;
};

/**
 * Creates a staff account with a fresh TOTP secret (and a generated password unless one is given);
 * the answer is the only time the password and the secret are shown.
 */
export async function createStaff(
  db: Db,
  input: { email: string; name?: string; role: StaffRole; password?: string; language?: string },
): Promise<NewStaff> {
  const password = input.password ?? randomBytes(12).toString('base64url');
  const totpSecret = new Secret({ size: 20 }).base32;
  const [row] = await db
    .insert(staff)
    .values({
      email: input.email.trim(),
      name: input.name?.trim() || input.email.split('@')[0] || input.email,
      passwordHash: await hashPassword(password),
      role: input.role,
      totpSecret,
      language: input.language ?? 'en',
    })
    .returning({ id: staff.id });
  if (!row) throw new Error('staff not inserted');
  return {
    id: row.id,
    email: input.email,
    password,
    totpSecret,
    otpauthUri: totpFor(input.email, totpSecret).toString(),
  };
}

let dummyHash: Promise<string> | null = null;
const dummy = () => {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64'));
  return dummyHash;
};

/**
 * Checks address, password and code, and returns the staff member's id and the device pass to give
 * the browser. Every wrong answer looks the same (401 `login_failed`); failures are counted per
 * account (429 `login_blocked`) and per address (429 `login_network_limited`). A browser with a
 * valid device pass of this staff member is held to a counter of its own instead, for the reasons
 * the member login gives (services/accounts/login.ts): knowing a staff address, or sharing the
 * network, locks out every browser but the staff member's own. A code is accepted once: its time
 * step is remembered, in the same statement that accepts it, so two logins racing with one code
 * cannot both pass.
 */
export async function staffLogin(
  services: Services,
  input: { email: string; password: string; code: string; address: string; devicePass?: string },
): Promise<{ staffId: number; devicePass: string }> {
  const { db } = services;
  const now = services.now();
  const [row] = await db
    .select()
    .from(staff)
    .where(eq(sql`lower(${staff.email})`, input.email.toLowerCase()));
  const knownDevice =
    row && !row.disabledAt ? verifyDevicePass(input.devicePass, 'staff', row.id, row.passwordHash) : null;
  const accountKey = `staff-login:account:${input.email.toLowerCase()}`;
  const limits: LoginLimit[] =
    row && knownDevice
      ? [
          {
            key: `staff-login:device:${row.id}:${knownDevice}`,
            limit: STAFF_LOGIN_ATTEMPTS,
            code: 'login_blocked',
          },
        ]
      : [
          { key: accountKey, limit: STAFF_LOGIN_ATTEMPTS, code: 'login_blocked' },
          {
            key: `staff-login:address:${input.address}`,
            limit: STAFF_LOGIN_ATTEMPTS,
            code: 'login_network_limited',
          },
        ];
  await checkLoginLimits(services, limits, now);
  const passwordRight = await verifyPassword(input.password, row?.passwordHash ?? (await dummy()));
  const step =
    row && passwordRight && !row.disabledAt ? acceptedStep(row.email, row.totpSecret, input.code, now) : null;
  const accepted =
    row && step !== null && step > row.totpLastStep
      ? await db
          .update(staff)
          .set({ totpLastStep: step })
          .where(sql`${staff.id} = ${row.id} and ${staff.totpLastStep} < ${step}`)
          .returning({ id: staff.id })
      : [];
  if (!row || accepted.length === 0)
    throw await countLoginFailure(services, limits, STAFF_LOGIN_WINDOW_MINUTES * 60, now);
  await clearRate(db, accountKey);
  if (knownDevice) await clearRate(db, `staff-login:device:${row.id}:${knownDevice}`);
  const devicePass = signDevicePass('staff', row.id, knownDevice ?? newDeviceId(), row.passwordHash);
  return { staffId: row.id, devicePass };
}

/** The time step the code belongs to (within the window), or null for a wrong code. */
function acceptedStep(email: string, secret: string, code: string, now: Date): number | null {
  const delta = totpFor(email, secret).validate({
    token: code,
    timestamp: now.getTime(),
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}
