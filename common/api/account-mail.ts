import { z } from 'zod';
import { enteredPassword, newPassword, PASSWORD_MAX_LENGTH } from '../rules/password';
import { emailAddress } from './fields';

/**
 * Where the link of each account mail leads, `?token=…` appended. Activation goes straight to the
 * API, which redirects to /activate/done or /activate/error; the others open a screen that asks
 * (reset) or confirms (e-mail change, reactivation) before the token is used.
 */
export const MAIL_LINK_PATHS = {
  activation: '/api/activation.php',
  password_reset: '/reset-password/do',
  email_change: '/mail-change/do',
  reactivation: '/account-deleted',
} as const;

/** A token as mails carry it (32 random bytes, base64url); anything else is an invalid link. */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const accountToken = z.string().max(43).regex(ACCOUNT_TOKEN_PATTERN, 'validation.linkInvalid');

export const sentResponse = z.object({ sent: z.literal(true) });
export type SentResponse = z.infer<typeof sentResponse>;

/** GET /api/activation.php?token=… (the link in the mail). */
export const activationLinkQuery = z.object({ token: z.string().max(200).optional() });

/** POST /api/password-reset.php: mail a reset link. */
export const passwordResetRequest = z.object({ email: emailAddress }).strict();
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** GET /api/password-reset.php?token=…: whether the link still works, before the form is shown. */
export const passwordResetLinkQuery = z.object({ token: accountToken });
export const linkValidResponse = z.object({ valid: z.literal(true) });

const repeatedPassword = z.string().max(PASSWORD_MAX_LENGTH, 'validation.passwordLength');
const samePasswords = (v: { password: string; password_repeat: string }) => v.password === v.password_repeat;
const differ = { message: 'validation.passwordsDiffer', path: ['password_repeat'] };

/** PUT /api/password-reset.php: the new password, twice, with the token of the mail. */
export const passwordResetPerform = z
  .object({ token: accountToken, password: newPassword, password_repeat: repeatedPassword })
  .strict()
  .refine(samePasswords, differ);
export type PasswordResetPerform = z.infer<typeof passwordResetPerform>;
export const passwordResetResponse = z.object({ reset: z.literal(true) });

/** PUT /api/password.php: a logged-in member changes the password; the old one must be right. */
export const passwordChange = z
  .object({ old_password: enteredPassword, password: newPassword, password_repeat: repeatedPassword })
  .strict()
  .refine(samePasswords, differ);
export type PasswordChange = z.infer<typeof passwordChange>;
export const passwordChangeResponse = z.object({ changed: z.literal(true) });

/**
 * A new address that is invalid or already used gives one message, 'Dit e-mailadres heeft
 * al een account op deze site.'; the password guards the account against a borrowed session.
 */
export const newEmailAddress = z
  .string()
  .trim()
  .max(254, 'validation.newEmail')
  .pipe(z.email('validation.newEmail'));

/** POST /api/mail-change.php: mail a confirmation link to the new address. */
export const mailChangeRequest = z.object({ email: newEmailAddress, password: enteredPassword }).strict();
export type MailChangeRequest = z.infer<typeof mailChangeRequest>;

/** PUT /api/mail-change.php: the link's token makes the new address the account's. */
export const mailChangeConfirm = z.object({ token: accountToken }).strict();
export const mailChangeConfirmResponse = z.object({ changed: z.literal(true) });
