import { PAYMENT_METHODS, type PaymentMethod } from '../../../common/rules/payment-methods';

/** Card payments, the card brands and the local card schemes alike: what the recurring-card failure is about. */
export const CARD_METHODS: ReadonlySet<PaymentMethod> = new Set([
  'creditcard',
  'postepay',
  'nexi',
  'cartebancaire',
  'dankort',
]);

/** Methods with a line under their name in the choice (catalog credits.methodHint.<method>). */
export const HINTED_METHODS: ReadonlySet<PaymentMethod> = new Set([
  'ideal',
  'creditcard',
  'paypal',
  'paysafecard',
  'banktransfer',
  'directdebit',
]);

export const isPaymentMethod = (value: string | undefined): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value ?? '');

type ApplePayWindow = { ApplePaySession?: { canMakePayments?: () => boolean } };

/** Apple Pay only where the browser can pay with it (Safari with a card in the wallet). */
export function canPayWithApplePay(): boolean {
  try {
    return Boolean((window as unknown as ApplePayWindow).ApplePaySession?.canMakePayments?.());
  } catch {
    return false;
  }
}

/** The methods of the payment country this browser can use, in the server's display order. */
export function methodsShown(methods: readonly PaymentMethod[]): PaymentMethod[] {
  return methods.filter((m) => m !== 'applepay' || canPayWithApplePay());
}

/**
 * Where choosing a method leads: direct debit has its own form, which takes the code the member
 * entered along (it asks for the quote of paying by direct debit with it); the others their pay step.
 */
export function methodPath(packageId: number, method: PaymentMethod, code: string | null = null): string {
  if (method !== 'directdebit') return `/credits/${packageId}/${method}`;
  return `/directdebit?package=${packageId}${code ? `&discount_code=${encodeURIComponent(code)}` : ''}`;
}
