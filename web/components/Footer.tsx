import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCompanyInfo, useSettings } from '../api/site';
import { lazyImport } from '../state/chunk-reload';

const CompanyAddress = lazy(lazyImport(() => import('./CompanyAddress')));
/** The address's place, kept until it is drawn (the longest variant's three lines), so nothing below moves. */
const addressPlace = <p className="company-address is-pending" aria-hidden="true" />;

const LINKS = [
  ['/pages/terms', 'footer.terms'],
  ['/pages/privacy', 'footer.privacy'],
  ['/pages/cookies', 'footer.cookies'],
  ['/pages/ban', 'footer.ban'],
  ['/pricing', 'footer.pricing'],
  ['/complaints', 'footer.complaints'],
  ['/pages/return-policy', 'footer.returnPolicy'],
  ['/pages/faq', 'footer.faq'],
  ['/pages/service', 'footer.support'],
] as const;

/** The footer: the information links, the company behind the site, the copyright line. */
export function Footer() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { data: company } = useCompanyInfo();
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label={t('footer.navigation')}>
          <ul className="footer-links">
            {LINKS.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {company ? (
          <Suspense fallback={addressPlace}>
            <CompanyAddress company={company} variant={settings.company_address_variant} />
          </Suspense>
        ) : (
          addressPlace
        )}
        <p className="copyright">
          {t('footer.copyright', { year: new Date().getFullYear(), site: settings.name })}
        </p>
      </div>
    </footer>
  );
}
