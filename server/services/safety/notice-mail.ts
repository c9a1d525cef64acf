import type { ModerationAction, PhotoRejectionReason } from '../../../common/api/reports';
import type { Locale } from '../../../common/constants';
import { translate } from '../../i18n';
import { renderMail } from '../../infra/mail/layout';
import { type MailMember, mailMember, mailName } from '../accounts/member-mail';
import type { Services } from '../bag';

/**
 * The mails of a moderator's decisions (the DSA's statement of reasons and the notifier's
 * answer), in the recipient's language: catalog keys `noticeMail.*`, with the words the member
 * also reads in their notices (`notices.*`, `reports.reasons.*`). Sent after the decision is
 * committed; a mail that fails does not undo it (the notice is in the member's account).
 */

/** A moment as the member reads it: their language, the site's time zone. */
export function formatMoment(at: Date, locale: Locale, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
      at,
    );
  }
}

const formatDay = (at: Date, locale: Locale, timeZone: string) => {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  }
};

async function send(
  services: Services,
  member: MailMember,
  kind: 'statement' | 'decision' | 'photoRejected',
  input: { vars: Record<string, string>; paragraphs: string[]; link: { path: string; label: string } },
) {
  const { locale, site } = member;
  const vars = { site: mailName(site), name: member.name ?? '', ...input.vars };
  const t = (key: string, extra: Record<string, string> = {}) =>
    translate(locale, `noticeMail.${kind}.${key}`, { ...vars, ...extra });
  const support = site.settings.support_email;
  const url = `${services.mailer.linkOrigin(site.domain)}${input.link.path}`;
  const { html, text } = renderMail(site, locale, {
    title: t('title'),
    paragraphs: [
      member.name ? translate(locale, 'mail.greeting', vars) : translate(locale, 'mail.greetingNoName'),
      ...input.paragraphs,
    ],
    button: { label: input.link.label, url },
    notes: [translate(locale, 'noticeMail.byPerson'), translate(locale, 'noticeMail.appeal', { support })],
  });
  await services.mailer.send({
    kind: `notice_${kind}`,
    from: { name: mailName(site), address: services.config.mailFrom ?? `no-reply@${site.domain}` },
    to: member.email,
    replyTo: { name: mailName(site), address: support },
    subject: t('subject'),
    html,
    text,
    link: url,
  });
}

/**
 * The statement of reasons to a member a moderator acted against: what was done (and until when),
 * on what ground, the moderator's explanation, and how to appeal (the support address and the
 * complaints form).
 */
export async function sendStatementMail(
  services: Services,
  memberId: number,
  input: {
    action: Exclude<ModerationAction, 'dismiss'>;
    reason: string | null;
    text: string;
    until: Date | null;
  },
): Promise<void> {
  const member = await mailMember(services, memberId);
  if (!member) return;
  const { locale, site } = member;
  const until = input.until ? formatMoment(input.until, locale, site.settings.time_zone) : '';
  const paragraphs = [
    translate(locale, 'noticeMail.statement.intro', { site: mailName(site) }),
    translate(locale, `notices.action.${input.action}`, { until }),
  ];
  if (input.reason)
    paragraphs.push(
      translate(locale, 'noticeMail.statement.ground', {
        reason: translate(locale, `reports.reasons.${input.reason}`),
      }),
    );
  paragraphs.push(translate(locale, 'noticeMail.statement.explanation', { text: input.text }));
  await send(services, member, 'statement', {
    vars: {},
    paragraphs,
    link: { path: '/complaints', label: translate(locale, 'noticeMail.complaintsButton') },
  });
}

/** The outcome of a report, to the member who made it (never the moderator's words about another member). */
export async function sendReportDecisionMail(
  services: Services,
  reporterId: number,
  input: { upheld: boolean; reportedName: string; reason: string; reportedAt: Date },
): Promise<void> {
  const member = await mailMember(services, reporterId);
  if (!member) return;
  const { locale, site } = member;
  const paragraphs = [
    translate(locale, 'noticeMail.decision.intro', {
      member: input.reportedName,
      date: formatDay(input.reportedAt, locale, site.settings.time_zone),
      reason: translate(locale, `reports.reasons.${input.reason}`),
    }),
    translate(locale, `notices.decision.${input.upheld ? 'upheld' : 'dismissed'}`),
    translate(locale, 'noticeMail.decision.thanks', { site: mailName(site) }),
  ];
  await send(services, member, 'decision', {
    vars: {},
    paragraphs,
    link: { path: '/reports', label: translate(locale, 'noticeMail.decision.button') },
  });
}

/** A rejected photo: which rule it broke, the moderator's note, and that another photo is welcome. */
export async function sendPhotoRejectedMail(
  services: Services,
  memberId: number,
  input: { reason: PhotoRejectionReason; note: string | null },
): Promise<void> {
  const member = await mailMember(services, memberId);
  if (!member) return;
  const { locale } = member;
  const paragraphs = [
    translate(locale, 'noticeMail.photoRejected.intro'),
    translate(locale, `notices.photoReasons.${input.reason}`),
  ];
  if (input.note) paragraphs.push(translate(locale, 'noticeMail.photoRejected.note', { note: input.note }));
  paragraphs.push(translate(locale, 'noticeMail.photoRejected.again'));
  await send(services, member, 'photoRejected', {
    vars: {},
    paragraphs,
    link: { path: '/profile', label: translate(locale, 'noticeMail.photoRejected.button') },
  });
}
