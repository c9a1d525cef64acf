import type { SiteSettings } from '../api/settings';

const NL_DE = ['NL', 'DE'];

/** Every rule of the site-entry warning modal, in one place. */
export function shouldShowEntryWarning(input: {
  loggedIn: boolean;
  installedApp: boolean;
  dismissed: boolean;
  setting: SiteSettings['enable_site_entry_popup'];
  selectedCountry: string;
  /** The Chat, Lander and Empty layouts show it only to visitors from NL and DE. */
  onlyNlDe: boolean;
  /** False on complete-signup, reset-password and reset-password/do. */
  routeAllows: boolean;
}): boolean {
  if (input.loggedIn || input.installedApp || input.dismissed || !input.routeAllows) return false;
  if (input.setting === 'no') return false;
  if (Array.isArray(input.setting) && !input.setting.includes(input.selectedCountry)) return false;
  if (input.onlyNlDe && !NL_DE.includes(input.selectedCountry)) return false;
  return true;
}
