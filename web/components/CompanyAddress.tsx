import { useTranslation } from 'react-i18next';
import type { CompanyInfo } from '../../common/api/company';
import type { SiteSettings } from '../../common/api/settings';

/**
 * The three company-address variants, chosen per site (company_address_variant). Its own chunk: the
 * footer's address is below the first screen, and the footer keeps its place until it is there.
 */
export default function CompanyAddress({
  company,
  variant,
}: {
  company: CompanyInfo;
  variant: SiteSettings['company_address_variant'];
}) {
  const { t } = useTranslation();
  if (variant === 'compact') {
    return (
      <p className="company-address">
        {company.name} · {company.city}, {company.country}
      </p>
    );
  }
  if (variant === 'tradename') {
    return (
      <p className="company-address">
        {t('footer.operatedBy', { tradenames: company.tradenames.join(', '), company: company.name })}
        <br />
        {company.address}, {company.postal_code} {company.city}, {company.country}
      </p>
    );
  }
  return (
    <address className="company-address">
      {company.name}
      <br />
      {company.address}, {company.postal_code} {company.city}, {company.country}
      <br />
      {t('footer.registration', { number: company.kvk })}
      {company.vat_numbers.length > 0 && (
        <> · {t('footer.vat', { numbers: company.vat_numbers.join(', ') })}</>
      )}
    </address>
  );
}
