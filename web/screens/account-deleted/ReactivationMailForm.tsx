import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ReactivationMailRequest, reactivationMailRequest } from '../../../common/api/settings-account';
import { useReactivationMail } from '../../api/settings-account';
import { Field } from '../../components/FormField';

/** "No e-mail received?": a new link to the address, with an answer that never tells whether it has an account. */
export function ReactivationMailForm() {
  const { t } = useTranslation();
  const send = useReactivationMail();
  const id = useId();
  const form = useForm<ReactivationMailRequest>({
    resolver: zodResolver(reactivationMailRequest),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email;
  return (
    <form className="reactivation-mail" noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))}>
      <h3>{t('accountDeleted.resendTitle')}</h3>
      <p>{t('accountDeleted.resendText')}</p>
      <Field
        id={`${id}-email`}
        label={t('accountDeleted.email')}
        error={error?.message ? t(error.message) : ''}
        className="reactivation-mail-field"
      >
        {(aria) => (
          <div className="reactivation-mail-row">
            <input
              {...aria}
              type="email"
              autoComplete="email"
              className={`form-control ${error ? 'is-invalid' : ''}`}
              {...form.register('email')}
            />
            <button type="submit" className="btn btn-primary" disabled={send.isPending}>
              {t('accountDeleted.resend')}
            </button>
          </div>
        )}
      </Field>
      <p className={`mt-2 mb-0 ${send.isError ? 'is-error' : 'is-ok'}`} role="status">
        {send.isError ? send.error.message : send.isSuccess ? t('accountDeleted.resent') : ''}
      </p>
    </form>
  );
}
