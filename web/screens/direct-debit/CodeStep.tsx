import { type FormEvent, type ReactNode, useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_DIGITS } from '../../../common/constants';
import { Field } from '../../components/FormField';
import type { CodeValues } from './schema';

export type CodeSent = { phone_hint: string; expires_in: number };

/** The SMS code step: the code field (filled by the phone's one-time-code suggestion), confirm and resend. */
export function CodeStep(props: {
  form: UseFormReturn<CodeValues>;
  sent: CodeSent;
  /** True after "send a new code" was answered, to say so. */
  resent: boolean;
  pending: boolean;
  consent: string;
  alert: ReactNode;
  onConfirm: (e: FormEvent) => void;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const { form, sent } = props;
  const minutes = Math.max(1, Math.ceil(sent.expires_in / 60));
  // The code is the one thing left to do: the field takes focus, and its hint says where the SMS went.
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);
  return (
    <section className="dd-card dd-code-step" aria-labelledby="dd-code-title">
      <h2 id="dd-code-title">{t('directDebit.code.title')}</h2>
      <form noValidate onSubmit={props.onConfirm}>
        <Field
          className="dd-field"
          id="dd-code"
          label={t('directDebit.code.label')}
          hint={t('directDebit.code.hint', { phone: sent.phone_hint, count: minutes })}
          error={form.formState.errors.code}
        >
          {(aria) => (
            <input
              className="form-control dd-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SMS_CODE_DIGITS}
              {...aria}
              {...form.register('code')}
            />
          )}
        </Field>
        <p className="dd-resent" role="status">
          {props.resent ? t('directDebit.code.resent', { phone: sent.phone_hint }) : ''}
        </p>
        <p className="dd-consent">{props.consent}</p>
        {props.alert}
        <div className="dd-actions">
          <button type="submit" className="btn btn-primary btn-lg" disabled={props.pending}>
            {t('directDebit.code.confirm')}
          </button>
          <button type="button" className="btn btn-link" onClick={props.onResend} disabled={props.pending}>
            {t('directDebit.code.resend')}
          </button>
        </div>
      </form>
    </section>
  );
}
