import type { Gender } from '../../../common/profile-options';
import { safeStorage } from '../../state/storage';

/**
 * The signup form draft, kept across a reload. The password is never written to storage: a
 * reload asks for it again rather than leaving it readable on the device.
 */
export type SignupDraft = {
  email: string;
  name: string;
  date_of_birth: string;
  gender?: Gender;
  seeking_gender?: Gender;
  /** A first message to the member a visitor signs up from (member landing pages). */
  signup_message: string;
};

const KEY = 'signup-draft';
const EMPTY: SignupDraft = { email: '', name: '', date_of_birth: '', signup_message: '' };
const GENDER = new Set(['male', 'female']);
const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

export function readDraft(): SignupDraft {
  try {
    const raw = JSON.parse(safeStorage.get(KEY) ?? '{}') as Record<string, unknown>;
    return {
      email: text(raw.email, 254),
      name: text(raw.name, 100),
      date_of_birth: text(raw.date_of_birth, 10),
      gender: GENDER.has(String(raw.gender)) ? (raw.gender as Gender) : undefined,
      seeking_gender: GENDER.has(String(raw.seeking_gender)) ? (raw.seeking_gender as Gender) : undefined,
      signup_message: text(raw.signup_message, 2000),
    };
  } catch {
    return { ...EMPTY };
  }
}

/** Stores the draft's fields; anything else given (the password) is left out on purpose. */
export function writeDraft(values: Partial<SignupDraft> & Record<string, unknown>) {
  const current = readDraft();
  const next: SignupDraft = {
    email: text(values.email ?? current.email, 254),
    name: text(values.name ?? current.name, 100),
    date_of_birth: text(values.date_of_birth ?? current.date_of_birth, 10),
    gender: (values.gender as Gender | undefined) ?? current.gender,
    seeking_gender: (values.seeking_gender as Gender | undefined) ?? current.seeking_gender,
    signup_message: text(values.signup_message ?? current.signup_message, 2000),
  };
  safeStorage.set(KEY, JSON.stringify(next));
}

export function clearDraft() {
  safeStorage.remove(KEY);
}
