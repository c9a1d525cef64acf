import { useTranslation } from 'react-i18next';
import { groupIban } from './iban-input';
import type { Details } from './schema';

/** The details the code was sent for, read back while the code is asked for, with the way to change them. */
export function DetailsSummary({ details, onEdit }: { details: Details; onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="dd-facts">
        <dt>{t('directDebit.form.accountHolder')}</dt>
        <dd>{details.account_holder}</dd>
        <dt>{t('directDebit.form.iban')}</dt>
        <dd className="dd-iban">{groupIban(details.iban)}</dd>
        <dt>{t('directDebit.form.addressBlock')}</dt>
        <dd>
          {details.address}
          <br />
          {details.postal_code} {details.city}
        </dd>
        <dt>{t('directDebit.form.phone')}</dt>
        <dd>{details.phone}</dd>
      </dl>
      <button type="button" className="btn btn-outline-primary" onClick={onEdit}>
        {t('directDebit.form.edit')}
      </button>
    </>
  );
}
