import type { CompanyInfo } from '../../common/api/company';
import type { TransactionResponse } from '../../common/api/payments';

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
