import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { NotificationKind } from '../../../common/api/settings-account';
import { UNSUBSCRIBE_LINK_DAYS } from '../../../common/constants';
import type { Db } from '../../db/client';
import { unsubscribeTokens } from '../../db/schema';
import { ApiError } from '../../plugins/errors';
import { mergeNotificationSettings } from '../accounts/account';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The token of one mail's unsubscribe link: 256 random bits only this server could have issued,
 * stored as its SHA-256 (a copy of the database unsubscribes nobody), bound to member and kind.
 */
export async function createUnsubscribeToken(
  db: Db,
  memberId: number,
  kind: NotificationKind,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(unsubscribeTokens).values({
    tokenHash: hash(token),
    memberId,
    kind,
    expiresAt: new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * 86_400_000),
    createdAt: now,
  });
  return token;
}

/** The addresses of a token: the one mail programs post to, and the screen the mail's own link opens. */
export function unsubscribeLinks(origin: string, token: string) {
  return {
    oneClick: `${origin}/api/unsubscribe.php?token=${token}`,
    page: `${origin}/unsubscribe/${token}`,
  };
}

/**
 * Turns the token's kind off for its member and uses the token up, together: the guarded UPDATE
 * lets one request through, so a replay (or two clicks at once) changes nothing. A token this
 * server never issued is 400, one used or past its expiry 410.
 */
export async function unsubscribe(db: Db, token: string, now: Date): Promise<{ kind: NotificationKind }> {
  const tokenHash = hash(token);
  const kind = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(unsubscribeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(unsubscribeTokens.tokenHash, tokenHash),
          isNull(unsubscribeTokens.usedAt),
          gt(unsubscribeTokens.expiresAt, now),
        ),
      )
      .returning({ memberId: unsubscribeTokens.memberId, kind: unsubscribeTokens.kind });
    if (!used) return null;
    await mergeNotificationSettings(tx as unknown as Db, used.memberId, {
      settings: { [used.kind]: { email: false } },
    });
    return used.kind;
  });
  if (kind) return { kind };
  const [row] = await db
    .select({ usedAt: unsubscribeTokens.usedAt })
    .from(unsubscribeTokens)
    .where(eq(unsubscribeTokens.tokenHash, tokenHash));
  if (!row) throw new ApiError(400, 'link_invalid');
  throw new ApiError(410, row.usedAt ? 'link_used' : 'link_expired');
}

/** Tokens past their expiry do nothing any more; the scheduled job deletes them. */
export async function sweepUnsubscribeTokens(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(unsubscribeTokens)
    .where(lt(unsubscribeTokens.expiresAt, now))
    .returning({ t: unsubscribeTokens.tokenHash });
  return gone.length;
}
