import { type ComponentType, lazy } from 'react';
import { useRouteHandle } from '../route-handle';
import { lazyImport } from '../state/chunk-reload';

const screen = (load: () => Promise<{ default: ComponentType }>) => lazy(lazyImport(load));

/**
 * The screens of credits and premium, by route name. The route table points all their paths here,
 * through one lazy import: each screen's own chunk list then travels in this chunk, not in the
 * entry that every first page downloads (its budget is 120 KB).
 */
const BY_NAME: Record<string, ComponentType> = {
  credits: screen(() => import('./credits/CreditsScreen')),
  'credits-repeat-order': screen(() => import('./credits/RepeatOrderScreen')),
  'credits-id-paymentmethod': screen(() => import('./credits/PaymentScreen')),
  premium: screen(() => import('./premium/PremiumScreen')),
  pricing: screen(() => import('./premium/PricingScreen')),
  transactions: screen(() => import('./transactions/TransactionsScreen')),
  'transactions-id': screen(() => import('./transactions/TransactionScreen')),
  directdebit: screen(() => import('./direct-debit/DirectDebitScreen')),
};

export default function PaymentsArea() {
  const Screen = BY_NAME[useRouteHandle().name];
  return Screen ? <Screen /> : null;
}
