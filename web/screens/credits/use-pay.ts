import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PaymentRequest } from '../../../common/api/payments';
import { ApiError } from '../../api/client';
import { useStartPayment } from '../../api/payments';
import { checkout } from './checkout';

/**
 * Starts a payment and goes to the provider's checkout. A payment with nothing left to do there
 * (no checkout_url) shows its state here at once, as the provider's return would.
 */
export function usePay() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartPayment();
  // The page stays busy while the browser leaves for the checkout, so nobody pays twice.
  const [leaving, setLeaving] = useState(false);
  const run = (body: PaymentRequest) =>
    start.mutate(body, {
      onSuccess: ({ payment, checkout_url }) => {
        if (checkout_url) {
          setLeaving(true);
          checkout.go(checkout_url);
        } else navigate(`/credits/${payment.package_id}/${payment.method}?payment=${payment.id}`);
      },
    });
  const error = start.error
    ? start.error instanceof ApiError && start.error.body
      ? start.error.message
      : t('credits.pay.failed')
    : null;
  return { run, busy: start.isPending || leaving, leaving, error };
}

/** The body of POST /api/payments.php, leaving out what does not apply. */
export function paymentBody(
  packageId: number,
  method: PaymentRequest['method'],
  issuer: string | null,
  code: string | null,
): PaymentRequest {
  return {
    package_id: packageId,
    method,
    ...(method === 'ideal' && issuer ? { issuer } : {}),
    ...(code ? { discount_code: code } : {}),
  };
}
