import { sql } from 'drizzle-orm';
import type { MailEvent, MailEventType } from '../../../common/api/notification-mail';
import type { EMAIL_OFF_REASONS } from '../../../common/api/settings-account';
import type { Db } from '../../db/client';
import { members } from '../../db/schema';

/** The reason (of the account's e-mail state) each report of the mail provider stands for. */
export const REASON_OF: Record<MailEventType, (typeof EMAIL_OFF_REASONS)[number]> = {
  bounce: 'bounce',
  complaint: 'spam',
  unsubscribe: 'unsubscribe',
};

/**
 * A bounce, a spam complaint or an unsubscribe through the mail program: e-mail stops for every
 * account with that address, on every site (the address is what bounced or complained), with the
 * reason the disabled-notifications alert explains. A reason already there is not added twice.
 * Answers how many accounts it turned off now.
 */
export async function disableEmailFor(db: Db, event: MailEvent): Promise<number> {
  const reason = REASON_OF[event.type];
  const changed = await db
    .update(members)
    .set({
      notificationsDisabled: sql`${members.notificationsDisabled} || ${JSON.stringify([reason])}::jsonb`,
    })
    .where(
      // Every site, named, so the look-up walks the (site, lower(email)) index once per site.
      sql`${members.siteId} IN (SELECT id FROM sites) AND lower(${members.email}) = ${event.email.toLowerCase()}
        AND NOT ${members.notificationsDisabled} @> ${JSON.stringify([reason])}::jsonb`,
    )
    .returning({ id: members.id });
  return changed.length;
}
