import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VALIDATION_VARS } from '../../../common/api/profile-edit';

/**
 * A field's message: the form's own rules give catalog keys, the server gives text already in the
 * member's language, and anything else (a value the form never offers) the generic text.
 */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (error: FieldError | undefined) => {
    const message = error?.message;
    if (!message) return '';
    if (message.startsWith('validation.')) return t(message, VALIDATION_VARS);
    return error.type === 'server' ? message : t('validation.invalid');
  };
}

/** Label, control and message, tied together for screen readers. */
export function Field(props: {
  id: string;
  label: string;
  error?: FieldError;
  hint?: ReactNode;
  className?: string;
  children: (aria: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const message = useFieldMessage()(props.error);
  const describedBy = [props.hint ? `${props.id}-hint` : '', message ? `${props.id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`profile-field ${props.className ?? ''}`}>
      <label className="form-label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children({
        id: props.id,
        'aria-invalid': Boolean(message),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {props.hint && (
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
