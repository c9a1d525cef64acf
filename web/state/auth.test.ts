import { describe, expect, it } from 'vitest';
import { userRefetchInterval } from '../api/user';
import { loginPath, safeRedirect } from './auth';

describe('safeRedirect', () => {
  it('accepts a path on this site', () => {
    expect(safeRedirect('/members/12/chat?x=1')).toBe('/members/12/chat?x=1');
  });
  it.each([
    null,
    '',
    'https://evil.test/',
    '//evil.test/x',
    '/\\evil.test',
    'members',
    `/${'a'.repeat(600)}`,
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBeNull();
  });
});

describe('loginPath', () => {
  it('carries where to return to and why', () => {
    expect(loginPath('/members/5/chat', 'chat')).toBe('/login?redirect=%2Fmembers%2F5%2Fchat&reason=chat');
    expect(loginPath()).toBe('/login');
    expect(loginPath('https://evil.test')).toBe('/login');
  });
});

describe('userRefetchInterval (first after 5 s, then every 60 s)', () => {
  it('asks again 5 s after the start-up answer, then every 60 s', () => {
    expect(userRefetchInterval(0)).toBe(5_000);
    expect(userRefetchInterval(1)).toBe(5_000);
    expect(userRefetchInterval(2)).toBe(60_000);
    expect(userRefetchInterval(9)).toBe(60_000);
  });
});
