import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { conversations, members, signupMessages } from '../../db/schema';
import { ApiError } from '../../plugins/errors';
import type { Services } from '../bag';
import { pairOf } from './chats';
import { sendMessage } from './messages';

/**
 * The send's client id (a UUID, as a browser's), the same for every try of one member: two
 * activations at once send the message once (a retry answers with the stored message).
 */
function signupClientId(memberId: number): string {
  const hex = createHash('sha256').update(`signup-message:${memberId}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The first message a visitor wrote on a member landing at signup (kept by accounts/signup.ts),
 * sent once the account is activated: through `sendMessage`, so by every rule a first message
 * has (the contact policy, the conversation limit, the site's price in credits, the screening of
 * contact details). Sent, it is gone from the table. Refused for a reason the new member can do
 * something about (not enough credits, premium needed, the limit of new chats), it stays as the
 * draft of that chat's composer (`signupDraft`), so the member finds their words where they would
 * send them and nothing is charged. A member they may not reach is not told about: the draft goes.
 */
export async function deliverSignupMessage(services: Services, memberId: number): Promise<void> {
  const { db } = services;
  const [pending] = await db
    .select({ recipientId: signupMessages.recipientId, body: signupMessages.body, siteId: members.siteId })
    .from(signupMessages)
    .innerJoin(members, eq(members.id, signupMessages.memberId))
    .where(eq(signupMessages.memberId, memberId));
  if (!pending) return;
  const site = await services.sites.byId(pending.siteId);
  if (!site) return;
  // The member wrote to them already (an unconfirmed member may begin a chat): it is not sent twice.
  const pair = pairOf(memberId, pending.recipientId);
  const [chat] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.memberLow, pair.memberLow), eq(conversations.memberHigh, pair.memberHigh)));
  if (chat) {
    await db.delete(signupMessages).where(eq(signupMessages.memberId, memberId));
    return;
  }
  try {
    await sendMessage(services, memberId, site, {
      clientId: signupClientId(memberId),
      memberId: pending.recipientId,
      kind: 'text',
      body: pending.body,
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // Kept as the draft: the member can still send it once they can pay, have premium, or have
    // shortened it to the site's message length.
    if ([400, 402, 403, 429].includes(err.status) && err.code !== 'authentication_required') return;
  }
  await db.delete(signupMessages).where(eq(signupMessages.memberId, memberId));
}
