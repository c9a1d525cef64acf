import { and, eq, isNull } from 'drizzle-orm';
import { members, sessions } from '../../db/schema';
import { consumeToken, peekToken, revokeTokens } from '../../infra/tokens';
import { ApiError } from '../../plugins/errors';
import type { Services } from '../bag';
import { addressOnSite } from './account';
import { sendPasswordResetMail } from './account-mail';
import { confirmEmail } from './activation';
import { hashPassword, verifyPassword } from './passwords';
import { closeEndedSessionSockets } from './sessions';

/** The live account with this address on a site (deleted accounts cannot log in, so get no reset). */
export async function memberByEmail(services: Services, siteId: number, email: string) {
  const [row] = await services.db
    .select({ id: members.id })
    .from(members)
    .where(and(addressOnSite(siteId, email), isNull(members.deletedAt)));
  return row ?? null;
}

/** Says when no account has the address ('e-mail not found'); the route limits asking. */
export async function requestPasswordReset(services: Services, siteId: number, email: string): Promise<void> {
  const member = await memberByEmail(services, siteId, email);
  if (!member) throw new ApiError(404, 'email_not_found');
  await sendPasswordResetMail(services, member.id);
}

export const resetLinkWorks = (services: Services, token: string) =>
  peekToken(services.db, token, 'password_reset', services.now());

/**
 * Sets the password from a reset link. The link is used up, older reset links stop working, and
 * every session ends and its sockets close, so whoever knew the old password is logged out
 * everywhere. Following the link proves the mailbox, so it also confirms the address.
 */
export async function resetPassword(services: Services, token: string, password: string): Promise<void> {
  const now = services.now();
  // Hashing takes a while: done before the transaction, which must stay short.
  const passwordHash = await hashPassword(password);
  const memberId = await services.db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, 'password_reset', now);
    if (!used) return null;
    const live = await confirmEmail(tx, used.memberId, now);
    if (!live) return null;
    await tx.update(members).set({ passwordHash }).where(eq(members.id, used.memberId));
    await revokeTokens(tx, used.memberId, 'password_reset', now);
    await tx.delete(sessions).where(eq(sessions.memberId, used.memberId));
    return used.memberId;
  });
  if (memberId === null) throw new ApiError(400, 'link_invalid');
  closeEndedSessionSockets(services, memberId);
}

/**
 * A logged-in member sets a new password after giving the old one. Every session ends and its
 * sockets close; the route starts a new session for the browser that asked (whose socket
 * reconnects with it), so only that one stays logged in.
 */
export async function changePassword(
  services: Services,
  memberId: number,
  oldPassword: string,
  password: string,
): Promise<void> {
  const [member] = await services.db
    .select({ passwordHash: members.passwordHash })
    .from(members)
    .where(eq(members.id, memberId));
  if (!(await verifyPassword(oldPassword, member?.passwordHash))) throw new ApiError(400, 'wrong_password');
  const passwordHash = await hashPassword(password);
  await services.db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash }).where(eq(members.id, memberId));
    await tx.delete(sessions).where(eq(sessions.memberId, memberId));
  });
  closeEndedSessionSockets(services, memberId);
}
