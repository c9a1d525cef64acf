import type { NotificationKind } from '../../../common/api/settings-account';
import type { Locale } from '../../../common/constants';
import { translate } from '../../i18n';
import { type MailContent, renderMail } from '../../infra/mail/layout';
import { type MailMember, mailName } from '../accounts/member-mail';
import type { Services } from '../bag';
import { createUnsubscribeToken, unsubscribeLinks } from './unsubscribe';

/** What a notification mail says; the frame (greeting, footer, unsubscribe) is the same for all. */
export type NotificationText = {
  subject: string;
  title: string;
  paragraphs: string[];
  /** The button, to a path on the member's site. */
  button: { label: string; path: string };
};

type Vars = Record<string, string | number>;

/** The member's words for a catalog key of the kind: `mail.<kind>.<key>`. */
export function kindText(
  member: Pick<MailMember, 'locale' | 'site'>,
  kind: NotificationKind,
  vars: Vars = {},
) {
  const all = { site: mailName(member.site), ...vars };
  return (key: string, more: Vars = {}) =>
    translate(member.locale, `mail.${kind}.${key}`, { ...all, ...more });
}

/** "Anna", "Anna and 2 others": the newest member first, in the member's language. */
export function whoText(locale: Locale, names: string[]): string {
  const [first = '', ...rest] = names;
  return rest.length === 0
    ? first
    : translate(locale, 'mail.notification.andOthers', { name: first, count: rest.length });
}

/**
 * Sends one notification mail: the text in the member's language, a link to the settings, and a
 * one-click unsubscribe for this kind, both as the List-Unsubscribe headers (RFC 8058: mail
 * programs post to it) and as a link in the footer (a screen that posts it).
 */
export async function sendNotificationMail(
  services: Services,
  member: MailMember,
  kind: NotificationKind,
  text: NotificationText,
): Promise<void> {
  const { locale, site } = member;
  const origin = services.mailer.linkOrigin(site.domain);
  const token = await createUnsubscribeToken(services.db, member.id, kind, services.now());
  const links = unsubscribeLinks(origin, token);
  const kindLabel = translate(locale, `settings.kinds.${kind}.label`);
  const vars = { site: mailName(site), name: member.name ?? '', kind: kindLabel };
  const buttonUrl = `${origin}${text.button.path}`;
  const content: MailContent = {
    title: text.title,
    paragraphs: [
      member.name ? translate(locale, 'mail.greeting', vars) : translate(locale, 'mail.greetingNoName'),
      ...text.paragraphs,
    ],
    button: { label: text.button.label, url: buttonUrl },
    notes: [translate(locale, 'mail.notification.why', vars)],
    footerLinks: [
      { label: translate(locale, 'mail.notification.unsubscribe', vars), url: links.page },
      { label: translate(locale, 'mail.notification.settings', vars), url: `${origin}/notifications` },
    ],
  };
  const { html, text: plain } = renderMail(site, locale, content);
  await services.mailer.send({
    kind,
    from: { name: mailName(site), address: services.config.mailFrom ?? `no-reply@${site.domain}` },
    to: member.email,
    subject: text.subject,
    html,
    text: plain,
    link: buttonUrl,
    listUnsubscribe: links.oneClick,
  });
}
