import { sql } from 'drizzle-orm';
import type { PushKind, PushPayload } from '../../../common/api/push';
import type { NotificationKind } from '../../../common/api/settings-account';
import type { Services } from '../bag';
import type { Channel } from './channel';
import { type NotificationText, sendNotificationMail } from './mail';
import type { Recipient } from './recipient';

/**
 * Tells a member by the channel `deliveryFor` chose: a push to each of their browsers, or a mail.
 * True when it went out (a push: at least one browser's push service took it).
 */
export async function deliver(
  services: Services,
  recipient: Recipient,
  kind: NotificationKind,
  channel: Channel,
  text: NotificationText,
): Promise<boolean> {
  if (channel === 'email') {
    await sendNotificationMail(services, recipient, kind, text);
    return true;
  }
  const payload = await pushPayload(services, recipient.id, kind as PushKind, text);
  return (await services.push.sendToMember(recipient.id, payload)) > 0;
}

/**
 * A mail's text as a push: the subject as the title (it names who), the body as the text. Pushes
 * about one chat share a tag, so the newest replaces the one before on the member's device.
 */
async function pushPayload(
  services: Services,
  memberId: number,
  kind: PushKind,
  text: NotificationText,
): Promise<PushPayload> {
  const url = text.button.path;
  return {
    kind,
    title: text.subject,
    body: text.paragraphs[0] ?? '',
    url,
    tag: url.startsWith('/chats/') ? `chat${url.slice('/chats'.length)}` : kind,
    count: await attentionCount(services, memberId),
  };
}

/**
 * Unread messages plus new likes, as the page's title and app badge count them (SPEC §4): the
 * push worker sets the badge before any page is open. The page recounts when it opens.
 */
async function attentionCount(services: Services, memberId: number): Promise<number> {
  const [row] = (
    await services.db.execute(sql`SELECT
    (SELECT coalesce(sum(unread_count), 0) FROM conversation_members
      WHERE member_id = ${memberId} AND removed = false)
    + (SELECT count(*) FROM likes WHERE liked_id = ${memberId} AND seen_at IS NULL) AS n`)
  ).rows as { n: number | string }[];
  return Number(row?.n ?? 0);
}
