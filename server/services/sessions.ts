import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { AUTH_COOKIE_DAYS } from '../../common/constants';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session and returns the token for the auth cookie; only its hash is stored. */
export async function createSession(db: Db, memberId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + AUTH_COOKIE_DAYS * 86_400_000);
  await db.insert(sessions).values({ tokenHash: hash(token), memberId, expiresAt });
  return token;
}

/** The member id a valid, unexpired token belongs to. */
export async function memberForToken(db: Db, token: string | undefined, now: Date): Promise<number | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ memberId: sessions.memberId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hash(token)), gt(sessions.expiresAt, now)));
  return row?.memberId ?? null;
}
