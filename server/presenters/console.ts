import type { DirectDebitBlock } from '../../common/api/admin/direct-debit';
import type { AdminPayment } from '../../common/api/admin/members';
import type { ConsolePhoto } from '../../common/api/admin/moderation';
import type { creditLedger, payments, photos } from '../db/schema';
import { refundable } from '../services/money/refundable';

/**
 * What the operator console is shown of members' rows. Staff load photo files through the console's
 * own route (they have no member session for /media), premium or not.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The address staff load a member's photo from (routes/admin/members.ts), premium or not. */
export const staffPhotoUrl = (photoId: number, size: 'thumb' | 'full' = 'thumb') =>
  `/api/admin/member-photo.php?id=${photoId}&size=${size}`;

export function presentAdminPayment(p: typeof payments.$inferSelect): AdminPayment {
  return {
    id: p.id,
    created_at: p.createdAt.toISOString(),
    paid_at: iso(p.paidAt),
    status: p.status,
    provider: p.provider,
    method: p.method,
    amount: p.amount,
    currency: p.currency,
    credits: p.credits,
    discount_code: p.discountCode,
    refunded_amount: p.refundedAmount,
    refunded_at: iso(p.refundedAt),
    refundable: refundable(p),
  };
}

export function presentLedgerEntry(e: typeof creditLedger.$inferSelect) {
  return {
    id: e.id,
    delta: e.delta,
    balance_after: e.balanceAfter,
    reason: e.reason,
    reference: e.reference,
    created_at: e.createdAt.toISOString(),
  };
}

export function presentConsolePhoto(
  row: typeof photos.$inferSelect,
  mainPhotoId: number | null,
): ConsolePhoto {
  return {
    id: row.id,
    thumb_url: staffPhotoUrl(row.id, 'thumb'),
    url: staffPhotoUrl(row.id, 'full'),
    width: row.width,
    height: row.height,
    premium: row.premium,
    status: row.status,
    main: row.id === mainPhotoId,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    rejection_reason: row.rejectionReason,
  };
}

/** A blocked account of the direct-debit block list, with who added it. */
export function presentDirectDebitBlock(row: {
  iban: string;
  reason: string;
  paymentId: string | null;
  createdAt: Date;
  staffId: number | null;
  staffName: string | null;
}): DirectDebitBlock {
  return {
    iban: row.iban,
    reason: row.reason,
    staff: row.staffId !== null && row.staffName !== null ? { id: row.staffId, name: row.staffName } : null,
    payment_id: row.paymentId,
    created_at: row.createdAt.toISOString(),
  };
}
