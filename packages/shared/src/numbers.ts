/**
 * The provider-issued ({product}) number and phone numbers.
 * The UI shows a fixed +88 prefix; the entry is what the person types after it.
 */

export const COUNTRY_PREFIX = '88';

/** 88 + 096 + 8 digits: the stored form of a product number. */
export const STORED_PRODUCT_NUMBER = /^88096\d{8}$/;

/** 880 + 10 digits: the stored form of a phone (and problematic) number. */
export const STORED_PHONE_NUMBER = /^880\d{10}$/;

/** Prefixes an entry with 88 ("09638000001" → "8809638000001"). */
export function withCountryPrefix(entry: string): string {
  return COUNTRY_PREFIX + entry.trim();
}

/** Whether what the person typed after +88 is a valid product number. */
export function isValidProductEntry(entry: string): boolean {
  return STORED_PRODUCT_NUMBER.test(withCountryPrefix(entry));
}

/** Whether what the person typed after +88 is a valid phone number. */
export function isValidPhoneEntry(entry: string): boolean {
  return STORED_PHONE_NUMBER.test(withCountryPrefix(entry));
}

/**
 * The stored form (880…) of what somebody typed into a number search: with or without +88, with
 * or without the leading 0. The ticket list searches by it as a prefix; the number's history
 * reads a whole number with it.
 */
export function storedNumberPrefix(entry: string): string {
  const digits = entry.trim().replace(/^\+/, '');
  if (digits.startsWith('88') || digits === '8') return digits;
  if (digits.startsWith('0')) return `88${digits}`;
  return `880${digits}`;
}

/** What erasure (DESIGN.md §29) leaves in place of a person's name, number, e-mail or words. */
export const ERASED_MARKER = 'erased';

/** Whether a stored number was erased: it has no history, subscriber or sign-in of its own any more. */
export function isErasedNumber(stored: string): boolean {
  return stored === ERASED_MARKER;
}

/** Shows a stored number with a plus ("8801712345678" → "+8801712345678"); an erased one as it is. */
export function displayNumber(stored: string): string {
  return stored.startsWith('+') || isErasedNumber(stored) ? stored : `+${stored}`;
}

/** The name an account gets at its first sign-in until someone gives it one ("Customer +8801712345678"). */
export function automaticCustomerName(productNumber: string): string {
  return `Customer ${displayNumber(productNumber)}`;
}

/** Whether `name` is still the automatic name of a first sign-in: a number, not a name to greet by. */
export function isAutomaticCustomerName(name: string): boolean {
  return /^Customer \+\d+$/.test(name.trim());
}

/** The entry part of a stored number ("8809638000001" → "09638000001"). */
export function entryOf(stored: string): string {
  return stored.startsWith(COUNTRY_PREFIX) ? stored.slice(COUNTRY_PREFIX.length) : stored;
}
