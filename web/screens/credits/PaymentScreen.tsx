import './credits.scss';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useUser } from '../../api/user';
import { loginPath } from '../../state/auth';
import { usePriceQuote } from '../../state/price-quote';
import { LoadFailed } from './LoadFailed';
import { Loading } from './Loading';
import { MethodChoice } from './MethodChoice';
import { isPaymentMethod, methodPath, methodsShown } from './methods';
import { NotOffered } from './NotOffered';
import { PaymentResult } from './PaymentResult';
import { PayStep } from './PayStep';

/**
 * /credits/{id}/{paymentmethod?}: without a method the method choice, with one the pay step, and
 * with `?payment=` (the provider's return) the payment's state.
 */
export default function PaymentScreen() {
  const { data: user, isPending } = useUser();
  const { pathname, search } = useLocation();
  if (!isPending && !user) return <Navigate to={loginPath(pathname + search)} replace />;
  return user ? <PaymentFlow /> : <Waiting />;
}

function Waiting() {
  return (
    <section className="container credits-page credits-narrow">
      <Loading />
    </section>
  );
}

function PaymentFlow() {
  const { id = '', paymentmethod } = useParams();
  const [params] = useSearchParams();
  // The quote for paying by this method (a code may allow only some).
  const pricing = usePriceQuote(isPaymentMethod(paymentmethod) ? paymentmethod : null);
  const paymentId = params.get('payment');
  if (paymentId) return <PaymentResult paymentId={paymentId} pricing={pricing} />;

  const packageId = /^\d{1,9}$/.test(id) ? Number(id) : null;
  if (packageId === null) return <NotOffered kind="package" />;
  if (pricing.failed)
    return (
      <section className="container credits-page credits-narrow">
        <LoadFailed retry={pricing.retry} />
      </section>
    );
  const data = pricing.data;
  if (!data || !pricing.exact) return <Waiting />;
  const pkg = data.packages.find((p) => p.id === packageId);
  if (!pkg) return <NotOffered kind="package" />;
  const methods = methodsShown(data.methods);
  if (paymentmethod === undefined)
    return <MethodChoice pkg={pkg} methods={methods} entered={pricing.entered} />;
  if (!isPaymentMethod(paymentmethod) || !methods.includes(paymentmethod))
    return <NotOffered kind="method" />;
  if (paymentmethod === 'directdebit')
    return <Navigate to={methodPath(pkg.id, 'directdebit', pricing.entered?.code ?? null)} replace />;
  return <PayStep pkg={pkg} method={paymentmethod} entered={pricing.entered} />;
}
