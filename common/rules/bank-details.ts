import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/** An IBAN as typed (spaces, lower case) in its electronic form, or null when it is not a valid IBAN. */
export function normalIban(input: string): string | null {
  const iban = electronicFormatIBAN(input);
  return iban && isValidIBAN(iban) ? iban : null;
}

/**
 * A mobile number as typed, in E.164, or null when it is not a mobile number: the SMS code goes to
 * it. Numbers without a country prefix are read as numbers of the payment country.
 */
export function normalMobile(input: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(input, country as CountryCode);
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? parsed.number : null;
}
