import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { directDebitRequest } from '../../../common/api/direct-debit';
import { Field } from '../../components/FormField';
import { formatIbanField } from './iban-input';
import type { DetailField, Details, DetailsInput } from './schema';

/** The request's own length limit, so the field stops where the server would refuse. */
const max = (name: DetailField) => directDebitRequest.shape[name].maxLength ?? undefined;

/** Account holder, IBAN, address and mobile number, each with the browser's autofill hint. */
export function DetailsFields({ form }: { form: UseFormReturn<DetailsInput, unknown, Details> }) {
  const { t } = useTranslation();
  const { register, formState } = form;
  const errors = formState.errors;
  const iban = register('iban');
  return (
    <div className="dd-fields">
      <Field
        className="dd-field dd-field-wide"
        id="dd-account-holder"
        label={t('directDebit.form.accountHolder')}
        error={errors.account_holder}
      >
        {(aria) => (
          <input
            className="form-control"
            autoComplete="name"
            maxLength={max('account_holder')}
            {...aria}
            {...register('account_holder')}
          />
        )}
      </Field>
      <Field
        className="dd-field dd-field-wide"
        id="dd-iban"
        label={t('directDebit.form.iban')}
        hint={t('directDebit.form.ibanHint')}
        error={errors.iban}
      >
        {(aria) => (
          <input
            className="form-control dd-iban"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={max('iban')}
            {...aria}
            {...iban}
            onChange={(e) => {
              formatIbanField(e.target);
              return iban.onChange(e);
            }}
          />
        )}
      </Field>
      <Field
        className="dd-field dd-field-wide"
        id="dd-address"
        label={t('directDebit.form.address')}
        error={errors.address}
      >
        {(aria) => (
          <input
            className="form-control"
            autoComplete="address-line1"
            maxLength={max('address')}
            {...aria}
            {...register('address')}
          />
        )}
      </Field>
      <Field
        className="dd-field"
        id="dd-postal-code"
        label={t('directDebit.form.postalCode')}
        error={errors.postal_code}
      >
        {(aria) => (
          <input
            className="form-control"
            autoComplete="postal-code"
            maxLength={max('postal_code')}
            {...aria}
            {...register('postal_code')}
          />
        )}
      </Field>
      <Field className="dd-field" id="dd-city" label={t('directDebit.form.city')} error={errors.city}>
        {(aria) => (
          <input
            className="form-control"
            autoComplete="address-level2"
            maxLength={max('city')}
            {...aria}
            {...register('city')}
          />
        )}
      </Field>
      <Field
        className="dd-field dd-field-wide"
        id="dd-phone"
        label={t('directDebit.form.phone')}
        hint={t('directDebit.form.phoneHint')}
        error={errors.phone}
      >
        {(aria) => (
          <input
            className="form-control"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={max('phone')}
            {...aria}
            {...register('phone')}
          />
        )}
      </Field>
    </div>
  );
}
