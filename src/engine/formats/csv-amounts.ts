import { parseMoney, type Cents } from '../../contract/money.js';

/**
 * Money cells of CSV exports: "$1,036.47", "-98,76", "1.234,56", "11'373.94", "(12.00)",
 * "12.00-", "12.00 CR", "EUR 5,00", "5.00 USD". The decimal mark is decided once per file
 * (`detectDecimalComma`), so "1,234" is never read one way in one row and the other way in
 * the next. More than two decimals are an error, unless the extra digits are zeros.
 */
export type AmountRead = { cents: Cents } | { empty: true } | { problem: string };

function clean(cell: string): string {
  return cell.trim()
    .replace(/^(?:[A-Z]{3}|CHF|Fr\.)\s+|\s+(?:[A-Z]{3})$|\s*[$£€¥]$/g, '')
    .replace(/['’\u00a0\u202f]/g, '')
    .replace(/(\d)\s+(?=\d)/g, '$1');
}

/** True when the file writes decimal commas: more money cells end in ",dd" than in ".dd". */
export function detectDecimalComma(cells: string[]): boolean {
  let comma = 0, dot = 0;
  for (const raw of cells) {
    const c = clean(raw).replace(/\s*(CR|DR|-)$/i, '').replace(/\)$/, '');
    if (/\d\.\d{3},\d/.test(c) || /\d,\d{1,2}$/.test(c)) comma++;
    else if (/\d,\d{3}\.\d/.test(c) || /\d\.\d{1,2}$/.test(c)) dot++;
  }
  return comma > dot;
}

const FRACTION = { '.': /\.(\d+)\)?(?:\s*(?:CR|DR))?-?$/i, ',': /,(\d+)\)?(?:\s*(?:CR|DR))?-?$/i };
const EXTRA_ZEROS = { '.': /(\.\d{2})0+/, ',': /(,\d{2})0+/ };

export function readCsvAmount(cell: string | undefined, decimalComma: boolean): AmountRead {
  if (cell === undefined || cell.trim() === '') return { empty: true };
  const c = clean(cell);
  const mark = decimalComma ? ',' : '.';
  const frac = FRACTION[mark].exec(c)?.[1];
  if (frac && frac.length > 2 && /[1-9]/.test(frac.slice(2))) return { problem: `"${cell.trim()}" has more than 2 decimals` };
  const trimmedZeros = frac && frac.length > 2 ? c.replace(EXTRA_ZEROS[mark], '$1') : c;
  const cents = parseMoney(trimmedZeros, { decimalComma });
  if (cents === null) return { problem: `"${cell.trim()}" is not an amount` };
  if (!Number.isSafeInteger(cents)) return { problem: `"${cell.trim()}" is too large` };
  return { cents: cents === 0 ? 0 : cents };
}
