import './direct-debit.scss';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useCredits } from '../../api/payments';
import { useUser } from '../../api/user';
import { loginPath } from '../../state/auth';
import { DirectDebitForm } from './DirectDebitForm';
import { PackageSummary } from './PackageSummary';

/** The `discount_code` of the link: letters, digits and dashes, upper-cased (as the API takes it), or nothing. */
function discountCode(value: string | null): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9-]{1,40}$/.test(code) ? code : null;
}

/** The `package` of the link from the method choice: a positive whole number, or nothing usable. */
function packageId(value: string | null): number | null {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/**
 * /directdebit?package={id}[&discount_code=…]: the direct-debit form for one credit
 * package, priced by GET /api/credits.php like the method choice that led here.
 */
export default function DirectDebitScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data: user, isPending } = useUser();
  if (!isPending && !user) return <Navigate to={loginPath(`/directdebit?${params}`)} replace />;
  const id = packageId(params.get('package'));
  return (
    <section className="container dd-page" aria-labelledby="dd-title">
      <h1 id="dd-title">{t('directDebit.title')}</h1>
      <p className="dd-intro">{t('directDebit.intro')}</p>
      {id === null ? (
        <NoPackage />
      ) : user ? (
        <PackageForm packageId={id} discountCode={discountCode(params.get('discount_code'))} />
      ) : (
        <div className="dd-placeholder" aria-hidden="true" />
      )}
    </section>
  );
}

function PackageForm(props: { packageId: number; discountCode: string | null }) {
  const { t } = useTranslation();
  // The quote for paying by direct debit (a code may allow only some methods).
  const credits = useCredits(props.discountCode, 'directdebit');
  if (credits.isError)
    return (
      <Notice role="alert">
        <p>{t('directDebit.loadFailed')}</p>
        <button type="button" className="btn btn-outline-primary" onClick={() => void credits.refetch()}>
          {t('directDebit.retry')}
        </button>
      </Notice>
    );
  if (!credits.data) return <div className="dd-placeholder" aria-hidden="true" />;
  const { packages, methods, country } = credits.data;
  const pkg = packages.find((p) => p.id === props.packageId);
  if (!pkg) return <NoPackage />;
  if (!methods.includes('directdebit'))
    return (
      <Notice>
        <p>{t('directDebit.unavailable')}</p>
        <Link to={`/credits/${pkg.id}`} className="btn btn-primary">
          {t('directDebit.otherMethod')}
        </Link>
      </Notice>
    );
  // The discount the quote gives this package goes along with the payment.
  const applied = pkg.discount?.code ?? null;
  return (
    <div className="dd-layout">
      <div className="dd-aside">
        <PackageSummary pkg={pkg} />
      </div>
      <div className="dd-main">
        <DirectDebitForm pkg={pkg} country={country} discountCode={applied} />
      </div>
    </div>
  );
}

/** No package in the link, or one the credits page does not offer: the way to choose one. */
function NoPackage() {
  const { t } = useTranslation();
  return (
    <Notice>
      <h2>{t('directDebit.noPackage.title')}</h2>
      <p>{t('directDebit.noPackage.text')}</p>
      <Link to="/credits" className="btn btn-primary">
        {t('directDebit.noPackage.cta')}
      </Link>
    </Notice>
  );
}

function Notice({ children, role }: { children: ReactNode; role?: 'alert' }) {
  return (
    <div className="dd-card dd-notice" role={role}>
      {children}
    </div>
  );
}
