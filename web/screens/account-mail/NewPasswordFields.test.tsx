import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { type PasswordResetPerform, passwordResetPerform } from '../../../common/api/account-mail';
import { testI18n } from '../../test-i18n';
import { NewPasswordFields } from './NewPasswordFields';

const TOKEN = 'x'.repeat(43);

function ResetForm() {
  const form = useForm<PasswordResetPerform>({
    resolver: zodResolver(passwordResetPerform),
    defaultValues: { token: TOKEN, password: '', password_repeat: '' },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(() => {})}>
      <NewPasswordFields register={form.register} errors={form.formState.errors} />
      <button type="submit">Save</button>
    </form>
  );
}

async function open() {
  render(
    <I18nextProvider i18n={await testI18n()}>
      <ResetForm />
    </I18nextProvider>,
  );
  return {
    password: screen.getByLabelText('New password') as HTMLInputElement,
    repeat: screen.getByLabelText('Repeat the new password') as HTMLInputElement,
  };
}

const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

async function submit(password: string, repeat: string) {
  const fields = await open();
  fireEvent.input(fields.password, { target: { value: password } });
  fireEvent.input(fields.repeat, { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return fields;
}

describe('the new password, twice', () => {
  it('asks for a new password, hidden, with its rules, and for the same once more', async () => {
    const { password, repeat } = await open();
    for (const input of [password, repeat]) {
      expect(input.type).toBe('password');
      expect(input.autocomplete).toBe('new-password');
      expect(input.getAttribute('aria-invalid')).toBe('false');
    }
    expect(describedText(password)).toEqual([
      '8 to 128 characters. A sentence of a few words is strong and easy to remember.',
    ]);
    expect(repeat.hasAttribute('aria-describedby')).toBe(false);
  });

  it('says on the second field that the two differ', async () => {
    const { password, repeat } = await submit('a sentence of words', 'a sentence of word');
    expect(await screen.findByText('The passwords you entered are not the same.')).toBeTruthy();
    expect(repeat.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(repeat)).toEqual(['The passwords you entered are not the same.']);
    expect(password.getAttribute('aria-invalid')).toBe('false');
  });

  it('keeps the rules beside a password that breaks them', async () => {
    const { password } = await submit('short', 'short');
    expect(await screen.findByText('Choose a password of 8 to 128 characters.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(password)).toEqual([
      '8 to 128 characters. A sentence of a few words is strong and easy to remember.',
      'Choose a password of 8 to 128 characters.',
    ]);
  });

  it('shows what was typed in one field at a time, and hides it again', async () => {
    const { password, repeat } = await open();
    const [showFirst] = screen.getAllByRole('button', { name: 'Show' });
    fireEvent.click(showFirst as HTMLElement);
    expect(password.type).toBe('text');
    expect(repeat.type).toBe('password');
    expect(showFirst?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(password.type).toBe('password');
  });
});
