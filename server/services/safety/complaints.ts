import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ComplaintBody, ComplaintCategory } from '../../../common/api/complaints';
import { LOCALES, type Locale } from '../../../common/constants';
import { localeFromDomainLanguage } from '../../../common/rules/locale';
import { complaints, members, profiles } from '../../db/schema';
import { translate } from '../../i18n';
import { renderMail } from '../../infra/mail/layout';
import { hitRate } from '../../infra/rate-limit';
import { ApiError } from '../../plugins/errors';
import { mailName } from '../accounts/member-mail';
import type { Services } from '../bag';
import type { Site } from '../sites/sites';

/**
 * Complaints one address, and one e-mail address, may file per hour: a person with a grievance
 * writes once or twice; more is a flood, and each complaint mails its sender, so the per-e-mail
 * limit also keeps the form from being used to mail someone else over and over.
 */
export const COMPLAINTS_PER_HOUR = 5;
const HOUR_SECONDS = 3_600;

/** Unambiguous letters and digits (no 0/O, 1/I/L): a reference is read out on the phone. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `ABCD-2345`: 31^8 ≈ 8.5·10^11 values, so a clash is rare and retried. */
function newReference(): string {
  const chars = [...randomBytes(8)].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** The name and address a member's complaint is filed under: the account's, not what the form says. */
export async function complainant(
  services: Services,
  memberId: number,
): Promise<{ name: string; email: string } | null> {
  const [row] = await services.db
    .select({ email: members.email, name: profiles.name })
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, memberId));
  if (!row) return null;
  return { name: row.name ?? row.email.slice(0, row.email.indexOf('@')), email: row.email };
}

async function withinLimit(services: Services, key: string) {
  const rate = await hitRate(services.db, key, COMPLAINTS_PER_HOUR, HOUR_SECONDS, services.now());
  if (!rate.allowed) throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });
}

type Filed = {
  id: number;
  reference: string;
  memberId: number | null;
  name: string;
  email: string;
  category: ComplaintCategory;
  subject: string | null;
  message: string;
  locale: Locale;
};

/**
 * Files a complaint: the rate limits, the honeypot, then one insert (its own transaction), and
 * after the commit the two mails. A filled honeypot gets a reference like any complaint, so a bot
 * learns nothing, but nothing is kept or sent. A mail that fails does not undo the complaint: it is
 * stored for the console, and `forwarded_at` stays empty until the support address has it.
 */
export async function fileComplaint(
  services: Services,
  log: FastifyBaseLogger,
  input: { site: Site; memberId: number | null; locale: Locale; address: string; body: ComplaintBody },
): Promise<{ reference: string }> {
  const account = input.memberId === null ? null : await complainant(services, input.memberId);
  const email = account?.email ?? input.body.email;
  await withinLimit(services, `complaint:address:${input.address}`);
  await withinLimit(services, `complaint:email:${email.toLowerCase()}`);

  if (input.body.website?.trim()) {
    log.info({ site: input.site.id }, 'complaint with a filled honeypot dropped');
    return { reference: newReference() };
  }

  const values = {
    siteId: input.site.id,
    memberId: account ? input.memberId : null,
    // One line: the name goes into a greeting and a Reply-To header.
    name: (account?.name ?? input.body.name).replace(/\s+/g, ' '),
    email,
    category: input.body.category,
    subject: input.body.subject || null,
    message: input.body.message,
    language: input.locale,
    createdAt: services.now(),
  };
  let filed: Filed | null = null;
  for (let attempt = 0; !filed && attempt < 5; attempt++) {
    const [row] = await services.db
      .insert(complaints)
      .values({ ...values, reference: newReference() })
      .onConflictDoNothing({ target: complaints.reference })
      .returning({ id: complaints.id, reference: complaints.reference });
    if (row) filed = { ...values, ...row, locale: input.locale };
  }
  if (!filed) throw new Error('no free complaint reference after 5 attempts');

  await sendComplaintMails(services, log, input.site, filed);
  return { reference: filed.reference };
}

