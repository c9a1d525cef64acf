import type { TFunction } from 'i18next';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MESSAGE_VARS } from '../../../common/rules/password';
import { ApiError } from '../../api/client';
import { Field } from '../../components/FormField';

/**
 * A field message: the zod rules give catalog keys, the server gives text already in the member's
 * language (field errors and error messages alike).
 */
export function messageText(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  return /^(validation|error)\.[A-Za-z_]+$/.test(message) ? t(message, PASSWORD_MESSAGE_VARS) : message;
}

/** The server's field errors of a failed call, for react-hook-form's setError. */
export function serverFieldErrors(error: unknown): [string, string][] {
  return error instanceof ApiError ? Object.entries(error.body?.fields ?? {}) : [];
}

type FieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur'>;

/**
 * One input of the account pages in the shared Field; a password gets a button that shows what
 * was typed. The hint stays beside a problem: it states the rules the problem refers to.
 */
export function AccountField({ label, registration, error, hint, type = 'text', ...input }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      keepHint
      error={messageText(t, error?.message)}
      className="account-field"
    >
      {(aria) => {
        const control = (
          <input
            {...aria}
            type={type === 'password' && shown ? 'text' : type}
            className={`form-control ${aria['aria-invalid'] ? 'is-invalid' : ''}`}
            {...input}
            {...registration}
          />
        );
        if (type !== 'password') return control;
        return (
          <div className="input-group">
            {control}
            <button
              type="button"
              className="btn password-toggle"
              aria-pressed={shown}
              aria-controls={id}
              onClick={() => setShown((s) => !s)}
            >
              {shown ? t('accountMail.hidePassword') : t('accountMail.showPassword')}
            </button>
          </div>
        );
      }}
    </Field>
  );
}
