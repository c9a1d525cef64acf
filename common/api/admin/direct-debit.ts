import { z } from 'zod';
import { normalIban } from '../../rules/bank-details';
import { staffReason } from './members';

/**
 * The direct-debit block list of the console (admin): bank accounts a direct debit is refused for
 * (403 `direct_debit_blocked`). Staff add one with a reason; a chargeback the payment provider
 * reports adds the member's account by itself (`payment_id` names the charged-back payment).
 */
export const directDebitBlock = z.object({
  /** Upper case, without spaces, as the direct-debit form stores it. */
  iban: z.string(),
  reason: z.string(),
  /** Who added it; null for a chargeback (or a staff account since removed). */
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The charged-back payment that added it; null for one staff added. */
  payment_id: z.string().nullable(),
  created_at: z.string(),
});
export type DirectDebitBlock = z.infer<typeof directDebitBlock>;

export const directDebitBlocksResponse = z.object({ blocks: z.array(directDebitBlock) });
export type DirectDebitBlocksResponse = z.infer<typeof directDebitBlocksResponse>;

/** An IBAN as staff type it (spaces and lower case allowed); the server keeps its normal form. */
const ibanField = z
  .string({ error: 'validation.required' })
  .max(42, 'validation.iban')
  .refine((v) => normalIban(v) !== null, 'validation.iban');

/** POST /api/admin/direct-debit-blocks.php: block an account for direct debit, with why. */
export const addDirectDebitBlockRequest = z.object({ iban: ibanField, reason: staffReason }).strict();
export type AddDirectDebitBlockRequest = z.input<typeof addDirectDebitBlockRequest>;
export const directDebitBlockResponse = z.object({ block: directDebitBlock });

/** DELETE /api/admin/direct-debit-blocks.php: lift a block, with why. */
export const removeDirectDebitBlockRequest = z.object({ iban: ibanField, reason: staffReason }).strict();
export type RemoveDirectDebitBlockRequest = z.input<typeof removeDirectDebitBlockRequest>;
export const removedResponse = z.object({ removed: z.literal(true) });
