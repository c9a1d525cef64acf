import type { PaymentStatus } from '../../../common/api/payments';
import type { PaymentMethod } from '../../../common/rules/payment-methods';
import type { CreatePayment, PaymentProvider, ProviderPayment, ProviderRefund } from './provider';

/**
 * Mollie's v2 Payments API over plain fetch. Not @mollie/api-client: it insists on HTTPS and its
 * bundled certificates, so a test could not point it at a fake of the API on loopback.
 */

export type MollieMethod =
  | 'ideal'
  | 'bancontact'
  | 'sofort'
  | 'eps'
  | 'giropay'
  | 'przelewy24'
  | 'blik'
  | 'creditcard'
  | 'paypal'
  | 'applepay'
  | 'paysafecard'
  | 'banktransfer'
  | 'directdebit';

// A Record, so a method added to PAYMENT_METHODS fails the type check until it is mapped here.
const METHODS: Record<PaymentMethod, MollieMethod> = {
  ideal: 'ideal',
  bancontact: 'bancontact',
  sofort: 'sofort',
  eps: 'eps',
  giropay: 'giropay',
  przelewy24: 'przelewy24',
  blik: 'blik',
  // The local card schemes are cards: Mollie's card acquirer takes them as creditcard.
  postepay: 'creditcard',
  nexi: 'creditcard',
  cartebancaire: 'creditcard',
  dankort: 'creditcard',
  creditcard: 'creditcard',
  paypal: 'paypal',
  applepay: 'applepay',
  paysafecard: 'paysafecard',
  banktransfer: 'banktransfer',
  directdebit: 'directdebit',
};

export function mollieMethod(method: PaymentMethod): MollieMethod {
  return METHODS[method];
}

const LOCALES = new Set([
  'en_US',
  'en_GB',
  'nl_NL',
  'nl_BE',
  'de_DE',
  'de_AT',
  'de_CH',
  'fr_FR',
  'fr_BE',
  'es_ES',
  'ca_ES',
  'pt_PT',
  'it_IT',
  'nb_NO',
  'sv_SE',
  'fi_FI',
  'da_DK',
  'is_IS',
  'hu_HU',
  'pl_PL',
  'lv_LV',
  'lt_LT',
]);

const STATUSES: Record<string, PaymentStatus> = {
  open: 'open',
  pending: 'pending',
  // Authorized money is not captured yet: crediting it now could grant credits never paid for.
  authorized: 'pending',
  paid: 'paid',
  failed: 'failed',
  canceled: 'canceled',
  expired: 'expired',
};

/** A status Mollie adds later is waited on, never taken for paid. */
export function mollieStatus(status: unknown): PaymentStatus {
  return (typeof status === 'string' && Object.hasOwn(STATUSES, status) && STATUSES[status]) || 'pending';
}

/**
 * Integer cents to Mollie's decimal string, by integer arithmetic so no float rounding slips in.
 * Every currency we sell in has two decimals (common/rules/payment-methods.ts COUNTRY_CURRENCY).
 */
