import { describe, expect, it } from 'vitest';
import {
  NEW_ACCOUNT_DAYS,
  NEW_CONVERSATIONS_PER_DAY,
  NEW_CONVERSATIONS_PER_DAY_REPORTED,
  NEW_CONVERSATIONS_PER_DAY_VERIFIED,
  REPORT_PENALTY_DAYS,
} from '../constants';
import { conversationLimit, conversationStartAllowed, isNewAccount } from './conversation-limit';

const now = new Date('2025-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

const newcomer = {
  signupDate: daysAgo(2),
  emailConfirmed: false,
  reviewedPhoto: false,
  lastUpheldReportAt: null,
};

describe('conversationLimit', () => {
  it('gives a new account the small limit until it has a confirmed address and a reviewed photo', () => {
    expect(conversationLimit(newcomer, now)).toBe(NEW_CONVERSATIONS_PER_DAY);
    expect(conversationLimit({ ...newcomer, emailConfirmed: true }, now)).toBe(NEW_CONVERSATIONS_PER_DAY);
    expect(conversationLimit({ ...newcomer, reviewedPhoto: true }, now)).toBe(NEW_CONVERSATIONS_PER_DAY);
    expect(conversationLimit({ ...newcomer, emailConfirmed: true, reviewedPhoto: true }, now)).toBe(
      NEW_CONVERSATIONS_PER_DAY_VERIFIED,
    );
  });

  it('leaves an account older than NEW_ACCOUNT_DAYS unlimited', () => {
    expect(conversationLimit({ ...newcomer, signupDate: daysAgo(NEW_ACCOUNT_DAYS) }, now)).toBeNull();
    expect(conversationLimit({ ...newcomer, signupDate: daysAgo(NEW_ACCOUNT_DAYS - 0.01) }, now)).toBe(
      NEW_CONVERSATIONS_PER_DAY,
    );
    expect(isNewAccount(daysAgo(NEW_ACCOUNT_DAYS + 1), now)).toBe(false);
  });

  it('holds any account to the reported limit while an upheld report is recent', () => {
    const old = { ...newcomer, signupDate: daysAgo(400), emailConfirmed: true, reviewedPhoto: true };
    expect(conversationLimit({ ...old, lastUpheldReportAt: daysAgo(3) }, now)).toBe(
      NEW_CONVERSATIONS_PER_DAY_REPORTED,
    );
    expect(
      conversationLimit(
        { ...newcomer, emailConfirmed: true, reviewedPhoto: true, lastUpheldReportAt: daysAgo(1) },
        now,
      ),
    ).toBe(NEW_CONVERSATIONS_PER_DAY_REPORTED);
    expect(conversationLimit({ ...old, lastUpheldReportAt: daysAgo(REPORT_PENALTY_DAYS) }, now)).toBeNull();
  });

  it('is ordered: reported below new below verified', () => {
    expect(NEW_CONVERSATIONS_PER_DAY_REPORTED).toBeLessThan(NEW_CONVERSATIONS_PER_DAY);
    expect(NEW_CONVERSATIONS_PER_DAY).toBeLessThan(NEW_CONVERSATIONS_PER_DAY_VERIFIED);
  });
});

describe('conversationStartAllowed', () => {
  it('allows any number without a limit', () => {
    expect(conversationStartAllowed(null, [hoursAgo(1), hoursAgo(2)], now)).toEqual({ allowed: true });
  });

  it('allows starts while fewer than the limit fall in the last 24 hours', () => {
    expect(conversationStartAllowed(3, [], now)).toEqual({ allowed: true });
    expect(conversationStartAllowed(3, [hoursAgo(1), hoursAgo(2)], now)).toEqual({ allowed: true });
    // Starts older than a day no longer count.
    expect(conversationStartAllowed(3, [hoursAgo(1), hoursAgo(2), hoursAgo(24)], now)).toEqual({
      allowed: true,
    });
  });

  it('refuses at the limit, until the oldest start that counts is a day old', () => {
    const starts = [hoursAgo(1), hoursAgo(20), hoursAgo(5)];
    expect(conversationStartAllowed(3, starts, now)).toEqual({ allowed: false, retryAfter: 4 * 3600 });
    // Four starts in the window (a limit lowered by a report): two must leave before one is free.
    expect(conversationStartAllowed(3, [...starts, hoursAgo(22)], now)).toEqual({
      allowed: false,
      retryAfter: 4 * 3600,
    });
    expect(conversationStartAllowed(1, [...starts, hoursAgo(22)], now)).toEqual({
      allowed: false,
      retryAfter: 23 * 3600,
    });
  });

  it('never answers a retry of zero seconds', () => {
    const justUnderADay = new Date(now.getTime() - 86_400_000 + 10);
    expect(conversationStartAllowed(1, [justUnderADay], now)).toEqual({ allowed: false, retryAfter: 1 });
  });
});
