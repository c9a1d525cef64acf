import { type ReactNode, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VALIDATION_VARS } from '../../../common/api/profile-edit';
import { PASSWORD_MESSAGE_VARS } from '../../../common/rules/password';

const VARS = { ...VALIDATION_VARS, ...PASSWORD_MESSAGE_VARS };

/**
 * The text of a field's problem: the form's own rules give catalog keys, the server gives text
 * already in the member's language.
 */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (error: FieldError | undefined) => {
    const message = error?.message;
    if (!message) return '';
    return message.startsWith('validation.') ? t(message, VARS) : message;
  };
}

type Aria = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

/** Label, control, hint and message, tied together for screen readers. */
export function Field(props: {
  id: string;
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
  children: (aria: Aria) => ReactNode;
}) {
  const message = useFieldMessage()(props.error);
  const describedBy = [props.hint && !message ? `${props.id}-hint` : '', message ? `${props.id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children({
        id: props.id,
        'aria-invalid': Boolean(message),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {message && (
        <div className="invalid-feedback d-block" id={`${props.id}-error`}>
          {message}
        </div>
      )}
      {props.hint && !message && (
        <div className="form-text" id={`${props.id}-hint`}>
          {props.hint}
        </div>
      )}
    </div>
  );
}

/** A password input with a button that shows what was typed (easier on a phone keyboard). */
export function PasswordInput(
  props: Aria & { registration: UseFormRegisterReturn; autoComplete: 'new-password' | 'current-password' },
) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const { registration, autoComplete, ...aria } = props;
  return (
    <div className="password-input">
      <input
        {...aria}
        {...registration}
        type={shown ? 'text' : 'password'}
        className={`form-control ${aria['aria-invalid'] ? 'is-invalid' : ''}`}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={128}
      />
      <button
        type="button"
        className="btn btn-link password-toggle"
        aria-pressed={shown}
        aria-controls={aria.id}
        onClick={() => setShown((s) => !s)}
      >
        {t('auth.showPassword')}
      </button>
    </div>
  );
}
