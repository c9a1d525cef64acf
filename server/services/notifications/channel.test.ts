import { describe, expect, test } from 'vitest';
import { PRESENCE_WINDOW_MS } from '../../../common/constants';
import { deliveryFor, isPresent, type RecipientState } from './channel';

const NOW = new Date('2026-05-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const away: RecipientState = {
  status: 'active',
  emailConfirmedAt: ago(30 * 86_400_000),
  deletedAt: null,
  notificationsDisabled: [],
  notificationSettings: {},
  lastActiveAt: ago(86_400_000),
  pageHiddenAt: null,
};

describe('presence', () => {
  test('active within the window and no page-hidden beacon since: present', () => {
    expect(isPresent({ lastActiveAt: ago(60_000), pageHiddenAt: null }, NOW)).toBe(true);
    expect(isPresent({ lastActiveAt: ago(60_000), pageHiddenAt: ago(120_000) }, NOW)).toBe(true);
  });

  test('a beacon at or after the last activity, or activity older than the window: away', () => {
    expect(isPresent({ lastActiveAt: ago(60_000), pageHiddenAt: ago(60_000) }, NOW)).toBe(false);
    expect(isPresent({ lastActiveAt: ago(60_000), pageHiddenAt: ago(1_000) }, NOW)).toBe(false);
    expect(isPresent({ lastActiveAt: ago(PRESENCE_WINDOW_MS + 1), pageHiddenAt: null }, NOW)).toBe(false);
  });
});

describe('the decision', () => {
  test('an activated member who is away gets mail of every kind that is on', () => {
    expect(deliveryFor(away, 'new_messages', NOW)).toEqual({ channel: 'email' });
    expect(deliveryFor(away, 'weekly_updates', NOW)).toEqual({ channel: 'email' });
  });

  test('no mail, and why', () => {
    const cases: [Partial<RecipientState>, string][] = [
      [{ deletedAt: ago(1), status: 'deleted' }, 'deleted'],
      [{ status: 'not_confirmed', emailConfirmedAt: null }, 'not_activated'],
      [{ emailConfirmedAt: null }, 'not_activated'],
      [{ status: 'suspended' }, 'not_activated'],
      [{ notificationSettings: { new_messages: { email: false } } }, 'choice_off'],
      [{ notificationsDisabled: ['bounce'] }, 'email_disabled'],
      [{ lastActiveAt: ago(1_000) }, 'present'],
    ];
    for (const [change, reason] of cases)
      expect(deliveryFor({ ...away, ...change }, 'new_messages', NOW), reason).toEqual({
        channel: null,
        reason,
      });
  });

  test('presence holds back news of the moment, not digests and operator mail', () => {
    const here = { ...away, lastActiveAt: ago(1_000) };
    for (const kind of ['new_conversations', 'new_messages', 'like', 'unread_message_reminders'] as const)
      expect(deliveryFor(here, kind, NOW).channel).toBeNull();
    for (const kind of ['weekly_updates', 'promotions', 'news', 'reminders'] as const)
      expect(deliveryFor(here, kind, NOW).channel).toBe('email');
  });

  test('a kind turned off stays off for that kind only', () => {
    const likesOff = { ...away, notificationSettings: { like: { email: false } } };
    expect(deliveryFor(likesOff, 'like', NOW).channel).toBeNull();
    expect(deliveryFor(likesOff, 'new_messages', NOW).channel).toBe('email');
  });
});

describe('push takes precedence over mail', () => {
  test('a subscribed member with push on gets a push, not a mail', () => {
    expect(deliveryFor(away, 'new_messages', NOW, true)).toEqual({ channel: 'push' });
    expect(deliveryFor(away, 'reminders', NOW, true)).toEqual({ channel: 'push' });
    expect(deliveryFor(away, 'new_messages', NOW, false)).toEqual({ channel: 'email' });
  });

  test('push off for the kind: mail as chosen', () => {
    const pushOff = { ...away, notificationSettings: { like: { push: false } } };
    expect(deliveryFor(pushOff, 'like', NOW, true)).toEqual({ channel: 'email' });
    expect(deliveryFor(pushOff, 'new_messages', NOW, true)).toEqual({ channel: 'push' });
  });

  test('kinds without a push channel go by mail even to a subscribed member', () => {
    for (const kind of ['promotions', 'weekly_updates', 'news'] as const)
      expect(deliveryFor(away, kind, NOW, true)).toEqual({ channel: 'email' });
  });

  test('no push to a member looking at the site, a suspended or a deleted one', () => {
    const present = { ...away, lastActiveAt: ago(10_000) };
    expect(deliveryFor(present, 'new_messages', NOW, true)).toEqual({ channel: null, reason: 'present' });
    expect(deliveryFor({ ...away, status: 'suspended' }, 'new_messages', NOW, true).channel).not.toBe('push');
    expect(deliveryFor({ ...away, deletedAt: ago(1) }, 'new_messages', NOW, true)).toEqual({
      channel: null,
      reason: 'deleted',
    });
  });

  test('push reaches a member whose address is not confirmed yet; mail does not', () => {
    const unconfirmed = { ...away, status: 'not_confirmed' as const, emailConfirmedAt: null };
    expect(deliveryFor(unconfirmed, 'new_messages', NOW, true)).toEqual({ channel: 'push' });
    expect(deliveryFor(unconfirmed, 'new_messages', NOW, false)).toEqual({
      channel: null,
      reason: 'not_activated',
    });
  });

  test('e-mail switched off by a bounce does not stop push', () => {
    const bounced = { ...away, notificationsDisabled: ['bounce'] };
    expect(deliveryFor(bounced, 'new_messages', NOW, true)).toEqual({ channel: 'push' });
  });
});
