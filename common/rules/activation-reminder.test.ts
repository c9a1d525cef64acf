import { describe, expect, test } from 'vitest';
import { activationReminderAsModal, shouldShowActivationReminder } from './activation-reminder';

const unconfirmed = { status: 'not_confirmed', notifications_disabled: [], profile: { status: 'disabled' } };

describe('activation reminder', () => {
  test('shows for a member not confirmed, profile disabled, no disabled notifications', () => {
    expect(shouldShowActivationReminder(unconfirmed, 'members')).toBe(true);
    expect(shouldShowActivationReminder(unconfirmed, 'index')).toBe(true);
  });

  test('not for a visitor, a confirmed member, an enabled profile or disabled notifications', () => {
    expect(shouldShowActivationReminder(null, 'members')).toBe(false);
    expect(shouldShowActivationReminder({ ...unconfirmed, status: 'active' }, 'members')).toBe(false);
    expect(shouldShowActivationReminder({ ...unconfirmed, profile: { status: 'active' } }, 'members')).toBe(
      false,
    );
    expect(
      shouldShowActivationReminder({ ...unconfirmed, notifications_disabled: ['bounce'] }, 'members'),
    ).toBe(false);
  });

  test.each(['signup', 'settings', 'notifications'])('not on %s', (route) => {
    expect(shouldShowActivationReminder(unconfirmed, route)).toBe(false);
  });

  test('is a modal only on a phone with api_signup_complete in the query', () => {
    expect(activationReminderAsModal('?api_signup_complete=1', true)).toBe(true);
    expect(activationReminderAsModal('?api_signup_complete', true)).toBe(true);
    expect(activationReminderAsModal('?api_signup_complete=1', false)).toBe(false);
    expect(activationReminderAsModal('?other=1', true)).toBe(false);
  });
});
