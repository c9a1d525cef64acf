import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { IDEAL_ISSUERS } from '../../../common/rules/payment-methods';

/** The iDEAL bank choice: required before paying; its message says what is missing. */
export function IssuerChoice(props: {
  value: string | null;
  onChange: (issuer: string) => void;
  missing: boolean;
  /** The first bank, focused when the member pays without choosing. */
  firstRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const { value, missing } = props;
  return (
    <fieldset
      className={`pay-issuers${missing ? ' is-missing' : ''}`}
      aria-describedby={missing ? 'pay-issuer-error' : undefined}
    >
      <legend className="credits-section-title">{t('credits.issuer.legend')}</legend>
      <div className="pay-issuer-grid">
        {IDEAL_ISSUERS.map((issuer, i) => (
          <label key={issuer.id} className={`pay-issuer${value === issuer.id ? ' is-chosen' : ''}`}>
            <input
              ref={i === 0 ? props.firstRef : undefined}
              type="radio"
              name="issuer"
              className="form-check-input"
              value={issuer.id}
              checked={value === issuer.id}
              onChange={() => props.onChange(issuer.id)}
              required
              aria-invalid={missing || undefined}
            />
            <span>{issuer.name}</span>
          </label>
        ))}
      </div>
      {missing && (
        <p id="pay-issuer-error" className="pay-error" role="alert">
          {t('credits.issuer.required')}
        </p>
      )}
    </fieldset>
  );
}
