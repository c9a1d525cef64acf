import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { cleanPhone, termsVersionDate } from '../../../common/rules/company';
import { infoPageKey, isInfoPage } from '../../../common/rules/info-pages';
import { useCompanyInfo, useSettings } from '../../api/site';
import { RichText } from '../../components/RichText';
import { usePageTitle } from '../../components/TitleSync';
import { formatDate } from '../../format';
import { NotFound } from '../error/ErrorPage';

/** /pages/<slug> and /<token>: terms, privacy, cookies, ban, faq, service, return policy. */
export default function Screen() {
  // The long texts live in the `pages` namespace, fetched only when an information page opens.
  const { t, i18n } = useTranslation('pages');
  const params = useParams();
  const slug = params.page ?? params.token;
  const settings = useSettings();
  const { data: company } = useCompanyInfo();
  const page = isInfoPage(slug) ? slug : null;
  const key = page ? infoPageKey(page) : null;
  usePageTitle(key ? t(`${key}.title`) : null);
  if (!page || !key) return <NotFound />;
  if (!company) return null;

  const phone = cleanPhone(settings.support_phone);
  const vars = {
    site: settings.name,
    domain: settings.domain,
    company: company.name,
    address: `${company.address}, ${company.postal_code} ${company.city}, ${company.country}`,
    kvk: company.kvk,
    vat: company.vat_numbers.join(', '),
    email: settings.support_email,
    phone,
    refundDays: settings.refund_days,
    termsDate: formatDate(termsVersionDate(company.added), i18n.language),
  };
  return (
    <article className="info-page container">
      <h1>{t(`${key}.title`)}</h1>
      {page === 'terms' && <p className="text-body-secondary">{t('terms.version', vars)}</p>}
      <RichText text={t(`${key}.body`, vars)} />
      {page === 'service' && (
        <dl className="contact-card">
          <dt>{t('service.emailLabel')}</dt>
          <dd>
            <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
          </dd>
          <dt>{t('service.phoneLabel')}</dt>
          <dd>
            <a href={`tel:${phone}`}>{phone}</a>
          </dd>
          <dt>{t('service.companyLabel')}</dt>
          <dd>
            {company.name}, {vars.address}
          </dd>
        </dl>
      )}
    </article>
  );
}
