import { z } from 'zod';
import { MEMBER_STATUSES } from '../profile-options';
import { profileCard } from './profile';

/** SPEC §3 "Logged-in user". */
export const currentUser = z
  .object({
    status: z.enum(MEMBER_STATUSES),
    credits: z.number().int().nonnegative(),
    paid_user: z.boolean(),
    signup_date: z.string(),
    language: z.string(),
    notifications_disabled: z.array(z.string()),
    /** False until the member follows the activation link (SPEC §4: a partner cannot reply before). */
    email_confirmed: z.boolean(),
    profile: profileCard,
  })
  .meta({ id: 'User' });
export type CurrentUser = z.infer<typeof currentUser>;

/** `user` is null for a visitor who is not logged in. */
export const userResponse = z.object({ user: currentUser.nullable() });
export type UserResponse = z.infer<typeof userResponse>;
