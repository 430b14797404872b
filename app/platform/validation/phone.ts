/**
 * A French (10 digits, 0 then 1–9) or international (+ or 00, then 8 to 15 digits) phone number;
 * spaces, dots, dashes and brackets between the digits are allowed. The one rule of every form
 * that takes a phone number (quotes, contact, organisation settings).
 */
export function isValidPhone(value: string): boolean {
  const digits = value.replace(/[\s.\-()]/g, "");
  return /^(?:0[1-9]\d{8}|(?:\+|00)[1-9]\d{7,14})$/.test(digits);
}

export const PHONE_INVALID = "Le numéro de téléphone n'est pas valide (exemple : 06 12 34 56 78 ou +33 6 12 34 56 78).";
