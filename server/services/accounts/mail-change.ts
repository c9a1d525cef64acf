import { and, eq, ne } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
import { members } from '../../db/schema';
import { consumeToken, revokeTokens, type Tx } from '../../infra/tokens';
import { ApiError } from '../../plugins/errors';
import type { Services } from '../bag';
import { addressOnSite } from './account';
import { sendEmailChangeMail } from './account-mail';
import { confirmEmail } from './activation';
import { verifyPassword } from './passwords';
import { sendEmailChangedNotice } from './security-notices';

/** Whether another account on the site holds the address, deleted ones too until they are purged. */
async function addressTaken(db: Services['db'] | Tx, siteId: number, email: string, memberId: number) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(addressOnSite(siteId, email), ne(members.id, memberId)));
  return Boolean(row);
}

const taken = () => new ApiError(409, 'email_taken');

/**
 * Mails a confirmation link to the new address. The password must be right, so a session left open
 * on a shared computer cannot move the account to another mailbox. The member's own address counts
 * as taken too: there is nothing to change.
 */
export async function requestEmailChange(
  services: Services,
  memberId: number,
  email: string,
  password: string,
): Promise<void> {
  const [member] = await services.db.select().from(members).where(eq(members.id, memberId));
  if (!member) throw new ApiError(403, 'authentication_required');
  if (!(await verifyPassword(password, member.passwordHash))) throw new ApiError(400, 'wrong_password');
  if (member.email.toLowerCase() === email.toLowerCase()) throw taken();
  if (await addressTaken(services.db, member.siteId, email, memberId)) throw taken();
  await sendEmailChangeMail(services, memberId, email);
}

/** Follows the link sent to the new address: the address becomes the account's and counts as confirmed. */
export type EmailChange = { memberId: number; oldEmail: string; newEmail: string };

export async function confirmEmailChange(services: Services, token: string): Promise<EmailChange> {
  const now = services.now();
  let changed: EmailChange | null;
  try {
    changed = await services.db.transaction(async (tx) => {
      const used = await consumeToken(tx, token, 'email_change', now);
      if (!used?.newEmail) return null;
      const [member] = await tx.select().from(members).where(eq(members.id, used.memberId));
      if (!member || member.deletedAt) return null;
      if (await addressTaken(tx, member.siteId, used.newEmail, member.id)) throw taken();
      await tx.update(members).set({ email: used.newEmail }).where(eq(members.id, member.id));
      await confirmEmail(tx, member.id, now);
      await revokeTokens(tx, member.id, 'email_change', now);
      return { memberId: member.id, oldEmail: member.email, newEmail: used.newEmail };
    });
  } catch (err) {
    // Two accounts confirming the same new address at once: the unique index lets one through.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  if (!changed) throw new ApiError(400, 'link_invalid');
  return changed;
}

/** The notice to the previous address; the change stands even when it cannot be delivered. */
export async function noticeOldAddress(services: Services, change: EmailChange): Promise<void> {
  if (change.oldEmail.toLowerCase() === change.newEmail.toLowerCase()) return;
  await sendEmailChangedNotice(services, change.memberId, change.oldEmail, change.newEmail);
}
