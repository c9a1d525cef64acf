import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VALIDATION_VARS } from '../../common/api/profile-edit';
import { PASSWORD_MESSAGE_VARS } from '../../common/rules/password';

const VARS = { ...VALIDATION_VARS, ...PASSWORD_MESSAGE_VARS };

/**
 * A field's message: the form's own rules give catalog keys, the server gives text already in the
 * member's language, and anything else (a value the form never offers) the generic text.
 */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (error: FieldError | undefined) => {
    const message = error?.message;
    if (!message) return '';
    if (message.startsWith('validation.')) return t(message, VARS);
    return error.type === 'server' ? message : t('validation.invalid');
  };
}

export type FieldAria = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

/** Label, control, hint and message, tied together for screen readers; the message replaces the hint. */
export function Field(props: {
  id: string;
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
  /** The wrapper's class: each form styles its fields. */
  className?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const message = useFieldMessage()(props.error);
  const describedBy = [props.hint && !message ? `${props.id}-hint` : '', message ? `${props.id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={props.className ?? 'form-field'}>
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
