import type { Payment } from '../../../common/api/payments';
import { ApiError } from '../../api/client';
import { usePayment } from '../../api/payments';
import type { PriceQuote } from '../../state/price-quote';
import { Loading } from './Loading';
import { NotOffered } from './NotOffered';
import { PaymentFailed } from './PaymentFailed';
import { PaymentPaid } from './PaymentPaid';
import { PaymentPending } from './PaymentPending';

/**
 * The provider's return (`?payment={id}`): the payment's state, asked again every 2 s while it is
 * open or pending (usePayment), so the page moves on by itself.
 */
export function PaymentResult({ paymentId, pricing }: { paymentId: string; pricing: PriceQuote }) {
  const payment = usePayment(paymentId);
  if (payment.isError) {
    const error = payment.error;
    return (
      <NotOffered
        kind="payment"
        detail={error instanceof ApiError && error.body ? error.message : undefined}
      />
    );
  }
  if (!payment.data)
    return (
      <section className="container credits-page credits-narrow">
        <Loading />
      </section>
    );
  return <ResultFor payment={payment.data} pricing={pricing} />;
}

function ResultFor({ payment, pricing }: { payment: Payment; pricing: PriceQuote }) {
  switch (payment.status) {
    case 'open':
    case 'pending':
      return <PaymentPending payment={payment} />;
    case 'paid':
      return <PaymentPaid payment={payment} />;
    default:
      return <PaymentFailed payment={payment} pricing={pricing} />;
  }
}
