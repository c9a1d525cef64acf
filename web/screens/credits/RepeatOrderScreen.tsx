import './credits.scss';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useCredits, useRepeatOrder } from '../../api/payments';
import { useUser } from '../../api/user';
import { loginPath } from '../../state/auth';
import { checkout } from './checkout';
import { LoadFailed } from './LoadFailed';
import { Loading } from './Loading';
import { MethodIcon } from './MethodIcon';
import { NotOffered } from './NotOffered';
import { PackagePrice } from './PackagePrice';

/** /credits/repeat-order: the last package again, by the last method, in one step. */
export default function RepeatOrderScreen() {
  const { data: user, isPending } = useUser();
  if (!isPending && !user) return <Navigate to={loginPath('/credits/repeat-order')} replace />;
  return user ? (
    <RepeatOrder />
  ) : (
    <section className="container credits-page credits-narrow">
      <Loading />
    </section>
  );
}

function RepeatOrder() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The repeat order takes no code: its price is the quote without one.
  const credits = useCredits(null);
  const repeat = useRepeatOrder();
  const last = credits.data?.last_order ?? null;
  const pkg = last ? credits.data?.packages.find((p) => p.id === last.package_id) : undefined;
  const noEarlier = repeat.error instanceof ApiError && repeat.error.status === 404;

  if (credits.isError)
    return (
      <section className="container credits-page credits-narrow">
        <LoadFailed retry={() => void credits.refetch()} />
      </section>
    );
  if (!credits.data)
    return (
      <section className="container credits-page credits-narrow">
        <Loading />
      </section>
    );
  if (!last || !pkg || noEarlier) return <NotOffered kind="noPurchase" />;

  // Leaving for the checkout keeps the button busy, so a second tap cannot pay twice.
  const leaving = repeat.isSuccess && repeat.data.checkout_url !== null;
  const buy = () =>
    repeat.mutate(undefined, {
      onSuccess: ({ payment, checkout_url }) => {
        if (checkout_url) checkout.go(checkout_url);
        // Charged to the stored card with nothing to do at a checkout: its state is shown here.
        else navigate(`/credits/${payment.package_id}/${payment.method}?payment=${payment.id}`);
      },
    });
  const methodName = t(`paymentMethods.${last.method}`);
  return (
    <section className="container credits-page credits-narrow" aria-labelledby="credits-repeat-title">
      <h1 id="credits-repeat-title">{t('credits.repeat.title')}</h1>
      <p className="credits-intro">{t('credits.repeat.intro')}</p>
      <section className="credits-summary" aria-labelledby="credits-summary-title">
        <h2 id="credits-summary-title" className="credits-summary-title">
          {t('credits.summary.title')}
        </h2>
        <p className="credits-summary-package">{t('credits.summary.package', { count: pkg.credits })}</p>
        <PackagePrice pkg={pkg} />
        <p className="credits-summary-method">
          <MethodIcon method={last.method} />
          {t('credits.repeat.method', { method: methodName })}
        </p>
      </section>
      {repeat.error && !noEarlier && (
        <p className="pay-error" role="alert">
          {repeat.error instanceof ApiError && repeat.error.body
            ? repeat.error.message
            : t('credits.pay.failed')}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-lg pay-button"
        disabled={repeat.isPending || leaving}
        onClick={buy}
      >
        {leaving ? t('credits.pay.leaving') : t('credits.repeat.button', { count: pkg.credits })}
      </button>
      <p className="pay-note">
        <Link to="/credits">{t('credits.repeat.other')}</Link>
      </p>
    </section>
  );
}
