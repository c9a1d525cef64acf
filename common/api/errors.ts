import { z } from 'zod';

/** Every error code the API answers with; the browser maps each to a catalog key `error.<code>`. */
export const ERROR_CODES = [
  'invalid_input',
  'authentication_required',
  'not_found',
  'csrf',
  'too_many_requests',
  'internal',
  'photo_limit_reached',
  'photo_type',
  'photo_too_large',
  'photo_too_many_pixels',
  'photo_corrupt',
  'link_invalid',
  'link_used',
  'link_expired',
  'email_not_found',
  'reset_limit',
  'wrong_password',
  'email_taken',
  'already_confirmed',
  'login_failed',
  'login_blocked',
  'account_suspended',
  'signups_closed',
  'account_exists',
  'account_deleted',
  'blocked',
  'swipe_limit_reached',
  'not_enough_credits',
  'premium_required',
  'recipient_not_confirmed',
  'message_empty',
  'message_too_long',
  'message_to_self',
  'slow_down',
  'package_unknown',
  'method_unavailable',
  'discount_code_unknown',
  'discount_code_used',
  'discount_code_expired',
  'discount_code_not_applicable',
  'sms_code_invalid',
  'direct_debit_blocked',
  'direct_debit_limit',
  'payment_unavailable',
  'push_service_unknown',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorResponse = z
  .object({
    error: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    retry_after: z.number().int().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponse>;
