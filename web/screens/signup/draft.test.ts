import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, readDraft, writeDraft } from './draft';

afterEach(() => window.localStorage.clear());

describe('the signup draft', () => {
  it('keeps what was typed across a reload, but never the password', () => {
    writeDraft({
      email: 'anna@example.test',
      name: 'Anna',
      password: 'Geheim-en-lang-42',
      date_of_birth: '1994-06-01',
      gender: 'female',
      seeking_gender: 'male',
    });
    expect(readDraft()).toEqual({
      email: 'anna@example.test',
      name: 'Anna',
      date_of_birth: '1994-06-01',
      gender: 'female',
      seeking_gender: 'male',
      signup_message: '',
    });
    expect(JSON.stringify(window.localStorage)).not.toContain('Geheim-en-lang-42');
  });

  it('keeps the fields not given, such as a signup message from a member page', () => {
    writeDraft({ signup_message: 'Hoi!' });
    writeDraft({ email: 'a@b.nl' });
    expect(readDraft()).toMatchObject({ email: 'a@b.nl', signup_message: 'Hoi!' });
  });

  it('survives a damaged entry and is gone once cleared', () => {
    window.localStorage.setItem('signup-draft', '{not json');
    expect(readDraft().email).toBe('');
    window.localStorage.setItem('signup-draft', JSON.stringify({ gender: 'robot', email: 5 }));
    expect(readDraft()).toMatchObject({ gender: undefined, email: '' });
    writeDraft({ email: 'a@b.nl' });
    clearDraft();
    expect(window.localStorage.getItem('signup-draft')).toBeNull();
  });
});
