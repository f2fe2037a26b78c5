/**
 * Masks for what an application form holds that must not leave the results: social security
 * numbers and dates of birth. Logs, error messages and notifications use these.
 */
export function maskSsn(v: string): string {
  const digits = v.replace(/\D/g, '');
  return digits.length >= 4 ? `***-**-${digits.slice(-4)}` : v ? '***' : '';
}

export function maskDob(v: string): string {
  const year = /\b(19|20)\d{2}\b/.exec(v)?.[0];
  return v ? `**/**/${year ?? '****'}` : '';
}

/** Any SSN-looking number (123-45-6789 or 9 digits after "SSN"/"social security") in free text. */
export function maskSensitiveText(text: string): string {
  return text
    .replace(/\b\d{3}-\d{2}-(\d{4})\b/g, '***-**-$1')
    .replace(/((?:ssn|social security(?: number| #)?)\s*[:#]?\s*)\d{5}(\d{4})\b/gi, '$1*****$2')
    .replace(/((?:dob|date of birth|birth date)\s*[:#]?\s*)\d{1,2}[/-]\d{1,2}[/-]((?:19|20)\d{2})/gi, '$1**/**/$2');
}
