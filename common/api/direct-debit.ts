import { z } from 'zod';
import { normalIban } from '../rules/bank-details';
import { int4Id } from './fields';
import { discountCodeText, paymentStarted } from './payments';

/**
 * POST /api/directdebit.php (the direct-debit form). Without `code` it sends an SMS code to
 * the mobile number; with it, it checks the code and starts the direct debit for the package.
 * The mobile number is checked on the server against the payment country (validation.phone).
 */
export const directDebitRequest = z.object({
  package_id: int4Id,
  account_holder: z.string().trim().min(2, 'validation.accountHolder').max(70, 'validation.accountHolder'),
  iban: z
    .string()
    .max(42, 'validation.iban')
    .refine((v) => normalIban(v) !== null, 'validation.iban'),
  address: z.string().trim().min(3, 'validation.address').max(120, 'validation.address'),
  postal_code: z.string().trim().min(2, 'validation.postalCode').max(12, 'validation.postalCode'),
  city: z.string().trim().min(1, 'validation.city').max(60, 'validation.city'),
  phone: z.string().trim().min(6, 'validation.phone').max(24, 'validation.phone'),
  discount_code: discountCodeText.optional(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation.smsCode')
    .optional(),
});
export type DirectDebitRequest = z.infer<typeof directDebitRequest>;

/** The answer when the SMS code was sent: the number it went to, mostly hidden, and how long it holds. */
export const directDebitCodeSent = z.object({
  code_sent: z.literal(true),
  phone_hint: z.string(),
  expires_in: z.number().int(),
});
/** Either answer of the form: the code sent (200), or the debit started (201). */
export const directDebitResponse = z.union([directDebitCodeSent, paymentStarted]);
