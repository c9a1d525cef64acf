import { describe, expect, test } from 'vitest';
import { isCommonPassword, newPassword, PASSWORD_MAX_LENGTH } from './password';

const messages = (p: string) => newPassword.safeParse(p).error?.issues.map((i) => i.message) ?? [];

describe('new password', () => {
  test('accepts 8 to 128 characters that are not common', () => {
    expect(messages('Tulpen-op-zolder')).toEqual([]);
    expect(messages('kq7#Lm2p')).toEqual([]);
    expect(messages(`${'Zx9!'.repeat(32)}`)).toEqual([]);
  });

  test('refuses fewer than 8 or more than 128 characters', () => {
    expect(messages('kq7#Lm2')).toContain('validation.passwordLength');
    expect(messages('Zx9!'.repeat(32) + 'a')).toContain('validation.passwordLength');
    expect(PASSWORD_MAX_LENGTH).toBe(128);
  });

  test.each([
    'password',
    'Password1',
    'qwerty123',
    'wachtwoord',
    'Passwort2024!',
    'iloveyou',
    '12345678',
    '87654321',
    'abcdefgh',
    'aaaaaaaa',
    '2024sunshine',
  ])('refuses the common password %s', (p) => {
    expect(isCommonPassword(p)).toBe(true);
    expect(messages(p)).toContain('validation.passwordCommon');
  });

  test('does not refuse a long passphrase that merely contains a common word', () => {
    expect(isCommonPassword('password of the blue heron')).toBe(false);
    expect(isCommonPassword('monkeys-like-bananas')).toBe(false);
  });
});
