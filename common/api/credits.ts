/**
 * Why a member's credits balance moved: the reason of every credits ledger row (a database enum,
 * server/db/schema.ts), written by the server's one ledger write (services/money/ledger.ts) and by
 * the chat send statement. The console names each of them.
 */
export const CREDIT_REASONS = [
  /** The site's signup credits, when the account is made. */
  'signup_bonus',
  /** A paid payment's credits; the reference is the payment's id (granted once per payment). */
  'purchase',
  /** A purchase of the demo data, with no payment behind it. */
  'demo_purchase',
  /** Credits taken back by a refund of a payment; the reference is the payment's id. */
  'refund',
  /** Added or taken by staff; the reference is `staff:<id>`. */
  'adjustment',
  /** A text message paid; the reference is the message's id. */
  'message',
  /** A photo message paid; the reference is the message's id. */
  'photo_message',
  /** A gift paid; the reference is the message's id. */
  'gift',
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** The reasons a chat send pays under. */
export type SendReason = Extract<CreditReason, 'message' | 'photo_message' | 'gift'>;