/** The support mail first: it is the one the complaint is for; the confirmation is a courtesy. */
async function sendComplaintMails(services: Services, log: FastifyBaseLogger, site: Site, c: Filed) {
  try {
    await sendToSupport(services, site, c);
    await services.db.update(complaints).set({ forwardedAt: services.now() }).where(eq(complaints.id, c.id));
  } catch (err) {
    log.error({ err, complaint: c.reference }, 'complaint mail to the support address failed');
  }
  try {
    await sendConfirmation(services, site, c);
  } catch (err) {
    log.error({ err, complaint: c.reference }, 'complaint confirmation mail failed');
  }
}

/**
 * The support mail of a stored complaint, once more (the console): for a complaint whose
 * first mail failed (`forwarded_at` empty). Throws when the mail fails; the caller records success.
 */
export async function resendToSupport(services: Services, site: Site, row: typeof complaints.$inferSelect) {
  const locale = (LOCALES as readonly string[]).includes(row.language) ? (row.language as Locale) : 'en';
  await sendToSupport(services, site, { ...row, locale });
}

/** What the complainant wrote, line by line (HTML mails fold line breaks inside a paragraph). */
function copyOf(locale: Locale, c: Filed): string[] {
  const t = (key: string, vars: Record<string, string> = {}) =>
    translate(locale, `complaints.mail.${key}`, vars);
  return [
    t('category', { category: translate(locale, `complaints.categories.${c.category}`) }),
    ...(c.subject ? [t('subject', { subject: c.subject })] : []),
    t('message'),
    ...c.message.split(/\r?\n/).filter((line) => line.trim() !== ''),
  ];
}

const from = (services: Services, site: Site) => ({
  name: mailName(site),
  address: services.config.mailFrom ?? `no-reply@${site.domain}`,
});

/** To the site's support address, in the site's language, answered straight to the complainant. */
async function sendToSupport(services: Services, site: Site, c: Filed) {
  const locale = localeFromDomainLanguage(site.settings.domain_language) ?? c.locale;
  const vars = { site: mailName(site), reference: c.reference, name: c.name, email: c.email };
  const t = (key: string, more: Record<string, string> = {}) =>
    translate(locale, `complaints.mail.support.${key}`, { ...vars, ...more });
  const language = new Intl.DisplayNames([locale], { type: 'language' }).of(c.locale) ?? c.locale;
  const { html, text } = renderMail(site, locale, {
    title: t('title'),
    paragraphs: [
      t('intro'),
      c.memberId === null ? t('visitor') : t('member', { id: String(c.memberId) }),
      t('language', { language }),
      ...copyOf(locale, c),
    ],
    notes: [t('reply')],
    footerWhy: t('why'),
  });
  await services.mailer.send({
    kind: 'complaint',
    from: from(services, site),
    to: site.settings.support_email,
    replyTo: { name: c.name, address: c.email },
    subject: t('subject', {
      category: translate(locale, `complaints.categories.${c.category}`),
    }),
    html,
    text,
  });
}

/** To the complainant, in the language they wrote in: the reference and a copy of the complaint. */
async function sendConfirmation(services: Services, site: Site, c: Filed) {
  const { locale } = c;
  const vars = { site: mailName(site), reference: c.reference, name: c.name };
  const t = (key: string) => translate(locale, `complaints.mail.confirmation.${key}`, vars);
  const { html, text } = renderMail(site, locale, {
    title: t('title'),
    paragraphs: [translate(locale, 'mail.greeting', vars), t('body'), t('copy'), ...copyOf(locale, c)],
    notes: [t('ignore')],
    footerWhy: t('why'),
  });
  await services.mailer.send({
    kind: 'complaintConfirmation',
    from: from(services, site),
    to: c.email,
    // A reply to the confirmation reaches customer service, with the reference in its subject.
    replyTo: { name: mailName(site), address: site.settings.support_email },
    subject: t('subject'),
    html,
    text,
  });
}
