import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldAria } from '../../components/FormField';

/** A password input with a button that shows what was typed (easier on a phone keyboard). */
export function PasswordInput(
  props: FieldAria & {
    registration: UseFormRegisterReturn;
    autoComplete: 'new-password' | 'current-password';
  },
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
