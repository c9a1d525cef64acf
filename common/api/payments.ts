import { z } from 'zod';
import { IDEAL_ISSUER_IDS, PAYMENT_METHODS } from '../rules/payment-methods';
import { int4Id } from './fields';

export const paymentMethod = z.enum(PAYMENT_METHODS);
const currency = z.string().length(3);
const cents = z.number().int().nonnegative().describe('an amount in cents');

/** A credit bundle priced for the member's payment country. */
export const creditPackage = z
  .object({
    id: z.number().int(),
    credits: z.number().int().positive(),
    /** The list price, in cents of `currency`. */
    price: cents,
    currency,
    /** The price after the discount code asked about, or null where none applies. */
    discounted_price: cents.nullable(),
    /** What one text message costs in this bundle, in cents (rounded), after any discount. */
    price_per_message: cents,
    popular: z.boolean(),
    /** The discount `discounted_price` comes from, or null at the list price. */
    discount: z
      .object({
        code: z.string(),
        value_percentage: z.number().int(),
        /** A code the member typed, the running time bonus, or the welcome discount. */
        source: z.enum(['code', 'time_bonus', 'welcome']),
      })
      .nullable(),
  })
  .meta({ id: 'CreditPackage' });
export type CreditPackage = z.infer<typeof creditPackage>;

/** A discount code. Amounts in cents; `expires` ISO or null for no end. */
export const discountCode = z
  .object({
    code: z.string(),
    country: z.string().nullable(),
    user_id: z.number().int().nullable(),
    expires: z.string().nullable(),
    value_percentage: z.number().int().min(1).max(100),
    currency: currency.nullable(),
    minimum_order_value: cents,
    status: z.enum(['active', 'inactive']),
    validity: z.enum(['once_per_user', 'unlimited']),
    expired: z.boolean(),
    paymentmethods: z.array(paymentMethod),
  })
  .meta({ id: 'DiscountCode' });
export type DiscountCode = z.infer<typeof discountCode>;

/** What members type as a code: letters, digits and dashes, upper-cased. */
export const discountCodeText = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9-]+$/, 'validation.discountCode')
  .transform((s) => s.toUpperCase());

/**
 * The discount a member has without typing a code: the time bonus while it runs, else the welcome
 * discount. `reserved`: a checkout the member has not finished holds it, so the prices leave it out.
 */
export const automaticDiscount = z
  .object({
    code: z.string(),
    value_percentage: z.number().int(),
    source: z.enum(['time_bonus', 'welcome']),
    expires: z.string(),
    seconds_left: z.number().int().nonnegative(),
    reserved: z.boolean(),
  })
  .meta({ id: 'AutomaticDiscount' });
export type AutomaticDiscount = z.infer<typeof automaticDiscount>;

/**
 * What sending something costs: its credits, and what those credits cost in the payment country's
 * currency at the prices quoted, from the best-value package (`min`) to the smallest (`max`); null
 * where no package is on sale.
 */
const sendCost = z.object({
  credits: z.number().int().nonnegative(),
  min: cents.nullable(),
  max: cents.nullable(),
});
export type SendCost = z.infer<typeof sendCost>;

/**
 * GET /api/credits.php: the price quote. With `method`, the prices of paying by that method (a code
 * may allow only some methods).
 */
export const creditsQuery = z.object({
  discount_code: discountCodeText.optional(),
  method: paymentMethod.optional(),
});
export const creditsResponse = z.object({
  country: z.string(),
  currency,
  /** Each package at the best of the code asked about, the time bonus and the welcome discount. */
  packages: z.array(creditPackage),
  methods: z.array(paymentMethod),
  /** The code asked about, accepted: it lowers at least one package more than the automatic discount. */
  discount_code: discountCode.nullable(),
  automatic: automaticDiscount.nullable(),
  costs: z.object({ message: sendCost, photo: sendCost, gift: sendCost }),
  /** The package and method of the member's last completed purchase (repeat order), or null. */
  last_order: z.object({ package_id: z.number().int(), method: paymentMethod }).nullable(),
});
export type CreditsResponse = z.infer<typeof creditsResponse>;

/** GET /api/discountcode.php: a code by name, or the member's welcome code. */
export const discountCodeQuery = z.object({
  code: discountCodeText.optional(),
  welcome: z.enum(['true', 'false']).optional(),
});
/**
 * GET /api/discountcode.php: the code asked about (a code that does not hold is an error), or with
 * `welcome=true` the member's welcome code, null when no welcome offer holds for them.
 */
export const discountCodeResponse = z.object({ discount_code: discountCode.nullable() });

/** GET /api/timebonus.php: the time bonus, its deadline from the server. */
export const timeBonus = z
  .object({
    code: z.string(),
    value_percentage: z.number().int(),
    /** When it ends (ISO); the countdown runs to this, so no reload or clock change resets it. */
    expires: z.string(),
    seconds_left: z.number().int().nonnegative(),
  })
  .meta({ id: 'TimeBonus' });
export type TimeBonus = z.infer<typeof timeBonus>;
export const timeBonusResponse = z.object({ time_bonus: timeBonus.nullable() });

export const PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A purchase as its member sees it (also the transaction of /transactions). */
export const payment = z
  .object({
    id: z.uuid(),
    created_at: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    package_id: z.number().int(),
    credits: z.number().int(),
    amount: cents,
    currency,
    method: paymentMethod,
    issuer: z.string().nullable(),
    discount_code: z.string().nullable(),
    discount_percentage: z.number().int(),
    /** A repeat order charged to the card of an earlier purchase. */
    recurring: z.boolean(),
    paid_at: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof payment>;

/** POST /api/payments.php: start paying for a package. The price comes from the server alone. */
export const paymentRequest = z.object({
  package_id: int4Id,
  method: paymentMethod,
  issuer: z.enum(IDEAL_ISSUER_IDS).optional(),
  discount_code: discountCodeText.optional(),
});
export type PaymentRequest = z.infer<typeof paymentRequest>;
/** `checkout_url` is where the browser goes to pay (the provider's page), null when nothing is left to do. */
export const paymentStarted = z.object({ payment, checkout_url: z.string().nullable() });
export type PaymentStarted = z.infer<typeof paymentStarted>;
/** POST /api/repeat-order.php: nothing to say, the last order is repeated. */
export const repeatOrderRequest = z.object({}).optional();

export const paymentQuery = z.object({ id: z.uuid() });
export const paymentResponse = z.object({ payment });

/** The invoice details of a transaction: the seller and the money-back period. */
export const invoiceDetails = z.object({
  company: z.string(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  country: z.string(),
  kvk: z.string(),
  vat_numbers: z.array(z.string()),
  refund_days: z.number().int(),
});
/** GET /api/transactions.php: the member's purchases, newest first; with `id`, one with its invoice. */
export const transactionsQuery = z.object({ id: z.uuid().optional() });
export const transactionsResponse = z.object({
  transactions: z.array(payment),
  refund_days: z.number().int(),
});
export const transactionResponse = z.object({ transaction: payment, invoice: invoiceDetails });
export type TransactionResponse = z.infer<typeof transactionResponse>;
/** The answer of GET /api/transactions.php: the list, or the one asked for by `id`. */
export const transactionsAnswer = z.union([transactionsResponse, transactionResponse]);
