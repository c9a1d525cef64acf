import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSignupNext,
  isSignupNext,
  readSignupNext,
  storeSignupNext,
  takeSignupNext,
} from './signup-next';

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('the path a signup leads on to (member landings)', () => {
  it("accepts only a member's profile or chat", () => {
    expect(isSignupNext('/members/12')).toBe(true);
    expect(isSignupNext('/members/12/chat')).toBe(true);
    for (const bad of [
      '/members',
      '/members/abc',
      '/members/12/chat/x',
      '/members/12/landing',
      '//evil.test/members/12',
      'https://evil.test/members/12',
      '/members/12?x=1',
      '/members/12#chat',
      ' /members/12',
      '/members/-1',
      '/credits',
      null,
      undefined,
      12,
    ])
      expect(isSignupNext(bad), String(bad)).toBe(false);
  });

  it('keeps the path in sessionStorage for this tab, not in localStorage', () => {
    expect(storeSignupNext('/members/7/chat')).toBe(true);
    expect(readSignupNext()).toBe('/members/7/chat');
    expect(window.sessionStorage.getItem('signup-next')).toBe('/members/7/chat');
    expect(window.localStorage.length).toBe(0);
  });

  it('refuses another path and forgets the one kept before', () => {
    storeSignupNext('/members/7');
    expect(storeSignupNext('https://evil.test/')).toBe(false);
    expect(readSignupNext()).toBeNull();
  });

  it('ignores a value put in storage by other means', () => {
    window.sessionStorage.setItem('signup-next', '/credits/1/ideal');
    expect(readSignupNext()).toBeNull();
    expect(takeSignupNext()).toBeNull();
  });

  it('hands the path out once', () => {
    storeSignupNext('/members/7/chat');
    expect(takeSignupNext()).toBe('/members/7/chat');
    expect(takeSignupNext()).toBeNull();
    storeSignupNext('/members/8');
    clearSignupNext();
    expect(readSignupNext()).toBeNull();
  });

  it('does not throw where storage is blocked', () => {
    // As in a browser that blocks storage: reading window.sessionStorage itself throws.
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(storeSignupNext('/members/7')).toBe(true);
    expect(readSignupNext()).toBeNull();
    expect(takeSignupNext()).toBeNull();
    expect(() => clearSignupNext()).not.toThrow();
  });
});
