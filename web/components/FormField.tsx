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

/**
 * Label, control, hint and message, tied together for screen readers: every labelled field of the
 * member forms and the console. By default the message replaces the hint (one line to read under
 * the field); `keepHint` keeps it above the message where it states what the value must be.
 */
export function Field(props: {
  id: string;
  label: ReactNode;
  /** The form's error, worded here; or a message the form worded itself (the console, its own catalog). */
  error?: FieldError | string;
  hint?: ReactNode;
  keepHint?: boolean;
  /** The wrapper's class: each form styles its fields. */
  className?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const word = useFieldMessage();
  const message = typeof props.error === 'string' ? props.error : word(props.error);
  const hint = props.hint && (props.keepHint || !message);
  const describedBy = [hint ? `${props.id}-hint` : '', message ? `${props.id}-error` : '']
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
      {hint && (
        <div className="form-text" id={`${props.id}-hint`}>
          {props.hint}
        </div>
      )}
      {message && (
        <div className="invalid-feedback d-block" id={`${props.id}-error`}>
          {message}
        </div>
      )}
    </div>
  );
}
