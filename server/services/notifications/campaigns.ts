import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '../../../common/constants';
import { campaignSends, members } from '../../db/schema';
import type { Services } from '../bag';
import { deliveryFor } from './channel';
import { deliver } from './deliver';
import { kindText, type NotificationText } from './mail';
import { notificationRecipient, type Recipient, reachable } from './recipient';

/**
 * Promotions, news and reminders: mails an operator sends to the members of a site (the operator
 * console calls `sendCampaign`; no route yet). Each goes only to members whose choice for that
 * kind is on (and who may get mail at all, channel.ts), carries the one-click unsubscribe of its
 * kind, and reaches each member once per campaign id, so a run stopped halfway can simply run again.
 */

export const CAMPAIGN_KINDS = ['promotions', 'news', 'reminders'] as const;

const operatorText = z
  .object({ subject: z.string().trim().min(1).max(200), body: z.string().trim().min(1).max(5000) })
  .strict();

export const campaign = z
  .object({
    /** Names the campaign; a member gets one mail per id. */
    id: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,79}$/),
    kind: z.enum(CAMPAIGN_KINDS),
    siteId: z.number().int().positive(),
    /** Where the button goes on the site, e.g. /credits. */
    path: z
      .string()
      .max(200)
      .regex(/^\/[^\s]*$/),
    /**
     * The operator's words (paragraphs split by a blank line) per language; a member whose
     * language has none gets the `fallback` language's. Reminders may leave them out: then the
     * catalog's reminder text (mail.reminders.*).
     */
    texts: z
      .object({ fallback: z.enum(LOCALES), byLocale: z.partialRecord(z.enum(LOCALES), operatorText) })
      .strict()
      .refine((t) => t.byLocale[t.fallback] !== undefined, 'the fallback language needs a text')
      .optional(),
    /** Only members not active since then (what a reminder is for). */
    inactiveSince: z.date().optional(),
  })
  .strict()
  .refine((c) => c.kind === 'reminders' || c.texts !== undefined, 'promotions and news need texts');
export type Campaign = z.input<typeof campaign>;

const PAGE = 100;

type Log = { error(obj: object, msg: string): void };

function campaignText(c: z.output<typeof campaign>, recipient: Recipient): NotificationText {
  const t = kindText(recipient, c.kind);
  const own = c.texts && (c.texts.byLocale[recipient.locale] ?? c.texts.byLocale[c.texts.fallback]);
  return {
    subject: own ? own.subject : t('subject'),
    title: t('title'),
    paragraphs: own ? own.body.split(/\n\s*\n/).map((p) => p.trim()) : [t('body')],
    button: { label: t('button'), path: c.path },
  };
}

/** Sends a campaign to every member of its site it may reach; what was sent and what was left out. */
export async function sendCampaign(
  services: Services,
  input: Campaign,
  log: Log,
): Promise<{ sent: number; skipped: number }> {
  const c = campaign.parse(input);
  const done = { sent: 0, skipped: 0 };
  const notYet = sql`NOT EXISTS (SELECT 1 FROM ${campaignSends} s
    WHERE s.campaign_id = ${c.id} AND s.member_id = ${members.id})`;
  let after = 0;
  for (;;) {
    const page = await services.db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.siteId, c.siteId),
          reachable(c.kind, services.now()),
          c.inactiveSince ? lt(members.lastActiveAt, c.inactiveSince) : undefined,
          notYet,
          gt(members.id, after),
        ),
      )
      .orderBy(asc(members.id))
      .limit(PAGE);
    for (const { id } of page) {
      try {
        if (await sendOne(services, c, id)) done.sent++;
        else done.skipped++;
      } catch (err) {
        done.skipped++;
        log.error({ err, memberId: id, campaign: c.id }, 'campaign mail failed');
      }
    }
    if (page.length < PAGE) return done;
    after = page[page.length - 1]?.id ?? after;
  }
}

async function sendOne(services: Services, c: z.output<typeof campaign>, memberId: number): Promise<boolean> {
  const now = services.now();
  const recipient = await notificationRecipient(services, memberId);
  if (!recipient) return false;
  const { channel } = deliveryFor(recipient.state, c.kind, now, recipient.pushSubscribed);
  if (channel === null) return false;
  const claimed = await services.db
    .insert(campaignSends)
    .values({ campaignId: c.id, memberId, sentAt: now })
    .onConflictDoNothing()
    .returning({ id: campaignSends.memberId });
  if (claimed.length === 0) return false;
  try {
    if (!(await deliver(services, recipient, c.kind, channel, campaignText(c, recipient))))
      throw new Error('no browser took the push');
  } catch (err) {
    // Not sent: a later run of the campaign tries this member again.
    await services.db
      .delete(campaignSends)
      .where(and(eq(campaignSends.campaignId, c.id), eq(campaignSends.memberId, memberId)));
    throw err;
  }
  return true;
}
