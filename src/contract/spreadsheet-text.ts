/**
 * Text a spreadsheet could take for a formula (OWASP CSV injection): a cell starting with
 * = + - @, tab or carriage return. Such text is written with a leading apostrophe, which
 * spreadsheets show as text and never evaluate. Only text cells go through here: money and
 * other numbers are written as numbers (a negative amount stays a number).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV field of text: neutralised, then quoted when it holds a quote, comma or line break. */
export function csvText(text: string): string {
  const s = neutralizeFormula(text);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
