import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { members } from '../../db/schema';
import { clearRate, hitRate, peekRate } from '../../infra/rate-limit';
import { ApiError } from '../../plugins/errors';
import type { Services } from '../bag';
import { enforceAtLogin } from '../safety/moderation/enforcement';
import { addressOnSite } from './account';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

/** Failed logins allowed per account and per address before both are blocked. */
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

function blocked(retryAfterSeconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  // `count` picks the message's plural form ("1 minuut", "15 minuten").
  return new ApiError(429, 'login_blocked', { retry_after: retryAfterSeconds, minutes, count: minutes });
}

/**
 * Checks an e-mail and password on a site and returns the member's id. Wrong answers of every kind
 * (unknown address, wrong password, deleted account, an account without a password) look the same:
 * 401 `login_failed`. After too many failures per account or per address: 429 `login_blocked`
 * with the minutes left, before any password is checked.
 */
export async function login(
  services: Services,
  input: { siteId: number; email: string; password: string; address: string },
): Promise<number> {
  const { db } = services;
  const now = services.now();
  const keys = [
    { key: accountKey(input.siteId, input.email), limit: LOGIN_FAILURES_PER_ACCOUNT },
    { key: addressKey(input.address), limit: LOGIN_FAILURES_PER_ADDRESS },
  ];
  for (const { key, limit } of keys) {
    const seen = await peekRate(db, key, now);
    if (seen.count >= limit) throw blocked(seen.retryAfterSeconds);
  }

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
  const hash = member?.passwordHash ?? (await dummy());
  const right = await verifyPassword(input.password, hash);

  if (!member?.passwordHash || !right || member.deletedAt) {
    let retryAfter = 0;
    for (const { key, limit } of keys) {
      const hit = await hitRate(db, key, limit, LOGIN_BLOCK_SECONDS, now);
      if (hit.count >= limit) retryAfter = Math.max(retryAfter, hit.retryAfterSeconds);
    }
    // The failure that uses up the allowance already says how long the block lasts.
    if (retryAfter > 0) throw blocked(retryAfter);
    throw new ApiError(401, 'login_failed');
  }
  await clearRate(db, keys[0]?.key as string);
  // A suspension that has run out ends here; one still running, or a ban, is 403 with its statement.
  await enforceAtLogin(db, member, input.address, now);
  if (needsRehash(member.passwordHash)) {
    const rehashed = await hashPassword(input.password);
    await db.update(members).set({ passwordHash: rehashed }).where(eq(members.id, member.id));
  }
  // The address of the last login is what a ban "by address" bans.
  await db.update(members).set({ lastActiveAt: now, lastIp: input.address }).where(eq(members.id, member.id));
  return member.id;
}
