import type { PaymentMethod } from '../../../common/rules/payment-methods';
import { CARD_METHODS } from './methods';

type Kind = 'bank' | 'card' | 'wallet' | 'voucher' | 'phone' | 'debit';

function kindOf(method: PaymentMethod): Kind {
  if (CARD_METHODS.has(method)) return 'card';
  if (method === 'paypal' || method === 'applepay') return 'wallet';
  if (method === 'paysafecard') return 'voucher';
  if (method === 'blik') return 'phone';
  if (method === 'directdebit') return 'debit';
  return 'bank';
}

// Drawn shapes of the kind of payment, not the brands' logos: the name beside it says which.
const PATHS: Record<Kind, string> = {
  bank: 'M3 9.5 12 4l9 5.5M5 10v7m4.7-7v7m4.6-7v7M19 10v7M3.5 20h17',
  card: 'M3 6.5h18v11H3zM3 10h18M6.5 14.5h4',
  wallet: 'M4 7.5h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4zm0 0 11-3v3M15.5 13.5h2',
  voucher: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM14 7v10',
  phone: 'M7.5 3h9v18h-9zM11 18h2',
  debit: 'M4 4.5h11l5 5V20H4zM15 4.5v5h5M7.5 13h9M7.5 16.5h6',
};

export function MethodIcon({ method }: { method: PaymentMethod }) {
  return (
    <svg viewBox="0 0 24 24" className="pay-method-icon" aria-hidden="true" focusable="false">
      <path d={PATHS[kindOf(method)]} />
    </svg>
  );
}
