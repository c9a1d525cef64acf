import type { CompanyInfo } from '../../common/api/company';
import type { Payment, TransactionResponse } from '../../common/api/payments';
import type { PaymentMethod } from '../../common/rules/payment-methods';
import type { payments } from '../db/schema';

/** The invoice details of a transaction: the company that sold it and the money-back period. */
export function presentInvoice(company: CompanyInfo, refundDays: number): TransactionResponse['invoice'] {
  return {
    company: company.name,
    address: company.address,
    postal_code: company.postal_code,
    city: company.city,
    country: company.country,
    kvk: company.kvk,
    vat_numbers: company.vat_numbers,
    refund_days: refundDays,
  };
}

/** A payment as its member sees it. */
export function presentPayment(row: typeof payments.$inferSelect): Payment {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    package_id: row.packageId,
    credits: row.credits,
    amount: row.amount,
    currency: row.currency,
    method: row.method as PaymentMethod,
    issuer: row.issuer,
    discount_code: row.discountCode,
    discount_percentage: row.discountPercentage,
    recurring: row.recurring,
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}
