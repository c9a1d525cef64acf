import { z } from 'zod';

/** The company info. */
export const companyInfo = z
  .object({
    name: z.string(),
    address: z.string(),
    postal_code: z.string(),
    kvk: z.string(),
    city: z.string(),
    country: z.string(),
    tradenames: z.array(z.string()),
    vat_numbers: z.array(z.string()),
    support_phone: z.string(),
    delete_discount: z.number().int().min(0).max(100),
    added: z.string().describe('ISO date the company was added'),
  })
  .meta({ id: 'CompanyInfo' });
export type CompanyInfo = z.infer<typeof companyInfo>;

export const companyInfoResponse = z.object({ company: companyInfo });
export type CompanyInfoResponse = z.infer<typeof companyInfoResponse>;
