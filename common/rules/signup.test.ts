import { describe, expect, test } from 'vitest';
import { birthDateProblem, latestBirthDate, nameProblem, sexualityFor, signupsAllowed } from './signup';

const NOW = new Date('2026-05-01T12:00:00Z');

describe('birthDateProblem', () => {
  test.each([
    ['', 'required'],
    ['   ', 'required'],
    ['2008-05-02', 'too_young'],
    ['2008-05-01', null],
    ['1990-02-30', 'invalid'],
    ['1990-13-01', 'invalid'],
    ['01-05-1990', 'invalid'],
    ['2026-05-02', 'invalid'],
    ['1900-01-01', 'invalid'],
    ['1970-07-31', null],
  ])('%j → %s', (value, problem) => {
    expect(birthDateProblem(value, NOW)).toBe(problem);
  });
});

describe('latestBirthDate', () => {
  test('is 18 years ago today', () => {
    expect(latestBirthDate(NOW)).toBe('2008-05-01');
    expect(birthDateProblem(latestBirthDate(NOW), NOW)).toBeNull();
  });
  test('on 29 February it is the 28th of a year without one', () => {
    const leapDay = new Date('2028-02-29T08:00:00Z');
    expect(latestBirthDate(leapDay)).toBe('2010-02-28');
    expect(birthDateProblem(latestBirthDate(leapDay), leapDay)).toBeNull();
  });
});

test('sexualityFor: what "I am … looking for …" implies', () => {
  expect(sexualityFor('male', 'female')).toBe('hetero');
  expect(sexualityFor('female', 'male')).toBe('hetero');
  expect(sexualityFor('male', 'male')).toBe('gay');
  expect(sexualityFor('female', 'female')).toBe('lesbian');
});

test('nameProblem: differs from the e-mail, no leading @', () => {
  expect(nameProblem('Anna@Example.test ', 'anna@example.test')).toBe('name_is_email');
  expect(nameProblem('@anna', 'anna@example.test')).toBe('name_at');
  expect(nameProblem('Anna', 'anna@example.test')).toBeNull();
  expect(nameProblem('', '')).toBeNull();
});

test('signupsAllowed: all, with a traffic source only with a network, none', () => {
  expect(signupsAllowed('all', undefined)).toBe(true);
  expect(signupsAllowed('with_trafficsource', undefined)).toBe(false);
  expect(signupsAllowed('with_trafficsource', '  ')).toBe(false);
  expect(signupsAllowed('with_trafficsource', 'adnet')).toBe(true);
  expect(signupsAllowed('none', 'adnet')).toBe(false);
});
