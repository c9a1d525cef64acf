import type { payments } from '../../db/schema';

/** What can still be refunded of a payment, in cents: only a paid one has anything. */
export const refundable = (p: Pick<typeof payments.$inferSelect, 'status' | 'amount' | 'refundedAmount'>) =>
  p.status === 'paid' ? Math.max(0, p.amount - p.refundedAmount) : 0;