export function mollieAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Invalid amount in cents: ${cents}`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/;
const REFUND_ID = /^re_[A-Za-z0-9]+$/;
const TIMEOUT_MS = 10_000;

type MollieOptions = { apiKey: string; apiUrl: string; fetch?: typeof fetch; timeoutMs?: number };

export class MollieProvider implements PaymentProvider {
  readonly name = 'mollie' as const;
  readonly #apiKey: string;
  readonly #apiUrl: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;

  constructor(opts: MollieOptions) {
    this.#apiKey = opts.apiKey;
    this.#apiUrl = opts.apiUrl.replace(/\/+$/, '');
    // Looked up per call rather than captured, so a fetch stubbed after construction still applies.
    this.#fetch = opts.fetch ?? ((input, init) => fetch(input, init));
    this.#timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  }

  async create(p: CreatePayment): Promise<ProviderPayment> {
    const method = mollieMethod(p.method);
    const body: Record<string, unknown> = {
      amount: { currency: p.currency, value: mollieAmount(p.amountCents) },
      description: p.description,
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
      metadata: { reference: p.reference },
      method,
    };
    if (LOCALES.has(p.locale)) body.locale = p.locale;
    if (method === 'ideal' && p.issuer) body.issuer = p.issuer;
    if (method === 'directdebit' && p.consumer) {
      body.consumerName = p.consumer.name;
      body.consumerAccount = p.consumer.iban;
    }
    // Our reference as idempotency key: a retried create returns the same Mollie payment.
    const path = '/payments';
    const json = await this.#request('POST', path, body, { 'Idempotency-Key': p.reference });
    return toProviderPayment(json, `Mollie POST ${path}`);
  }

  async get(id: string): Promise<ProviderPayment> {
    // The id often comes from a webhook body: refuse anything that could reshape the URL.
    if (!PAYMENT_ID.test(id)) throw new Error('Invalid Mollie payment id');
    const path = `/payments/${encodeURIComponent(id)}`;
    return toProviderPayment(await this.#request('GET', path), `Mollie GET ${path}`);
  }

  /**
   * The Refunds API (`POST /v2/payments/{id}/refunds`): Mollie refuses more than is left of the
   * payment, a payment that is not paid, and a method without refunds (paysafecard) with a 422.
   */
  async refund(id: string, amountCents: number, currency: string): Promise<ProviderRefund> {
    if (!PAYMENT_ID.test(id)) throw new Error('Invalid Mollie payment id');
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new Error('Invalid refund amount');
    const path = `/payments/${encodeURIComponent(id)}/refunds`;
    const json = await this.#request('POST', path, {
      amount: { currency, value: mollieAmount(amountCents) },
    });
    if (typeof json?.id !== 'string' || !REFUND_ID.test(json.id)) {
      throw new Error(`Mollie POST ${path} answered without a refund id`);
    }
    return { id: json.id, status: typeof json.status === 'string' ? json.status : 'pending' };
  }

  async #request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Record<string, unknown> | undefined> {
    let res: Response;
    try {
      res = await this.#fetch(`${this.#apiUrl}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${this.#apiKey}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (err) {
      // undici hides the useful part (ECONNREFUSED, ENOTFOUND, bad port) in the cause.
      const cause = (err as { cause?: { code?: unknown; message?: unknown } })?.cause;
      const why = cause?.code ?? cause?.message;
      const reason = `${err instanceof Error ? err.message : String(err)}${why ? ` (${String(why)})` : ''}`;
      throw new Error(this.#redact(`Mollie ${method} ${path} failed: ${reason}`));
    }
    const json = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!res.ok) {
      const detail = typeof json?.detail === 'string' ? `: ${json.detail}` : '';
      const field = typeof json?.field === 'string' ? ` (field ${json.field})` : '';
      throw new Error(this.#redact(`Mollie ${method} ${path} answered HTTP ${res.status}${detail}${field}`));
    }
    return json;
  }

  /** Mollie echoes input in its details; a key pasted into a field must not reach the logs. */
  #redact(message: string): string {
    return this.#apiKey ? message.replaceAll(this.#apiKey, '[redacted]') : message;
  }
}

function toProviderPayment(json: Record<string, unknown> | undefined, what: string): ProviderPayment {
  if (typeof json?.id !== 'string' || !PAYMENT_ID.test(json.id)) {
    throw new Error(`${what} answered without a payment id`);
  }
  const links = json._links as { checkout?: { href?: unknown } } | undefined;
  const href = links?.checkout?.href;
  // Mollie names the amount charged back on a payment that has a chargeback, and only then.
  const chargedBack = json.amountChargedBack as { value?: unknown } | undefined;
  return {
    id: json.id,
    status: mollieStatus(json.status),
    checkoutUrl: typeof href === 'string' ? href : null,
    chargedBack: Number(chargedBack?.value ?? 0) > 0,
  };
}
