import type { PaymentStatus } from '../../../common/api/payments';
import type { PaymentMethod } from '../../../common/rules/payment-methods';

/** What the site asks a provider to collect. The amount comes from the server's package table. */
export type CreatePayment = {
  /** Our payment id (payments.id), echoed in metadata so a provider's dashboard links back. */
  reference: string;
  amountCents: number;
  currency: string;
  description: string;
  method: PaymentMethod;
  /** The iDEAL bank of the bank choice. */
  issuer?: string;
  /** Where the member's browser returns after paying (our pending/completed/failed page). */
  redirectUrl: string;
  /** Where the provider reports a change; the handler asks the provider, never trusts the body. */
  webhookUrl: string;
  /** The member's language, for the provider's pages ('nl_NL'). */
  locale: string;
  /** A direct debit: the account to collect from. */
  consumer?: { name: string; iban: string };
};

export type ProviderPayment = {
  /** The provider's id (Mollie `tr_…`, demo `demo_…`). */
  id: string;
  status: PaymentStatus;
  /** Where the member pays; null when nothing is left to do in the browser (direct debit). */
  checkoutUrl: string | null;
  /** The member's bank took (part of) a paid payment back: a chargeback, reported by its webhook. */
  chargedBack?: boolean;
};

/** A refund the provider accepted (it may still be on its way to the member's bank). */
export type ProviderRefund = {
  /** The provider's id of the refund (Mollie `re_…`, demo `demo_re_…`). */
  id: string;
  /** The provider's own word for its state (Mollie: queued, pending, processing, refunded…). */
  status: string;
};

/**
 * A payment service provider: the built-in demo provider by default, Mollie
 * with MOLLIE_API_KEY. Calls go over the network: never inside a database transaction.
 */
export interface PaymentProvider {
  readonly name: 'demo' | 'mollie';
  create(payment: CreatePayment): Promise<ProviderPayment>;
  /** The payment's state as the provider knows it now: the only source a webhook may act on. */
  get(id: string): Promise<ProviderPayment>;
  /**
   * Pays back `amountCents` of a paid payment (the console's refund). Throws when the
   * provider refuses: then nothing was refunded.
   */
  refund(providerPaymentId: string, amountCents: number, currency: string): Promise<ProviderRefund>;
}
