import { MIN_AGE } from '../constants';
import type { Gender, Sexuality } from '../profile-options';
import { ageOn } from './age';

/** Why a date of birth is refused, or null when it is fine. */
export type BirthDateProblem = 'required' | 'invalid' | 'too_young';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Older than this is a typing mistake (the same bound as the profile form). */
const OLDEST_AGE = 120;

/**
 * The date of birth is required with a minimum age; a date that does not exist, lies in
 * the future or gives an age no one reaches is invalid.
 */
export function birthDateProblem(value: string, now: Date): BirthDateProblem | null {
  if (value.trim() === '') return 'required';
  const m = ISO_DATE.exec(value);
  if (!m) return 'invalid';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  if (!real || date.getTime() > now.getTime()) return 'invalid';
  const age = ageOn(value, now);
  if (age > OLDEST_AGE) return 'invalid';
  return age < MIN_AGE ? 'too_young' : null;
}

/** The latest date of birth that is old enough today, for the date picker's `max`. */
export function latestBirthDate(now: Date): string {
  const year = now.getUTCFullYear() - MIN_AGE;
  let d = new Date(Date.UTC(year, now.getUTCMonth(), now.getUTCDate()));
  // 29 February in a year without one: the 28th is the last day that is old enough.
  if (d.getUTCDate() !== now.getUTCDate()) d = new Date(Date.UTC(year, now.getUTCMonth() + 1, 0));
  return d.toISOString().slice(0, 10);
}

/** The sexuality that "I am a … looking for a …" implies; the member can refine it later (bi). */
export function sexualityFor(gender: Gender, seeking: Gender): Sexuality {
  if (gender !== seeking) return 'hetero';
  return gender === 'male' ? 'gay' : 'lesbian';
}

/** The profile name differs from the e-mail address and does not start with @. */
export function nameProblem(name: string, email: string): 'name_is_email' | 'name_at' | null {
  const n = name.trim().toLowerCase();
  if (n.startsWith('@')) return 'name_at';
  if (n !== '' && n === email.trim().toLowerCase()) return 'name_is_email';
  return null;
}

/** Signup is open with `all`, or with `with_trafficsource` when a tracking network came along. */
export function signupsAllowed(
  setting: 'all' | 'with_trafficsource' | 'none',
  network: string | undefined,
): boolean {
  return setting === 'all' || (setting === 'with_trafficsource' && Boolean(network?.trim()));
}
