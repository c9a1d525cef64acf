import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CreditPackage, PaymentStarted } from '../../../common/api/payments';
import { ApiError } from '../../api/client';
import { useDirectDebit } from '../../api/payments';
import { useSettings } from '../../api/site';
import { formatMoney } from '../../format';
import { type CodeSent, CodeStep } from './CodeStep';
import { DetailsFields } from './DetailsFields';
import { DetailsSummary } from './DetailsSummary';
import {
  type CodeValues,
  codeSchema,
  type DetailField,
  type Details,
  type DetailsInput,
  detailsSchema,
  isDetailField,
} from './schema';

/** The direct-debit refusals: nothing in the form can mend them, another method can. */
const REFUSALS = new Set(['direct_debit_blocked', 'direct_debit_limit']);

type Alert = { message: string; refused: boolean };

/**
 * The two steps of POST /api/directdebit.php: the details, answered by an SMS code, then the code,
 * answered by the payment. The details stay in their form while the code is asked for, so a field
 * error from the server can send the member back to the field it is about.
 */
export function DirectDebitForm(props: { pkg: CreditPackage; country: string; discountCode: string | null }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const debit = useDirectDebit();
  const { pkg } = props;
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [resent, setResent] = useState(false);
  const [alert, setAlert] = useState<Alert | null>(null);
  const [focusField, setFocusField] = useState<DetailField | null>(null);
  const details = useRef<Details | null>(null);

  const schema = useMemo(() => detailsSchema(props.country), [props.country]);
  const form = useForm<DetailsInput, unknown, Details>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      package_id: pkg.id,
      ...(props.discountCode ? { discount_code: props.discountCode } : {}),
      account_holder: '',
      iban: '',
      address: '',
      postal_code: '',
      city: '',
      phone: '',
    },
  });
  const codeForm = useForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  // A field error found while the code was asked for: back on the details, the field takes focus.
  const { setFocus } = form;
  useEffect(() => {
    if (!sent && focusField) {
      setFocus(focusField);
      setFocusField(null);
    }
  }, [sent, focusField, setFocus]);

  const fail = (error: unknown) => {
    if (!(error instanceof ApiError)) return setAlert({ message: t('error.internal'), refused: false });
    if (error.code === 'sms_code_invalid')
      return codeForm.setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
    const fields = Object.entries(error.body?.fields ?? {});
    const detailErrors = fields.filter(([name]) => isDetailField(name)) as [DetailField, string][];
    const codeError = fields.find(([name]) => name === 'code');
    for (const [name, message] of detailErrors) form.setError(name, { type: 'server', message });
    if (detailErrors.length > 0) {
      setSent(null);
      setFocusField(detailErrors[0]?.[0] ?? null);
    } else if (codeError) {
      codeForm.setError('code', { type: 'server', message: codeError[1] }, { shouldFocus: true });
    } else {
      setAlert({ message: error.message, refused: REFUSALS.has(error.code) });
    }
  };

  const codeSent = (data: PaymentStarted | (CodeSent & { code_sent: true })) => {
    if ('code_sent' in data) setSent({ phone_hint: data.phone_hint, expires_in: data.expires_in });
  };

  const sendCode = form.handleSubmit((values) => {
    setAlert(null);
    details.current = values;
    debit.mutate(values, { onSuccess: codeSent, onError: fail });
  });

  const resend = () => {
    if (!details.current) return;
    setAlert(null);
    setResent(false);
    codeForm.reset({ code: '' });
    debit.mutate(details.current, {
      onSuccess: (data) => {
        codeSent(data);
        setResent(true);
      },
      onError: fail,
    });
  };

  const confirm = codeForm.handleSubmit(({ code }) => {
    if (!details.current) return;
    setAlert(null);
    debit.mutate(
      { ...details.current, code },
      {
        onSuccess: (data) => {
          if ('payment' in data)
            navigate(`/credits/${pkg.id}/directdebit?payment=${encodeURIComponent(data.payment.id)}`);
        },
        onError: fail,
      },
    );
  });

  const editDetails = () => {
    setSent(null);
    setResent(false);
    setAlert(null);
    codeForm.reset({ code: '' });
    setFocusField('account_holder');
  };

  const alertNode = alert && (
    <div className="alert alert-danger dd-alert" role="alert">
      <p className="mb-0">{alert.message}</p>
      {alert.refused && (
        <Link to={`/credits/${pkg.id}`} className="alert-link d-inline-block mt-2">
          {t('directDebit.otherMethod')}
        </Link>
      )}
    </div>
  );
  const amount = formatMoney(pkg.discounted_price ?? pkg.price, pkg.currency, i18n.language);

  return (
    <>
      <section className="dd-card" aria-labelledby="dd-details-title">
        <h2 id="dd-details-title">{t('directDebit.form.title')}</h2>
        {sent && details.current ? (
          <DetailsSummary details={details.current} onEdit={editDetails} />
        ) : (
          <form noValidate onSubmit={sendCode}>
            <p className="dd-help">{t('directDebit.form.help')}</p>
            <DetailsFields form={form} />
            {alertNode}
            <div className="dd-actions">
              <button type="submit" className="btn btn-primary btn-lg" disabled={debit.isPending}>
                {debit.isPending ? t('directDebit.form.sending') : t('directDebit.form.sendCode')}
              </button>
            </div>
          </form>
        )}
      </section>
      {sent && (
        <CodeStep
          form={codeForm}
          sent={sent}
          resent={resent}
          pending={debit.isPending}
          consent={t('directDebit.code.consent', { name: settings.name, amount })}
          alert={alertNode}
          onConfirm={confirm}
          onResend={resend}
        />
      )}
    </>
  );
}
