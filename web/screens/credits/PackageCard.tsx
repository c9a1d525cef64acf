import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CreditPackage } from '../../../common/api/payments';
import { PackagePrice } from './PackagePrice';

/** One package in the grid; the whole card is its link (the heading's link stretched over it). */
export function PackageCard({ pkg }: { pkg: CreditPackage }) {
  const { t } = useTranslation();
  return (
    <li className={`credits-package${pkg.popular ? ' is-popular' : ''}`}>
      <h2 className="credits-package-title">
        <Link to={`/credits/${pkg.id}`} className="credits-package-link">
          <span className="credits-package-count">{pkg.credits}</span>{' '}
          <span className="credits-package-unit">{t('credits.package.unit', { count: pkg.credits })}</span>
        </Link>
      </h2>
      {pkg.popular && <p className="credits-package-popular">{t('credits.package.popular')}</p>}
      <PackagePrice pkg={pkg} />
      <span className="btn btn-primary credits-package-cta" aria-hidden="true">
        {t('credits.package.choose')}
      </span>
    </li>
  );
}
