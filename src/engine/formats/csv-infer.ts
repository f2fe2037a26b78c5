import { dateShape } from './csv-dates.js';
import { detectDecimalComma, readCsvAmount } from './csv-amounts.js';
import type { CsvLayout } from './csv-columns.js';

/**
 * Columns of a CSV without a header row, told from the data: the date column is the one
 * whose cells are dates; the amount column the first money column (cells with two decimals);
 * a second money column is the running balance when it follows the amounts row by row; the
 * description the column with the most letters. Needs at least 2 data rows.
 */
const SAMPLE = 50;
const MONEY = /^[-+(]?\s*[$£€]?\s*-?\d[\d,.' ]*[.,]\d{2}\)?(\s*(CR|DR))?-?$/i;

export function inferColumns(records: string[][]): CsvLayout | undefined {
  const rows = records.slice(0, SAMPLE).filter((r) => r.length >= 2);
  if (rows.length < 2) return undefined;
  const width = Math.max(...rows.map((r) => r.length));
  const frac = (test: (cell: string) => boolean, col: number) => rows.filter((r) => test((r[col] ?? '').trim())).length / rows.length;
  const cols = [...Array(width).keys()];
  const dateCol = cols.find((c) => frac((v) => dateShape(v) !== undefined, c) >= 0.8);
  if (dateCol === undefined) return undefined;
  const moneyCols = cols.filter((c) => c !== dateCol && frac((v) => v === '' || MONEY.test(v), c) >= 0.9 && frac((v) => MONEY.test(v), c) >= 0.5);
  if (moneyCols.length === 0) return undefined;
  const roles: CsvLayout['roles'] = { date: dateCol, amount: moneyCols[0]! };
  if (moneyCols.length >= 2 && followsAmounts(rows, moneyCols[0]!, moneyCols[1]!)) roles.balance = moneyCols[1]!;
  const letters = (c: number) => rows.reduce((n, r) => n + ((r[c] ?? '').match(/[A-Za-zÀ-ÿ]/g)?.length ?? 0), 0);
  const textCols = cols.filter((c) => c !== dateCol && !moneyCols.includes(c)).sort((a, b) => letters(b) - letters(a));
  if (textCols[0] !== undefined && letters(textCols[0]) > 0) roles.description = textCols[0];
  const header = cols.map((c) => (c === dateCol ? 'Date' : c === roles.amount ? 'Amount' : c === roles.balance ? 'Balance' : c === roles.description ? 'Description' : `column ${c + 1}`));
  return { headerIndex: -1, header, roles, memo: [] };
}

/** True when column `bal` is a running balance of column `amt`, in file order or reversed. */
function followsAmounts(rows: string[][], amt: number, bal: number): boolean {
  const comma = detectDecimalComma(rows.flatMap((r) => [r[amt] ?? '', r[bal] ?? '']));
  const read = (cell: string | undefined) => { const x = readCsvAmount(cell, comma); return 'cents' in x ? x.cents : null; };
  let forward = 0, backward = 0;
  for (let i = 1; i < rows.length; i++) {
    const a0 = read(rows[i - 1]![amt]), b0 = read(rows[i - 1]![bal]), a1 = read(rows[i]![amt]), b1 = read(rows[i]![bal]);
    if (a0 === null || b0 === null || a1 === null || b1 === null) continue;
    if (b0 + a1 === b1) forward++;
    if (b1 + a0 === b0) backward++;
  }
  return Math.max(forward, backward) >= (rows.length - 1) / 2;
}
