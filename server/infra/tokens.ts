import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ACCOUNT_TOKEN_PATTERN } from '../../common/api/account-mail';
import type { Db, Tx } from '../db/client';
import { accountTokens } from '../db/schema';

/** A transaction, so a token is used up together with what it allows. */
export type { Tx } from '../db/client';

export type TokenKind = (typeof accountTokens.$inferSelect)['kind'];

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a single-use token. The link carries 256 random bits that only this server could have
 * issued; the table keeps their SHA-256, so a copy of the database opens no account.
 */
export async function createToken(
  db: Db,
  input: { memberId: number; kind: TokenKind; expiresAt: Date; newEmail?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    tokenHash: hash(token),
    memberId: input.memberId,
    kind: input.kind,
    newEmail: input.newEmail ?? null,
    expiresAt: input.expiresAt,
  });
  return token;
}

export type UsableToken = { memberId: number; newEmail: string | null };

const usable = (token: string, kind: TokenKind, now: Date) =>
  and(
    eq(accountTokens.tokenHash, hash(token)),
    eq(accountTokens.kind, kind),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );

/**
 * Uses a token up: one UPDATE that only an unused, unexpired token of that kind matches, so two
 * clicks at the same moment cannot both succeed. Null for anything else.
 */
export async function consumeToken(
  db: Db | Tx,
  token: string,
  kind: TokenKind,
  now: Date,
): Promise<UsableToken | null> {
  if (!ACCOUNT_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(usable(token, kind, now))
    .returning({ memberId: accountTokens.memberId, newEmail: accountTokens.newEmail });
  return row ?? null;
}

/**
 * The member a token of this kind was issued to, used or expired or not: only who holds the link
 * (the mailbox it went to) can ask, and it opens nothing by itself. Null for a token never issued.
 */
export async function knownTokenOwner(db: Db, token: string, kind: TokenKind): Promise<number | null> {
  if (!ACCOUNT_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ memberId: accountTokens.memberId })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hash(token)), eq(accountTokens.kind, kind)));
  return row?.memberId ?? null;
}

/** Whether a token would still work, without using it (the reset form asks before showing itself). */
export async function peekToken(db: Db, token: string, kind: TokenKind, now: Date): Promise<boolean> {
  if (!ACCOUNT_TOKEN_PATTERN.test(token)) return false;
  const [row] = await db
    .select({ memberId: accountTokens.memberId })
    .from(accountTokens)
    .where(usable(token, kind, now));
  return Boolean(row);
}

/** Ends every other open token of a kind (after a reset, older reset mails must stop working). */
export async function revokeTokens(db: Db | Tx, memberId: number, kind: TokenKind, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(eq(accountTokens.memberId, memberId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)),
    );
}
