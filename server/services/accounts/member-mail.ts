import { eq } from 'drizzle-orm';
import type { Locale } from '../../../common/constants';
import { chooseLocale, isLocale } from '../../../common/rules/locale';
import { members, profiles } from '../../db/schema';
import { translate } from '../../i18n';
import { type MailContent, renderMail } from '../../infra/mail/layout';
import type { Services } from '../bag';
import type { Site } from '../sites/sites';

export type MailMember = {
  id: number;
  email: string;
  status: (typeof members.$inferSelect)['status'];
  emailConfirmedAt: Date | null;
  deletedAt: Date | null;
  name: string | null;
  locale: Locale;
  site: Site;
};

/** A member with what a mail to them needs: their site, their language and the name they go by. */
export async function mailMember(services: Services, memberId: number): Promise<MailMember | null> {
  const [row] = await services.db
    .select({ member: members, name: profiles.name })
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, memberId));
  if (!row) return null;
  const site = await services.sites.byId(row.member.siteId);
  return site ? toMailMember(row.member, row.name, site) : null;
}

/** The part of a member's row (and their profile's name) that every mail to them needs. */
export function toMailMember(
  member: typeof members.$inferSelect,
  name: string | null,
  site: Site,
): MailMember {
  return {
    id: member.id,
    email: member.email,
    status: member.status,
    emailConfirmedAt: member.emailConfirmedAt,
    deletedAt: member.deletedAt,
    name,
    locale: memberLocale(member.language, site),
    site,
  };
}

/** The language of a member's mail: theirs, else the site's. */
export function memberLocale(language: string, site: Site): Locale {
  return isLocale(language)
    ? language
    : chooseLocale({ cookie: null, domainLanguage: site.settings.domain_language, country: null });
}

/** "1 uur", "14 dagen": Intl knows each language's plural, so no catalog needs one. */
export function duration(locale: Locale, amount: number, unit: 'hour' | 'day'): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
}

/** The site's name as mails sign with it. */
export const mailName = (site: Site) => site.settings.mail_name || site.settings.name;

/**
 * Renders one of the `mail.<kind>` texts in the member's language and sends it, to `to` (the new
 * address of an e-mail change) or the member's own address.
 */
export async function sendMemberMail(
  services: Services,
  member: MailMember,
  input: {
    kind: string;
    to?: string;
    vars?: Record<string, string>;
    link?: string;
    /** Catalog keys of small print under the button, filled with `vars`. */
    notes?: string[];
  },
): Promise<void> {
  const { locale, site } = member;
  const vars = { site: mailName(site), name: member.name ?? '', ...input.vars };
  const t = (key: string) => translate(locale, `mail.${input.kind}.${key}`, vars);
  const content: MailContent = {
    title: t('title'),
    paragraphs: [
      member.name ? translate(locale, 'mail.greeting', vars) : translate(locale, 'mail.greetingNoName'),
      t('body'),
    ],
    button: input.link ? { label: t('button'), url: input.link } : undefined,
    notes: (input.notes ?? []).map((key) => translate(locale, key, vars)),
  };
  const { html, text } = renderMail(site, locale, content);
  await services.mailer.send({
    kind: input.kind,
    from: { name: mailName(site), address: services.config.mailFrom ?? `no-reply@${site.domain}` },
    to: input.to ?? member.email,
    subject: t('subject'),
    html,
    text,
    link: input.link,
  });
}
