import { hash as digest, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AUTH_COOKIE_DAYS } from '../../../common/constants';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { members, sessions } from '../../db/schema';
import { recordActiveDay, utcDay } from '../admin/figures/active-days';
import type { Services } from '../bag';

// The one-shot digest: every authenticated request hashes its token.
const hash = (token: string) => digest('sha256', token, 'hex');

/**
 * Starts a session and returns the token for the auth cookie; only its hash is stored. A login
 * (or signup) is activity of its day: it sets `last_active_at` itself, so recordActivity would
 * not see that day begin.
 */
export async function createSession(db: Db, memberId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + AUTH_COOKIE_DAYS * 86_400_000);
  await db.insert(sessions).values({ tokenHash: hash(token), memberId, expiresAt });
  await recordActiveDay(db, memberId, now);
  return token;
}

const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/** The cookie's token as stored (its hash), or null for a missing or oversized one. */
export function tokenHash(token: string | undefined): string | null {
  return !token || token.length > 100 ? null : hash(token);
}

/**
 * The one rule of a valid session: the member of an unexpired session of that token hash, on that
 * site, unless the account is deleted. Its values are the placeholders `tokenHash`, `now` and
 * `siteId`, so that a prepared query can run it alone (memberForToken) or inside a larger read of
 * its own (the profile view reads the viewer in the same round trip).
 */
export function sessionMember(db: Db) {
  return db
    .select({
      memberId: sessions.memberId,
      lastActiveAt: members.lastActiveAt,
      pageHiddenAt: members.pageHiddenAt,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(members.siteId, sql.placeholder('siteId')),
        isNull(members.deletedAt),
      ),
    );
}

/**
 * Activity drives "online", the search order and presence (no notification mail while present);
 * written at most once a minute per member, but at once after a page-hidden beacon: a request after
 * it means a page is visible again, and presence must not wait a minute for it. The first activity
 * of a (UTC) day also marks the member active that day, for the console's figures.
 */
export async function recordActivity(
  db: Db,
  memberId: number,
  lastActiveAt: Date,
  now: Date,
  pageHiddenAt: Date | null = null,
) {
  const hiddenSince = pageHiddenAt !== null && pageHiddenAt >= lastActiveAt;
  const newDay = utcDay(now) !== utcDay(lastActiveAt);
  if (hiddenSince || newDay || now.getTime() - lastActiveAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await db.update(members).set({ lastActiveAt: now }).where(eq(members.id, memberId));
    if (newDay) await recordActiveDay(db, memberId, now);
  }
}

/** The page-hidden beacon: the member no longer sees the site, so presence ends until the next request. */
export async function recordPageHidden(db: Db, memberId: number, now: Date) {
  await db.update(members).set({ pageHiddenAt: now }).where(eq(members.id, memberId));
}

/**
 * The member a valid, unexpired token belongs to, on that site, unless the account is deleted;
 * records the member's activity, unless `activity` is false (a check that no person caused, such
 * as the socket's idle session check, must not make a member with a hidden page present).
 */
export async function memberForToken(
  db: Db,
  token: string | undefined,
  now: Date,
  siteId: number,
  activity = true,
): Promise<number | null> {
  const hashed = tokenHash(token);
  return hashed === null ? null : memberForTokenHash(db, hashed, now, siteId, activity);
}

/** memberForToken for a token already hashed (`tokenHash`). */
export async function memberForTokenHash(
  db: Db,
  hashed: string,
  now: Date,
  siteId: number,
  activity = true,
): Promise<number | null> {
  // Every authenticated request runs it: prepared once (see db/prepared.ts).
  const [row] = await prepared(db, 'member_for_token', (d, name) => sessionMember(d).prepare(name)).execute({
    tokenHash: hashed,
    now,
    siteId,
  });
  if (!row) return null;
  if (activity) await recordActivity(db, row.memberId, row.lastActiveAt, now, row.pageHiddenAt);
  return row.memberId;
}

/**
 * Ends one session (logout, or the session a browser held before a new login) and closes its
 * sockets. Returns the member it belonged to, or null when there was none.
 */
export async function endSession(
  services: Pick<Services, 'db' | 'events'>,
  token: string | undefined,
): Promise<number | null> {
  const hashed = tokenHash(token);
  if (hashed === null) return null;
  const [ended] = await services.db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashed))
    .returning({ memberId: sessions.memberId });
  if (!ended) return null;
  closeEndedSessionSockets(services, ended.memberId);
  return ended.memberId;
}

/**
 * Ends every session of a member (logout everywhere). Inside a larger transaction, delete the
 * rows there and call closeEndedSessionSockets after its commit instead.
 */
export async function endAllSessions(
  services: Pick<Services, 'db' | 'events'>,
  memberId: number,
): Promise<void> {
  await services.db.delete(sessions).where(eq(sessions.memberId, memberId));
  closeEndedSessionSockets(services, memberId);
}

/**
 * After sessions of a member ended (committed): their open sockets close at once, on every
 * instance. Each socket of the member checks its own session again on this event and closes when
 * that one is gone (routes/ws.ts), so the sockets of the sessions that stand stay open. Without it
 * a socket would go on sending and receiving until its next periodic session check.
 */
export function closeEndedSessionSockets(services: Pick<Services, 'events'>, memberId: number): void {
  services.events.publish(memberId, { type: 'session_ended' });
}
