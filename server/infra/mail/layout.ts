import type { Locale } from '../../../common/constants';
import { translate } from '../../i18n';
import type { Site } from '../../services/sites/sites';

/** The theme's primary pink and body colours (web/styles/_theme.scss), so a mail looks like the site. */
const BRAND = '#c2185b';
const TEXT = '#212529';
const MUTED = '#6c757d';
const BACKGROUND = '#fdf2f6';

export type MailContent = {
  /** Heading inside the mail. */
  title: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Small print under the button (validity, "ignore this mail if…"). */
  notes?: string[];
  /** Links in the footer, above the company lines (unsubscribe, e-mail settings). */
  footerLinks?: { label: string; url: string }[];
  /**
   * Why the reader gets this mail, in place of the default "an account on {site}" line: a
   * complainant need not have an account, and the support address is not one.
   */
  footerWhy?: string;
};

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function footerLines(site: Site, locale: Locale, why?: string): string[] {
  const c = site.company;
  const name = site.settings.mail_name || site.settings.name;
  return [
    why ?? translate(locale, 'mail.footer.why', { site: name }),
    `${c.name} · ${c.address} · ${c.postal_code} ${c.city} · ${c.country}`,
    translate(locale, 'mail.footer.support', { email: site.settings.support_email }),
  ];
}

/** The plain-text part: the same words, the link written out. */
function renderText(site: Site, locale: Locale, content: MailContent): string {
  const name = site.settings.mail_name || site.settings.name;
  const lines = [name, '', content.title, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.button) lines.push(`${content.button.label}:`, content.button.url, '');
  for (const note of content.notes ?? []) lines.push(note, '');
  lines.push(translate(locale, 'mail.signature', { site: name }), '', '--');
  for (const link of content.footerLinks ?? []) lines.push(`${link.label}: ${link.url}`);
  lines.push(...footerLines(site, locale, content.footerWhy));
  return `${lines.join('\n')}\n`;
}

/**
 * The HTML part: one centred column of tables with inline styles, which is what mail programs
 * render alike; the button is a link, with the address written out below for programs that block it.
 */
function renderHtml(site: Site, locale: Locale, content: MailContent): string {
  const name = escapeHtml(site.settings.mail_name || site.settings.name);
  const p = (text: string, style = '') =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${TEXT};${style}">${escapeHtml(text)}</p>`;
  const button = content.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:${BRAND}">` +
      `<a href="${escapeHtml(content.button.url)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:700;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(content.button.label)}</a>` +
      `</td></tr></table>` +
      p(translate(locale, 'mail.linkFallback'), `font-size:14px;color:${MUTED}`) +
      `<p style="margin:0 0 16px;font-size:14px;word-break:break-all"><a href="${escapeHtml(content.button.url)}" style="color:${BRAND}">${escapeHtml(content.button.url)}</a></p>`
    : '';
  const notes = (content.notes ?? []).map((n) => p(n, `font-size:14px;color:${MUTED}`)).join('');
  const small = (inner: string) =>
    `<p style="margin:0 0 6px;font-size:12px;line-height:1.5;color:${MUTED}">${inner}</p>`;
  const footer =
    (content.footerLinks ?? [])
      .map((l) => small(`<a href="${escapeHtml(l.url)}" style="color:${MUTED}">${escapeHtml(l.label)}</a>`))
      .join('') +
    footerLines(site, locale, content.footerWhy)
      .map((l) => small(escapeHtml(l)))
      .join('');
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;padding:0;background:${BACKGROUND};font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BACKGROUND}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:20px 28px;font-size:24px;font-weight:700;color:#ffffff">&#9829; ${name}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${TEXT}">${escapeHtml(content.title)}</h1>
${content.paragraphs.map((t) => p(t)).join('')}${button}${notes}${p(translate(locale, 'mail.signature', { site: site.settings.mail_name || site.settings.name }))}
</td></tr>
<tr><td style="padding:20px 28px;border-top:1px solid #f1d3e0">${footer}</td></tr>
</table></td></tr></table></body></html>
`;
}

export function renderMail(site: Site, locale: Locale, content: MailContent): { html: string; text: string } {
  return { html: renderHtml(site, locale, content), text: renderText(site, locale, content) };
}
