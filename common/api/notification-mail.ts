import { z } from 'zod';
import { accountToken } from './account-mail';
import { emailAddress } from './fields';
import { NOTIFICATION_KINDS } from './settings-account';

/**
 * Notification mail: the one-click unsubscribe of every notification mail, the mail
 * provider's reports of bounces and complaints, and the page-hidden beacon that presence reads.
 */

/** The token of an unsubscribe link: 256 random bits, base64url, as the account-mail links. */
export const unsubscribeToken = accountToken;

/**
 * POST /api/unsubscribe.php. Mail programs post the List-Unsubscribe address (token in the query)
 * with the form body `List-Unsubscribe=One-Click` (RFC 8058); the /unsubscribe/:token screen posts
 * `{ "token": … }`. Either way the token names the member and the kind.
 */
export const unsubscribeQuery = z.object({ token: unsubscribeToken.optional() });
export const unsubscribeBody = z
  .object({
    token: unsubscribeToken.optional(),
    'List-Unsubscribe': z.literal('One-Click').optional(),
  })
  .strict()
  .optional();

export const unsubscribeResponse = z.object({
  /** The kind whose e-mail is now off. */
  unsubscribed: z.object({ kind: z.enum(NOTIFICATION_KINDS) }),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

/** What the mail provider reports about an address (a permanent bounce, a spam complaint, an unsubscribe). */
export const MAIL_EVENT_TYPES = ['bounce', 'complaint', 'unsubscribe'] as const;
export type MailEventType = (typeof MAIL_EVENT_TYPES)[number];

/** POST /api/mail-events.php, from the mail provider (or the adapter in front of it). */
export const mailEvent = z
  .object({
    type: z.enum(MAIL_EVENT_TYPES),
    email: emailAddress,
  })
  .strict();
export type MailEvent = z.infer<typeof mailEvent>;

export const mailEventResponse = z.object({
  /** Accounts (on every site) whose e-mail this report turned off now. */
  disabled: z.number().int(),
});

/** POST /api/page-hidden.php: the beacon carries nothing but an empty JSON object. */
export const pageHiddenBody = z.object({}).strict();
/** It answers nothing (204). */
export const pageHiddenResponse = z.null();
