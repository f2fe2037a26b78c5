/**
 * Money is carried as integer cents everywhere inside Ledgerdrop. Amounts only become
 * JavaScript numbers with decimals at the API boundary (JSON output), never for sums.
 */
export type Cents = number;

/** Parses "1,234.56", "$1,234.56", "(12.00)", "12.00-", "-12", "12.00 CR", "1.234,56" (eu) into cents. */
export function parseMoney(text: string, opts: { decimalComma?: boolean } = {}): Cents | null {
  let s = text.trim();
  if (!s) return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) { negative = true; s = s.slice(1, -1).trim(); }
  if (/\s*(CR)$/i.test(s)) { s = s.replace(/\s*CR$/i, ''); }
  else if (/\s*(DR)$/i.test(s)) { negative = !negative; s = s.replace(/\s*DR$/i, ''); }
  if (s.endsWith('-')) { negative = !negative; s = s.slice(0, -1).trim(); }
  if (s.startsWith('-') || s.startsWith('−')) { negative = !negative; s = s.slice(1).trim(); }
  else if (s.startsWith('+')) s = s.slice(1).trim();
  s = s.replace(/^[$£€¥]|^(USD|EUR|GBP|CAD)\s*/i, '').trim();
  if (s.startsWith('-')) { negative = !negative; s = s.slice(1).trim(); }
  const decimalComma = opts.decimalComma ?? /^\d{1,3}(\.\d{3})*,\d{2}$|^\d+,\d{2}$/.test(s);
  if (decimalComma) s = s.replace(/[.\s]/g, '').replace(',', '.');
  else s = s.replace(/[,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$|^\.\d{1,2}$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  const cents = Number(whole || '0') * 100 + Number((frac + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** A JSON number of dollars (at most 2 decimals) into cents; rejects more precision. */
export function amountToCents(value: number | string): Cents | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const cents = Math.round(value * 100);
    if (Math.abs(cents - value * 100) > 1e-6 * Math.max(1, Math.abs(value))) return null;
    return cents === 0 ? 0 : cents;
  }
  return parseMoney(value);
}

/** Cents to a JSON number of dollars for API output. */
export function centsToAmount(cents: Cents): number {
  return cents / 100;
}

let enUS: Intl.NumberFormat | undefined;
/**
 * `n.toLocaleString('en-US')` (the same by definition: that method formats with a new
 * Intl.NumberFormat('en-US')), the formatter made once: building one per call cost ~14 µs, and
 * a statement's rows are formatted again and again (the engine's row keys).
 */
export function groupedEnUS(n: number): string {
  return (enUS ??= new Intl.NumberFormat('en-US')).format(n);
}

/** Cents to "1,234.56" / "-1,234.56". */
export function formatCents(cents: Cents, opts: { symbol?: string } = {}): string {
  const neg = cents < 0;
  const abs = Math.abs(cents);
  const whole = groupedEnUS(Math.floor(abs / 100));
  const frac = String(abs % 100).padStart(2, '0');
  return `${neg ? '-' : ''}${opts.symbol ?? ''}${whole}.${frac}`;
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
