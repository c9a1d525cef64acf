import { z } from 'zod';
import { directDebitRequest } from '../../../common/api/direct-debit';
import { normalMobile } from '../../../common/rules/bank-details';

/**
 * The details step: the request of common/api/direct-debit.ts without the SMS code. The mobile
 * number is also read by the same library the server uses, for the payment country, so a number
 * that cannot take the SMS is caught before a code is asked for.
 */
export function detailsSchema(country: string) {
  return directDebitRequest.omit({ code: true }).extend({
    phone: directDebitRequest.shape.phone.refine(
      (v) => normalMobile(v, country) !== null,
      'validation.phone',
    ),
  });
}
export type DetailsInput = z.input<ReturnType<typeof detailsSchema>>;
export type Details = z.output<ReturnType<typeof detailsSchema>>;

/** The code step: the request's own rule for the code, required here. */
export const codeSchema = z.object({ code: directDebitRequest.shape.code.unwrap() });
export type CodeValues = z.infer<typeof codeSchema>;

/** The fields of the details step, where the server's field errors for them are shown. */
export const DETAIL_FIELDS = ['account_holder', 'iban', 'address', 'postal_code', 'city', 'phone'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export const isDetailField = (name: string): name is DetailField =>
  (DETAIL_FIELDS as readonly string[]).includes(name);
