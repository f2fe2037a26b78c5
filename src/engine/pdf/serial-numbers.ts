/**
 * A column of row numbers read as check numbers: Indian and European statements print a serial
 * number before each row ("S.No.", "Nº", "No." over 1, 2, 3 …), and heads such as "No." or "Nº"
 * name a check column too. Told by the data: every row of the tables with such a column carries
 * a number, the numbers count up from 1 (or down to 1, newest first) in printed order, each a
 * step of one to three past the last (a notice between two rows takes a number and is no row),
 * starting again at 1 for a second account. Cheques are not numbered from 1, nor is every row
 * of a statement a cheque.
 */

/** The number of rows a serial column must count before it is told from check numbers. */
const MIN_ROWS = 3;
/** The largest step between two rows' numbers (notices and balance lines take numbers too). */
const MAX_STEP = 3;

/** Clears the check numbers of rows whose numbers are a serial count (rows in printed order). */
export function dropSerialNumbers(rows: { checkNumber?: string; table: number }[]): void {
  const tables = new Set(rows.filter((r) => r.checkNumber !== undefined).map((r) => r.table));
  const mine = rows.filter((r) => tables.has(r.table));
  if (mine.length < MIN_ROWS || mine.some((r) => r.checkNumber === undefined || !/^\d{1,5}$/.test(r.checkNumber))) return;
  if (!countsRows(mine.map((r) => Number(r.checkNumber)))) return;
  for (const r of mine) delete r.checkNumber;
}

/**
 * Whether numbers, in printed order, count rows: from 1, each a step of one to MAX_STEP past the
 * last or 1 again (a second account's table), read down the page or up it (newest first).
 */
export function countsRows(n: number[]): boolean {
  const counts = (seq: number[]) => seq[0] === 1 && seq.every((v, i) => i === 0 || v === 1 || (v - seq[i - 1]! >= 1 && v - seq[i - 1]! <= MAX_STEP));
  return counts(n) || counts([...n].reverse());
}
