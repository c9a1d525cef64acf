import { z } from 'zod';
import { LOCALES } from '../constants';
import { MEMBER_STATUSES } from '../profile-options';
import { enteredPassword } from '../rules/password';
import { errorResponse } from './errors';
import { emailAddress } from './fields';
import { profileCard } from './profile';

/** The logged-in user. */
export const currentUser = z
  .object({
    status: z.enum(MEMBER_STATUSES),
    credits: z.number().int().nonnegative(),
    paid_user: z.boolean(),
    signup_date: z.string(),
    language: z.string(),
    notifications_disabled: z.array(z.string()),
    /** False until the member follows the activation link (a partner cannot reply before). */
    email_confirmed: z.boolean(),
    /** Notices of moderators' decisions the member has not read: the member pages' alert. */
    unread_notices: z.number().int().nonnegative().optional(),
    profile: profileCard,
  })
  .meta({ id: 'User' });
export type CurrentUser = z.infer<typeof currentUser>;

/** `user` is null for a visitor who is not logged in. */
export const userResponse = z.object({ user: currentUser.nullable() });
export type UserResponse = z.infer<typeof userResponse>;

/** POST /api/user.php: login. The password is only bounded here, so old passwords keep working. */
export const loginRequest = z.object({
  email: emailAddress,
  password: enteredPassword,
});
export type LoginBody = z.infer<typeof loginRequest>;
export const loginResponse = z.object({ user: currentUser });
/**
 * What the login form shows a suspended or banned member: the action, its ground (a
 * report reason, `reports.reasons.<code>`, or null for a decision without a report) and the
 * moderator's explanation.
 */
export const suspensionStatement = z.object({
  action: z.enum(['suspend', 'ban']),
  reason: z.string().nullable(),
  text: z.string(),
});
export type SuspensionStatement = z.infer<typeof suspensionStatement>;

export const loginErrorResponse = errorResponse.extend({
  /** 429 `login_blocked` and `login_network_limited` say for how many more minutes, as their messages do. */
  minutes: z.number().int().optional(),
  /** 403 `account_suspended`: the suspension's end (ISO), null for a ban… */
  until: z.string().nullable().optional(),
  /** …and the statement of reasons: the action, its ground (a report reason) and the moderator's words. */
  statement: suspensionStatement.nullable().optional(),
  /** 403 `account_reactivatable`: the days left to bring the deleted account back. */
  days: z.number().int().optional(),
});

/** PUT /api/user.php: the language the member uses the site in. */
export const languageRequest = z.object({ language: z.enum(LOCALES) });

/** POST /api/logout.php: `everywhere` ends every session of the member, not only this one. */
export const logoutRequest = z.object({ everywhere: z.boolean().default(false) });
export const logoutResponse = z.object({ user: z.null() });
