import { TERMS_VERSION_DEFAULT } from '../constants';

/** The support phone is cleaned of dashes and spaces. */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/** The terms-version date is 2023-12-01T12:00Z unless the company was added later. */
export function termsVersionDate(companyAdded: string | null | undefined): Date {
  const base = new Date(TERMS_VERSION_DEFAULT);
  if (!companyAdded) return base;
  const added = new Date(companyAdded);
  return Number.isNaN(added.getTime()) || added <= base ? base : added;
}
