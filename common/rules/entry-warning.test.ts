import { describe, expect, it } from 'vitest';
import { shouldShowEntryWarning } from './entry-warning';

const base = {
  loggedIn: false,
  installedApp: false,
  dismissed: false,
  setting: 'yes' as const,
  selectedCountry: 'NL',
  onlyNlDe: false,
  routeAllows: true,
};

describe('site-entry warning rules', () => {
  it('shows to a logged-out visitor who has not dismissed it', () => {
    expect(shouldShowEntryWarning(base)).toBe(true);
  });

  it('hides for members, installed apps, after dismissal and on excluded routes', () => {
    expect(shouldShowEntryWarning({ ...base, loggedIn: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, installedApp: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, dismissed: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, routeAllows: false })).toBe(false);
  });

  it("follows enable_site_entry_popup: 'no', or a list of the visitor's countries", () => {
    expect(shouldShowEntryWarning({ ...base, setting: 'no' })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, setting: ['DE', 'AT'], selectedCountry: 'AT' })).toBe(true);
    expect(shouldShowEntryWarning({ ...base, setting: ['DE', 'AT'], selectedCountry: 'CH' })).toBe(false);
  });

  it('shows only to NL and DE in the chat, lander and empty layouts', () => {
    expect(shouldShowEntryWarning({ ...base, onlyNlDe: true, selectedCountry: 'DE' })).toBe(true);
    expect(shouldShowEntryWarning({ ...base, onlyNlDe: true, selectedCountry: 'BE' })).toBe(false);
  });
});
