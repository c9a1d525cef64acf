/** Screens where the reminder stays away (not on signup, settings, notifications). */
const HIDDEN_ON = new Set([
  'signup',
  'complete-signup',
  'settings',
  'notifications',
  'settings-delete-account',
  // These two say how the activation went themselves.
  'activate-done',
  'activate-error',
]);

type ReminderUser = {
  status: string;
  notifications_disabled: readonly string[];
  profile: { status: string };
};

/**
 * The activation reminder: a member with no disabled notifications, status not_confirmed and
 * profile status disabled, on any screen but those above.
 */
export function shouldShowActivationReminder(
  user: ReminderUser | null | undefined,
  routeName: string,
): boolean {
  return (
    Boolean(user) &&
    user?.notifications_disabled.length === 0 &&
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    !HIDDEN_ON.has(routeName)
  );
}

/** The query a finished signup adds to its redirect; on a phone the reminder is then a modal. */
export const SIGNUP_COMPLETE_QUERY = 'api_signup_complete';

export function activationReminderAsModal(search: string, phone: boolean): boolean {
  return phone && new URLSearchParams(search).has(SIGNUP_COMPLETE_QUERY);
}
