import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { reactivationDaysLeft } from '../../../common/rules/reactivation';
import { members } from '../../db/schema';
import { newDeviceId, signDevicePass, verifyDevicePass } from '../../infra/device-pass';
import { clearRate, hitRate, peekRate } from '../../infra/rate-limit';
import { ApiError } from '../../plugins/errors';
import type { Services } from '../bag';
import { enforceAtLogin } from '../safety/moderation/enforcement';
import { addressOnSite } from './account';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

/** Failed logins allowed per account, and per known device, before it is blocked. */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
/** Higher than per account: many members can share one address (offices, mobile carriers). */
export const LOGIN_FAILURES_PER_ADDRESS = 20;
export const LOGIN_BLOCK_SECONDS = 15 * 60;

// A hash of nobody's password: an unknown address costs the same scrypt work as a known one, so
// neither the answer nor its timing tells whether an e-mail has an account.
let dummyHash: Promise<string> | null = null;
const dummy = () => {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64'));
  return dummyHash;
};

const accountKey = (siteId: number, email: string) => `login:account:${siteId}:${email.toLowerCase()}`;
const addressKey = (address: string) => `login:address:${address}`;
const deviceKey = (memberId: number, deviceId: string) => `login:device:${memberId}:${deviceId}`;

/**
 * 429 for a login limit, with the minutes left: `login_blocked` when the account (or this device's
 * tries at it) is blocked, `login_network_limited` when the address has failed too often, whoever
 * behind it the account is.
 */
function loginLimitError(
  code: 'login_blocked' | 'login_network_limited',
  retryAfterSeconds: number,
): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  // `count` picks the message's plural form ("1 minuut", "15 minuten").
  return new ApiError(429, code, { retry_after: retryAfterSeconds, minutes, count: minutes });
}

/** One failure counter a login attempt is held to. */
export type LoginLimit = { key: string; limit: number; code: 'login_blocked' | 'login_network_limited' };

/** Refuses the attempt, before any password is checked, when a counter is used up. */
export async function checkLoginLimits(services: Services, limits: LoginLimit[], now: Date): Promise<void> {
  for (const { key, limit, code } of limits) {
    const seen = await peekRate(services.db, key, now);
    if (seen.count >= limit) throw loginLimitError(code, seen.retryAfterSeconds);
  }
}

/**
 * Counts a failed attempt on every counter: the failure that uses one up already says how long the
 * block lasts (the first such counter's, so a blocked account is told so before its network is).
 */
export async function countLoginFailure(
  services: Services,
  limits: LoginLimit[],
  windowSeconds: number,
  now: Date,
): Promise<ApiError> {
  let over: ApiError | null = null;
  for (const { key, limit, code } of limits) {
    const hit = await hitRate(services.db, key, limit, windowSeconds, now);
    if (hit.count >= limit) over ??= loginLimitError(code, hit.retryAfterSeconds);
  }
  return over ?? new ApiError(401, 'login_failed');
}

/**
 * Checks an e-mail and password on a site and returns the member's id and the device pass to give
 * the browser. Wrong answers of every kind (unknown address, wrong password, an account deleted
 * for good, an account without a password) look the same: 401 `login_failed`. The right password
 * of an account deleted within REACTIVATION_DAYS is 403 `account_reactivatable` with the days left. After too many failures per
 * account: 429 `login_blocked`; per address: 429 `login_network_limited`; both with the minutes
 * left, before any password is checked.
 *
 * A browser that shows a valid device pass of this very member (one it got at an earlier login) is
 * held to a counter of its own instead of the account's and the address's. So someone who knows
 * the e-mail address, or shares the member's network, can lock out every browser but the member's
 * own, and the member's own typos on that browser do not lock the account for their other devices.
 * That opens no door to guessing: a pass is only made after the right password, names one member,
 * and its own counter allows the same few failures per quarter of an hour.
 */
export async function login(
  services: Services,
  input: { siteId: number; email: string; password: string; address: string; devicePass?: string },
): Promise<{ memberId: number; devicePass: string }> {
  const { db } = services;
  const now = services.now();
  const [member] = await db
    .select({
      id: members.id,
      passwordHash: members.passwordHash,
      email: members.email,
      status: members.status,
      suspendedUntil: members.suspendedUntil,
      deletedAt: members.deletedAt,
      emailConfirmedAt: members.emailConfirmedAt,
    })
    .from(members)
    .where(addressOnSite(input.siteId, input.email));
  const knownDevice =
    member?.passwordHash && !member.deletedAt
      ? verifyDevicePass(input.devicePass, 'member', member.id, member.passwordHash)
      : null;
  const limits: LoginLimit[] =
    member && knownDevice
      ? [{ key: deviceKey(member.id, knownDevice), limit: LOGIN_FAILURES_PER_ACCOUNT, code: 'login_blocked' }]
      : [
          {
            key: accountKey(input.siteId, input.email),
            limit: LOGIN_FAILURES_PER_ACCOUNT,
            code: 'login_blocked',
          },
          {
            key: addressKey(input.address),
            limit: LOGIN_FAILURES_PER_ADDRESS,
            code: 'login_network_limited',
          },
        ];
  await checkLoginLimits(services, limits, now);

  const hash = member?.passwordHash ?? (await dummy());
  const right = await verifyPassword(input.password, hash);

  if (!member?.passwordHash || !right)
    throw await countLoginFailure(services, limits, LOGIN_BLOCK_SECONDS, now);
  if (member.deletedAt) {
    // Only the right password learns that the account is deleted but can still come back: the
    // login offers the reactivation mail then. Past the period it is like any unknown address.
    const days = reactivationDaysLeft(member.deletedAt, now);
    if (days === 0) throw await countLoginFailure(services, limits, LOGIN_BLOCK_SECONDS, now);
    throw new ApiError(403, 'account_reactivatable', { days, count: days });
  }
  // A successful login forgets the account's failures, and this device's.
  await clearRate(db, accountKey(input.siteId, input.email));
  if (knownDevice) await clearRate(db, deviceKey(member.id, knownDevice));
  // A suspension that has run out ends here; one still running, or a ban, is 403 with its statement.
  await enforceAtLogin(db, member, input.address, now);
  let passwordHash = member.passwordHash;
  if (needsRehash(passwordHash)) {
    passwordHash = await hashPassword(input.password);
    await db.update(members).set({ passwordHash }).where(eq(members.id, member.id));
  }
  // The address of the last login is what a ban "by address" bans.
  await db.update(members).set({ lastActiveAt: now, lastIp: input.address }).where(eq(members.id, member.id));
  const devicePass = signDevicePass('member', member.id, knownDevice ?? newDeviceId(), passwordHash);
  return { memberId: member.id, devicePass };
}
