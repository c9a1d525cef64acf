import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import type { FieldError } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../test-i18n';
import { Field } from './FormField';

async function field(props: Omit<ComponentProps<typeof Field>, 'id' | 'label' | 'children'>) {
  const { container } = render(
    <I18nextProvider i18n={await testI18n()}>
      <Field id="city" label="City" {...props}>
        {(aria) => <input {...aria} />}
      </Field>
    </I18nextProvider>,
  );
  const input = screen.getByLabelText('City');
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);
  return { input, described, wrapper: container.firstElementChild as HTMLElement };
}

const error = (message: string, type = 'validate') => ({ type, message }) as FieldError;

describe('a form field', () => {
  it('labels its control, and ties the hint to it', async () => {
    const { input, described, wrapper } = await field({ hint: 'As on your letters' });
    expect(input.id).toBe('city');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(described).toEqual(['As on your letters']);
    expect(wrapper.className).toBe('form-field');
  });

  it('has nothing to describe without a hint or a problem', async () => {
    const { input } = await field({ className: 'sites-field' });
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.closest('.sites-field')).toBeTruthy();
  });

  it("words the rules' catalog keys, and puts the message in the hint's place", async () => {
    const { input, described } = await field({ hint: 'As on your letters', error: error('validation.city') });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(described).toEqual(['Enter your city.']);
    expect(screen.queryByText('As on your letters')).toBeNull();
  });

  it("shows the server's own words, and a generic text for anything else", async () => {
    expect((await field({ error: error('Straat onbekend', 'server') })).described).toEqual([
      'Straat onbekend',
    ]);
    cleanup();
    expect((await field({ error: error('Too small', 'too_small') })).described).toEqual([
      'This value is not valid.',
    ]);
  });

  it('takes a message the form worded itself, and can keep the hint above it', async () => {
    const { input, described, wrapper } = await field({
      hint: 'Without https://',
      keepHint: true,
      error: 'This host name is taken.',
    });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(described).toEqual(['Without https://', 'This host name is taken.']);
    expect([...wrapper.children].map((c) => c.textContent)).toEqual([
      'City',
      '',
      'Without https://',
      'This host name is taken.',
    ]);
  });

  it('takes an empty message for no problem', async () => {
    const { input, described } = await field({ hint: 'Without https://', keepHint: true, error: '' });
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(described).toEqual(['Without https://']);
  });
});
