import './credits.scss';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { CurrentUser } from '../../../common/api/user';
import { useUser } from '../../api/user';
import { FictionalDisclosure } from '../../components/FictionalDisclosure';
import { loginPath } from '../../state/auth';
import { usePriceQuote } from '../../state/price-quote';
import { Assurance } from './Assurance';
import { AutoDiscountNote } from './AutoDiscountNote';
import { DiscountCodeForm } from './DiscountCodeForm';
import { LoadFailed } from './LoadFailed';
import { Loading } from './Loading';
import { PackageCard } from './PackageCard';

/** /credits: the packages of the payment country, priced with the active discount, and the code entry. */
export default function CreditsScreen() {
  const { data: user, isPending } = useUser();
  if (!isPending && !user) return <Navigate to={loginPath('/credits')} replace />;
  return user ? (
    <CreditsPage user={user} />
  ) : (
    <section className="container credits-page">
      <Loading packages={3} />
    </section>
  );
}

function CreditsPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const pricing = usePriceQuote();
  const { data } = pricing;
  const lastPackage = data?.last_order && data.packages.find((p) => p.id === data.last_order?.package_id);
  return (
    <section className="container credits-page" aria-labelledby="credits-title">
      <header className="credits-head">
        <h1 id="credits-title">{t('credits.title')}</h1>
        <p className="credits-balance">{t('credits.balance', { count: user.credits })}</p>
      </header>
      <p className="credits-intro">{t(user.paid_user ? 'credits.intro' : 'credits.introPremium')}</p>
      <FictionalDisclosure className="credits-fictional" titled />
      <AutoDiscountNote automatic={pricing.automatic} packages={data?.packages ?? []} />
      {pricing.failed ? (
        <LoadFailed retry={pricing.retry} />
      ) : data ? (
        data.packages.length === 0 ? (
          <p className="credits-failed">{t('credits.noPackages')}</p>
        ) : (
          <ul className="credits-packages">
            {data.packages.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} />
            ))}
          </ul>
        )
      ) : (
        <Loading packages={3} />
      )}
      {data && lastPackage && data.last_order && (
        <p className="credits-repeat">
          <Link to="/credits/repeat-order">
            {t('credits.repeat.link', {
              count: lastPackage.credits,
              method: t(`paymentMethods.${data.last_order.method}`),
            })}
          </Link>
        </p>
      )}
      <DiscountCodeForm
        entered={pricing.entered}
        currency={data?.currency ?? 'EUR'}
        dropped={pricing.dropped}
        clearDropped={pricing.clearDropped}
      />
      <Assurance />
    </section>
  );
}
