import type { TFunction } from 'i18next';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MESSAGE_VARS } from '../../../common/rules/password';
import { ApiError } from '../../api/client';

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

/** Label, input, hint and message, tied together for screen readers. */
export function Field({ label, registration, error, hint, type = 'text', ...input }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  const password = type === 'password';
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="account-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <div className={password ? 'input-group' : undefined}>
        <input
          id={id}
          type={password && shown ? 'text' : type}
          className={`form-control ${error ? 'is-invalid' : ''}`}
          aria-invalid={Boolean(error)}
          aria-describedby={described || undefined}
          {...input}
          {...registration}
        />
        {password && (
          <button
            type="button"
            className="btn password-toggle"
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? t('accountMail.hidePassword') : t('accountMail.showPassword')}
          </button>
        )}
      </div>
      {hint && (
        <p className="form-text" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error?.message && (
        <p className="invalid-message" id={`${id}-error`}>
          {messageText(t, error.message)}
        </p>
      )}
    </div>
  );
}
