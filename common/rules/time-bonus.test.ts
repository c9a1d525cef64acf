import { describe, expect, it } from 'vitest';
import { TIME_BONUS_SECONDS, WELCOME_DISCOUNT_HOURS } from '../constants';
import {
  formatCountdown,
  inMembersArea,
  secondsLeft,
  timeBonusModalDue,
  welcomeMayHold,
  welcomeTimeLeft,
} from './time-bonus';

describe('formatCountdown', () => {
  it('pads hours, minutes and seconds to two digits', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(5)).toBe('00:00:05');
    expect(formatCountdown(65)).toBe('00:01:05');
    expect(formatCountdown(3600 + 2 * 60 + 3)).toBe('01:02:03');
    expect(formatCountdown(TIME_BONUS_SECONDS)).toBe('04:00:00');
    expect(formatCountdown(TIME_BONUS_SECONDS - 1)).toBe('03:59:59');
  });

  it('never shows a negative or broken time', () => {
    expect(formatCountdown(-3)).toBe('00:00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00:00');
    expect(formatCountdown(59.9)).toBe('00:00:59');
  });
});

describe('secondsLeft', () => {
  it('counts down from the server answer by the time elapsed since', () => {
    expect(secondsLeft(100, 0)).toBe(100);
    expect(secondsLeft(100, 999)).toBe(100);
    expect(secondsLeft(100, 1000)).toBe(99);
    expect(secondsLeft(100, 61_500)).toBe(39);
  });

  it('stops at zero', () => {
    expect(secondsLeft(10, 10_000)).toBe(0);
    expect(secondsLeft(10, 60_000)).toBe(0);
  });
});

describe('welcomeTimeLeft', () => {
  it('says whole hours from an hour up, rounded down', () => {
    expect(welcomeTimeLeft(3 * 3_600_000 + 59 * 60_000)).toEqual({ unit: 'hours', count: 3 });
    expect(welcomeTimeLeft(3_600_000)).toEqual({ unit: 'hours', count: 1 });
  });

  it('says minutes under an hour, rounded up', () => {
    expect(welcomeTimeLeft(3_600_000 - 1)).toEqual({ unit: 'minutes', count: 60 });
    expect(welcomeTimeLeft(45 * 60_000)).toEqual({ unit: 'minutes', count: 45 });
    expect(welcomeTimeLeft(1_000)).toEqual({ unit: 'minutes', count: 1 });
  });

  it('is nothing once it ran out', () => {
    expect(welcomeTimeLeft(0)).toBeNull();
    expect(welcomeTimeLeft(-5)).toBeNull();
  });
});

describe('members area', () => {
  it('holds the members-area routes and no others', () => {
    for (const name of ['members', 'members-id', 'chats', 'likes', 'likes-m-id', 'premium'])
      expect(inMembersArea(name)).toBe(true);
    for (const name of ['profile', 'credits', 'likes-type', 'pricing', 'index', 'chats-id'])
      expect(inMembersArea(name)).toBe(false);
  });
});

describe('timeBonusModalDue', () => {
  const due = { loggedIn: true, credits: 0, dismissed: false, running: true };
  it('is due for a logged-in member without credits while the bonus runs', () => {
    expect(timeBonusModalDue(due)).toBe(true);
  });
  it('is not due when any condition fails', () => {
    expect(timeBonusModalDue({ ...due, loggedIn: false })).toBe(false);
    expect(timeBonusModalDue({ ...due, credits: 1 })).toBe(false);
    expect(timeBonusModalDue({ ...due, dismissed: true })).toBe(false);
    expect(timeBonusModalDue({ ...due, running: false })).toBe(false);
  });
});

describe('welcomeMayHold', () => {
  const signup = '2026-05-01T12:00:00.000Z';
  const at = (hours: number) => Date.parse(signup) + hours * 3_600_000;
  it('while the welcome hours run, and a day beyond them for a device clock that is behind', () => {
    expect(welcomeMayHold(signup, at(0))).toBe(true);
    expect(welcomeMayHold(signup, at(WELCOME_DISCOUNT_HOURS + 23))).toBe(true);
  });
  it('not for a member who signed up long ago, nor for a date that is none', () => {
    expect(welcomeMayHold(signup, at(WELCOME_DISCOUNT_HOURS + 25))).toBe(false);
    expect(welcomeMayHold(signup, at(24 * 90))).toBe(false);
    expect(welcomeMayHold('not a date', at(0))).toBe(false);
  });
});
