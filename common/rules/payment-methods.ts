/**
 * The payment methods and which fit which payment country. Card brands (Visa,
 * Mastercard, Maestro) are the `creditcard` method; Postepay, Nexi, Carte bancaire and Dankort are
 * the local card schemes members look for by name, paid through the card acquirer.
 */
export const PAYMENT_METHODS = [
  'ideal',
  'bancontact',
  'sofort',
  'eps',
  'giropay',
  'przelewy24',
  'blik',
  'postepay',
  'nexi',
  'cartebancaire',
  'dankort',
  'creditcard',
  'paypal',
  'applepay',
  'paysafecard',
  'banktransfer',
  'directdebit',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The currency a payment country pays in (ISO 4217). */
export const COUNTRY_CURRENCY: Record<string, string> = {
  NL: 'EUR',
  BE: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  IE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  FI: 'EUR',
  CH: 'CHF',
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  PL: 'PLN',
  DK: 'DKK',
  NO: 'NOK',
  SE: 'SEK',
};
export const DEFAULT_CURRENCY = 'EUR';

export function currencyFor(country: string): string {
  return COUNTRY_CURRENCY[country] ?? DEFAULT_CURRENCY;
}

/** Each country's own methods first, in the order members there expect them. */
const LOCAL_METHODS: Record<string, PaymentMethod[]> = {
  NL: ['ideal'],
  BE: ['bancontact'],
  AT: ['eps', 'sofort'],
  DE: ['giropay', 'sofort'],
  PL: ['blik', 'przelewy24'],
  IT: ['postepay', 'nexi'],
  FR: ['cartebancaire'],
  DK: ['dankort'],
};

/** SEPA countries paying in euro: bank transfer and direct debit reach their accounts. */
const SEPA_EURO = new Set(['NL', 'BE', 'DE', 'AT', 'IE', 'FR', 'IT', 'ES', 'FI']);

/**
 * The methods offered in a payment country, in display order. Apple Pay is listed everywhere; the
 * browser hides it where the device cannot pay with it.
 */
export function methodsFor(country: string): PaymentMethod[] {
  const list: PaymentMethod[] = [...(LOCAL_METHODS[country] ?? []), 'creditcard', 'paypal', 'applepay'];
  list.push('paysafecard');
  if (SEPA_EURO.has(country) || country === 'PL' || country === 'DK') list.push('banktransfer');
  if (SEPA_EURO.has(country)) list.push('directdebit');
  return list;
}

/** The banks of the iDEAL bank choice (Mollie's issuer ids). */
export const IDEAL_ISSUERS = [
  { id: 'ideal_ABNANL2A', name: 'ABN AMRO' },
  { id: 'ideal_ASNBNL21', name: 'ASN Bank' },
  { id: 'ideal_BUNQNL2A', name: 'bunq' },
  { id: 'ideal_INGBNL2A', name: 'ING' },
  { id: 'ideal_KNABNL2H', name: 'Knab' },
  { id: 'ideal_RABONL2U', name: 'Rabobank' },
  { id: 'ideal_RBRBNL21', name: 'RegioBank' },
  { id: 'ideal_REVOLT21', name: 'Revolut' },
  { id: 'ideal_SNSBNL2A', name: 'SNS' },
  { id: 'ideal_TRIONL2U', name: 'Triodos Bank' },
] as const;
export const IDEAL_ISSUER_IDS = IDEAL_ISSUERS.map((i) => i.id) as [string, ...string[]];
