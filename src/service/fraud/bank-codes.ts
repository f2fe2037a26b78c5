/** Check digits and formats of bank codes: ABA routing numbers, IBANs, SWIFT/BIC codes. */

/** ABA routing number: 9 digits, 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function validRouting(n: string): boolean {
  if (!/^\d{9}$/.test(n)) return false;
  const d = [...n].map(Number);
  return (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)) % 10 === 0;
}

/** IBAN lengths by country (the ones statements we read come from; others are checked by mod 97 only). */
const IBAN_LENGTHS: Record<string, number> = { GB: 22, DE: 22, FR: 27, ES: 24, IT: 27, NL: 18, IE: 22, BE: 16, AT: 20, CH: 21, LU: 20, PT: 25, PL: 28 };

/** IBAN check: country length (when known) and ISO 7064 mod 97 = 1. */
export function validIban(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const len = IBAN_LENGTHS[iban.slice(0, 2)];
  if (len && iban.length !== len) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? ch.charCodeAt(0) - 55 : Number(ch);
    rem = v >= 10 ? (rem * 100 + v) % 97 : (rem * 10 + v) % 97;
  }
  return rem === 1;
}

/** Countries whose codes appear in BICs of statements we read (a BIC naming another is still well-formed). */
const ISO_COUNTRY = /^(US|GB|DE|FR|ES|IT|NL|IE|BE|AT|CH|LU|PT|PL|CA|AU|NZ|IN|HK|SG|JP|CN|AE|ZA|MX|BR|SE|NO|DK|FI|CZ|HU|RO|GR|TR|IL|JE|GG|IM|GI|MT|CY)$/;

/** SWIFT/BIC: 4 letters (bank), 2 letters (country), 2 letters/digits (location), optional 3 (branch). */
export function bicProblem(bic: string): string | null {
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) return 'is not a well-formed SWIFT/BIC code';
  if (!ISO_COUNTRY.test(bic.slice(4, 6))) return `names no known country ("${bic.slice(4, 6)}")`;
  return null;
}

/** Phone digits compared across formats: US numbers without the leading 1, UK ones without 0/44. */
export function phoneKey(printed: string): string {
  let d = printed.replace(/\D+/g, '');
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  if (d.startsWith('44') && d.length >= 12) d = d.slice(2);
  if (d.startsWith('0')) d = d.slice(1);
  return d;
}
