import type { PushState } from '../state/push';

/** The dismissal names of the banners a member can close (state/dismissals.ts). */
export const PHOTO_ALERT = 'profile-photo';
export const PUSH_ALERT = 'push';

/** The photo alert stays away from the profile itself, the signup steps, premium and settings. */
export const PHOTO_ALERT_HIDDEN_ON = new Set([
  'profile',
  'signup',
  'complete-signup',
  'signup-matches',
  'activate-done',
  'premium',
  'notifications',
  'settings',
  'settings-delete-account',
  'directdebit',
]);

/** Where the settings themselves say why e-mail is off (so no banner there). */
export const SETTINGS_ROUTES = new Set(['notifications', 'settings', 'settings-delete-account']);

/** Not on signup (and its later steps), notifications, activate-done, directdebit, premium. */
const PUSH_HIDDEN_ON = new Set([
  'signup',
  'complete-signup',
  'signup-matches',
  'notifications',
  'activate-done',
  'directdebit',
  'premium',
]);

/**
 * The push alert with an enable button, when push is possible, dismissible: a logged-in
 * member whose browser can take pushes and is not subscribed. Refused in the browser (denied): no
 * alert, the browser would not ask again. When it is asked (after a match or a message) is the
 * banner slot's part (state/push-moment.ts).
 */
export function showPushAlert(p: {
  loggedIn: boolean;
  state: PushState;
  routeName: string;
  dismissed: boolean;
}): boolean {
  return p.loggedIn && p.state === 'not-subscribed' && !p.dismissed && !PUSH_HIDDEN_ON.has(p.routeName);
}
