import { useTranslation } from 'react-i18next';
import type { TransactionResponse } from '../../../common/api/payments';

type Invoice = TransactionResponse['invoice'];

/** A country code in the reader's language; a name the server already wrote stays as it is. */
function countryName(country: string, lng: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([lng], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** The seller's details a member needs for an invoice: who sold it, where, and its tax numbers. */
export function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="tx-card" aria-labelledby="tx-invoice">
      <h2 id="tx-invoice">{t('transactions.invoice.title')}</h2>
      <dl className="tx-facts">
        <dt>{t('transactions.invoice.company')}</dt>
        <dd>{invoice.company}</dd>
        <dt>{t('transactions.invoice.address')}</dt>
        <dd>{invoice.address}</dd>
        <dt>{t('transactions.invoice.postalCode')}</dt>
        <dd>{invoice.postal_code}</dd>
        <dt>{t('transactions.invoice.city')}</dt>
        <dd>{invoice.city}</dd>
        <dt>{t('transactions.invoice.country')}</dt>
        <dd>{countryName(invoice.country, i18n.language)}</dd>
        <dt>{t('transactions.invoice.kvk')}</dt>
        <dd>{invoice.kvk}</dd>
        {invoice.vat_numbers.length > 0 && (
          <>
            <dt>{t('transactions.invoice.vatNumbers', { count: invoice.vat_numbers.length })}</dt>
            <dd>
              {invoice.vat_numbers.map((n) => (
                <span key={n} className="d-block">
                  {n}
                </span>
              ))}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
