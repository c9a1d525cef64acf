import { MAIL_LINK_PATHS } from '../../../common/api/account-mail';
import type { ErrorCode } from '../../../common/api/errors';
import { reactivationDaysLeft, reactivationEnds } from '../../../common/rules/reactivation';
import { hitRate } from '../../infra/rate-limit';
import { createToken, type TokenKind } from '../../infra/tokens';
import { ApiError } from '../../plugins/errors';
import type { Services } from '../bag';
import { ownHost } from '../sites/sites';
import { duration, type MailMember, mailMember, sendMemberMail } from './member-mail';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** How long each link works. A reset link is short-lived: it replaces the password. */
export const TOKEN_LIFETIME_MS = {
  activation: 7 * DAY,
  password_reset: HOUR,
  email_change: DAY,
} as const;

/**
 * Mails of one kind a member may be sent per window. Every mail costs a token and lands in
 * someone's mailbox, so nothing may send them in a loop. A reset beyond its limit is told to
 * 'probeer het morgen nog eens', hence its one-day window.
 */
export const MAIL_LIMITS: Record<TokenKind, { limit: number; windowSeconds: number; code: ErrorCode }> = {
  activation: { limit: 3, windowSeconds: 3_600, code: 'too_many_requests' },
  password_reset: { limit: 3, windowSeconds: 86_400, code: 'reset_limit' },
  email_change: { limit: 5, windowSeconds: 86_400, code: 'too_many_requests' },
  reactivation: { limit: 3, windowSeconds: 86_400, code: 'too_many_requests' },
};

/** Thrown when a member has had enough mails of a kind; 429 with `retry_after`. */
export class MailLimitReached extends ApiError {}

async function withinLimit(services: Services, memberId: number, kind: TokenKind) {
  const { limit, windowSeconds, code } = MAIL_LIMITS[kind];
  const rate = await hitRate(services.db, `mail:${kind}:${memberId}`, limit, windowSeconds, services.now());
  if (!rate.allowed) throw new MailLimitReached(429, code, { retry_after: rate.retryAfterSeconds });
}

async function member(services: Services, memberId: number): Promise<MailMember> {
  const found = await mailMember(services, memberId);
  if (!found) throw new Error(`no member ${memberId} to mail`);
  return found;
}

function link(services: Services, m: MailMember, kind: TokenKind, token: string, host = m.site.domain) {
  return `${services.mailer.linkOrigin(host)}${MAIL_LINK_PATHS[kind]}?token=${token}`;
}

/**
 * The activation mail: a link that confirms the address and activates the account. It points at
 * `host` (the host the member signed up or asked on) when that is one of the site's own, so it
 * opens where the member's session, language and dismissals already are; else at the site's domain.
 */
export async function sendActivationMail(
  services: Services,
  memberId: number,
  opts: { host?: string } = {},
): Promise<void> {
  const m = await member(services, memberId);
  await withinLimit(services, memberId, 'activation');
  const expiresAt = new Date(services.now().getTime() + TOKEN_LIFETIME_MS.activation);
  const token = await createToken(services.db, { memberId, kind: 'activation', expiresAt });
  await sendMemberMail(services, m, {
    kind: 'activation',
    link: link(services, m, 'activation', token, ownHost(m.site, opts.host)),
    vars: { duration: duration(m.locale, TOKEN_LIFETIME_MS.activation / DAY, 'day') },
    notes: ['mail.validity', 'mail.activation.ignore'],
  });
}

/** The reset mail: a link to /reset-password/do that works once, for an hour. */
export async function sendPasswordResetMail(services: Services, memberId: number): Promise<void> {
  const m = await member(services, memberId);
  await withinLimit(services, memberId, 'password_reset');
  const expiresAt = new Date(services.now().getTime() + TOKEN_LIFETIME_MS.password_reset);
  const token = await createToken(services.db, { memberId, kind: 'password_reset', expiresAt });
  await sendMemberMail(services, m, {
    kind: 'passwordReset',
    link: link(services, m, 'password_reset', token),
    vars: { duration: duration(m.locale, TOKEN_LIFETIME_MS.password_reset / HOUR, 'hour') },
    notes: ['mail.validity', 'mail.passwordReset.ignore'],
  });
}

/** Sent to the NEW address: following its link proves the member reads it, and only then it is saved. */
export async function sendEmailChangeMail(
  services: Services,
  memberId: number,
  newEmail: string,
): Promise<void> {
  const m = await member(services, memberId);
  await withinLimit(services, memberId, 'email_change');
  const expiresAt = new Date(services.now().getTime() + TOKEN_LIFETIME_MS.email_change);
  const token = await createToken(services.db, { memberId, kind: 'email_change', expiresAt, newEmail });
  await sendMemberMail(services, m, {
    kind: 'emailChange',
    to: newEmail,
    link: link(services, m, 'email_change', token),
    vars: { email: newEmail, duration: duration(m.locale, TOKEN_LIFETIME_MS.email_change / HOUR, 'hour') },
    notes: ['mail.validity', 'mail.emailChange.ignore'],
  });
}

/**
 * The link that brings a deleted account back; it works until the REACTIVATION_DAYS after the
 * deletion run out. The callers (server/routes/account.ts) consume it with consumeToken.
 */
export async function sendReactivationMail(services: Services, memberId: number): Promise<void> {
  const m = await member(services, memberId);
  if (!m.deletedAt) throw new Error(`member ${memberId} is not deleted`);
  const expiresAt = reactivationEnds(m.deletedAt);
  const days = reactivationDaysLeft(m.deletedAt, services.now());
  if (days === 0) throw new Error(`member ${memberId} can no longer be reactivated`);
  await withinLimit(services, memberId, 'reactivation');
  const token = await createToken(services.db, { memberId, kind: 'reactivation', expiresAt });
  await sendMemberMail(services, m, {
    kind: 'reactivation',
    link: link(services, m, 'reactivation', token),
    vars: { duration: duration(m.locale, days, 'day') },
    notes: ['mail.validity', 'mail.reactivation.ignore'],
  });
}
