import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MESSAGE_VARS } from '../../../common/rules/password';
import { AccountField } from './Field';

type Name = 'password' | 'password_repeat';

/**
 * A new password, twice (the reset link, the settings). The rules stand under the first field;
 * the shared schema puts a mismatch on the second, where the member typed the difference.
 */
export function NewPasswordFields(props: {
  register: (name: Name) => UseFormRegisterReturn;
  errors: Partial<Record<Name, FieldError>>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <AccountField
        label={t('accountMail.newPassword')}
        type="password"
        autoComplete="new-password"
        registration={props.register('password')}
        error={props.errors.password}
        hint={t('accountMail.passwordHint', PASSWORD_MESSAGE_VARS)}
      />
      <AccountField
        label={t('accountMail.repeatPassword')}
        type="password"
        autoComplete="new-password"
        registration={props.register('password_repeat')}
        error={props.errors.password_repeat}
      />
    </>
  );
}
