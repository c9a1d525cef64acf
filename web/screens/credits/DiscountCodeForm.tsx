import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscountCode } from '../../../common/api/payments';
import { ApiError } from '../../api/client';
import { creditsKey, fetchCredits } from '../../api/payments';
import { setEnteredCode } from '../../state/entered-code';
import { formatMoney } from './money';

// The shape of common/api/payments.ts discountCodeText, checked here so a typo gets an answer at once.
const CODE_PATTERN = /^[A-Z0-9-]{1,40}$/;

/**
 * The discount code entry: the server quotes the packages with the code (credits.php) and refuses
 * one that does not exist, is used, or would lower no price below the running discount; only a
 * code the quote took is kept. It says which code applies, and why one does not, in the server's words.
 */
export function DiscountCodeForm(props: {
  /** The entered code the current quote took. */
  entered: DiscountCode | null;
  currency: string;
  dropped: { code: string; message: string } | null;
  clearDropped: () => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const id = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { entered } = props;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const code = value.trim().toUpperCase();
    props.clearDropped();
    if (!CODE_PATTERN.test(code)) {
      setError(t(code ? 'credits.code.format' : 'credits.code.empty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // The same cache entry the packages read, so the prices change without a second request.
      const priced = await client.fetchQuery({
        queryKey: creditsKey(code),
        queryFn: () => fetchCredits(code),
        // The member waits on this answer: a failure is reported at once, not after five retries.
        retry: false,
      });
      if (!priced.discount_code) setError(t('credits.code.notApplicable', { code }));
      else {
        setEnteredCode(code);
        setValue('');
      }
    } catch (err) {
      setError(err instanceof ApiError && err.body ? err.message : t('credits.code.failed'));
    } finally {
      setBusy(false);
    }
  };

  const methodNames = entered?.paymentmethods.map((m) => t(`paymentMethods.${m}`)).join(', ');
  return (
    <section className="credits-code" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="credits-code-title">
        {t('credits.code.title')}
      </h2>
      <div aria-live="polite" className="credits-code-status">
        {entered && (
          <div className="credits-code-applied">
            <p>
              <strong>
                {t('credits.code.applied', { code: entered.code, percentage: entered.value_percentage })}
              </strong>
            </p>
            {methodNames && <p>{t('credits.code.onlyWith', { methods: methodNames })}</p>}
            {entered.minimum_order_value > 0 && (
              <p>
                {t('credits.code.minimum', {
                  amount: formatMoney(
                    entered.minimum_order_value,
                    entered.currency ?? props.currency,
                    i18n.language,
                  ),
                })}
              </p>
            )}
            <button
              type="button"
              className="btn btn-link credits-code-remove"
              onClick={() => setEnteredCode(null)}
            >
              {t('credits.code.remove', { code: entered.code })}
            </button>
          </div>
        )}
        {props.dropped && (
          <p className="credits-code-error">
            {t('credits.code.dropped', { code: props.dropped.code, reason: props.dropped.message })}
          </p>
        )}
      </div>
      <form className="credits-code-form" onSubmit={submit} noValidate>
        <label className="form-label" htmlFor={`${id}-input`}>
          {t('credits.code.label')}
        </label>
        <div className="credits-code-row">
          <input
            id={`${id}-input`}
            className={`form-control${error ? ' is-invalid' : ''}`}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className="btn btn-outline-primary" disabled={busy}>
            {busy ? t('credits.code.checking') : t('credits.code.apply')}
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="credits-code-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
