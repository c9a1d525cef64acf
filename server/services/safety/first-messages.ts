import { and, eq, lte, sql } from 'drizzle-orm';
import { type CountryCode, isSupportedCountry } from 'libphonenumber-js/max';
import type { ReportEvidence } from '../../../common/api/reports';
import { SCREENED_FIRST_MESSAGES } from '../../../common/constants';
import { type ContactFinding, contactKinds, findContactDetails } from '../../../common/rules/contact-details';
import { isNewAccount } from '../../../common/rules/conversation-limit';
import type { Tx } from '../../db/client';
import { members, messages, profiles, reports } from '../../db/schema';
import { audit } from '../admin/audit';
import type { Site } from '../sites/sites';

/**
 * First-message screening (automatic safety). A new account's first messages in a chat
 * (SCREENED_FIRST_MESSAGES) that carry contact details, links or payment handles are delivered as
 * usual but flagged (`messages.flagged`), with an automatic report for the moderation queue and a
 * line in the audit log, in the transaction that saves the message.
 *
 * Flag and deliver rather than hold: a held message would be a second life for every message
 * (pending for the sender, invisible to the receiver, its credits, unread counts and events waiting
 * on a moderator), and a genuine newcomer sharing a number after a good first exchange would wait
 * hours for nothing. The sender is not told (telling them teaches a scammer what to disguise).
 *
 * The detector is pure and cheap and runs on every text before the send's transaction
 * (`screenText`); only a text with findings takes the single-send path where `flagFirstMessage`
 * decides, with the database, whether the sender is new and the message among their first.
 */

const siteCountries = new WeakMap<Site['settings'], CountryCode[]>();

/** What the text carries (empty: nothing), read for the site's countries' phone numbers. */
export function screenText(body: string, site: Site): ContactFinding[] {
  let countries = siteCountries.get(site.settings);
  if (!countries) {
    countries = site.settings.countries.filter((c): c is CountryCode => isSupportedCountry(c));
    siteCountries.set(site.settings, countries);
  }
  return findContactDetails(body, countries);
}

/** A finding reported to moderators: what, and the text that showed it. */
const findingsText = (findings: readonly ContactFinding[]) =>
  findings.map((f) => `${f.kind}: ${f.match}`).join(' · ');

export type SentMessage = {
  id: number;
  conversationId: number;
  senderId: number;
  kind: ReportEvidence['kind'];
  body: string;
  createdAt: Date;
};

/**
 * Flags a message just saved (in `tx`, the send's transaction) when its sender's account is new
 * and it is among their first SCREENED_FIRST_MESSAGES in the chat: the message flagged, an
 * automatic report (one open per sender and chat: later hits add their message to its evidence)
 * and the audit line. Answers whether it flagged.
 */
export async function flagFirstMessage(
  tx: Tx,
  site: Site,
  message: SentMessage,
  findings: readonly ContactFinding[],
  now: Date,
): Promise<boolean> {
  if (findings.length === 0) return false;
  const [sender] = await tx
    .select({ signupDate: members.signupDate, name: profiles.name })
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, message.senderId));
  if (!sender || !isNewAccount(sender.signupDate, now)) return false;
  const earlier = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, message.conversationId),
        eq(messages.senderId, message.senderId),
        lte(messages.id, message.id),
      ),
    )
    .limit(SCREENED_FIRST_MESSAGES + 1);
  if (earlier.length > SCREENED_FIRST_MESSAGES) return false;

  await tx.update(messages).set({ flagged: true }).where(eq(messages.id, message.id));
  const evidence: ReportEvidence = {
    id: message.id,
    sender_id: message.senderId,
    kind: message.kind,
    body: message.body,
    created_at: message.createdAt.toISOString(),
  };
  const kinds = contactKinds(findings);
  const reason = kinds.includes('payment') ? 'fake_or_scam' : 'spam';
  const details = findingsText(findings);
  const [open] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reportedId, message.senderId),
        eq(reports.conversationId, message.conversationId),
        eq(reports.automatic, true),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  let reportId: number;
  if (open) {
    reportId = open.id;
    await tx
      .update(reports)
      .set({
        evidence: sql`${reports.evidence} || ${JSON.stringify([evidence])}::jsonb`,
        details: sql`${reports.details} || ${`\n${details}`}`,
        // Payment outweighs contact details: the report says the graver reason.
        ...(reason === 'fake_or_scam' ? { reason } : {}),
      })
      .where(eq(reports.id, reportId));
  } else {
    const [created] = await tx
      .insert(reports)
      .values({
        siteId: site.id,
        reporterId: null,
        reportedId: message.senderId,
        reportedName: sender.name ?? '',
        subject: 'messages',
        conversationId: message.conversationId,
        reason,
        details,
        evidence: [evidence],
        automatic: true,
        createdAt: now,
      })
      .returning({ id: reports.id });
    if (!created) throw new Error('automatic report not inserted');
    reportId = created.id;
  }
  await audit(tx, {
    staffId: null,
    action: 'message.flag',
    targetType: 'message',
    targetId: message.id,
    siteId: site.id,
    reason: details,
    details: {
      report_id: reportId,
      member_id: message.senderId,
      conversation_id: message.conversationId,
      kinds,
      findings: findings.map((f) => ({ kind: f.kind, match: f.match })),
    },
  });
  return true;
}
