/**
 * Words of a justified line set apart as cells would be. A table cell set with
 * text-align="justify" (XSL-FO through Apache FOP; word processors' justified cells) spreads a
 * wrapped description's line over the cell's width: at 9 pt, "RECURRING  CARD  PURCHASE  02/03"
 * stands 10.2 pt (1.1 em) between words, past the gap that starts a new cell (lines.ts, 0.8 em),
 * and its last word ("02/03", "...6066") was read as a date or a type column's word.
 * What tells such a line: three words or more in one font and size, each an item of its own (no
 * space kept inside any), more of them words than figures, each gap
 * between them the same to a twentieth of a point (a justifier divides the spare width evenly;
 * columns of a table stand at distances that depend on what each cell holds) and under four ems.
 */
import type { TextItem } from './extract.js';
import { isMoneyText } from './tokens.js';

const SAME_GAP = 0.05;
const MAX_GAP_EM = 4;
/** A date of one word, its month a word between the day and the year ("03-Feb-2025", "05.ene.25"). */
const WORD_DATE = /^\d{1,2}[-./ ]?\p{L}{3,9}\.?[-./ ]?\d{2,4}$/u;

/**
 * The indexes i of a line's items (sorted left to right) where item i continues item i - 1's
 * justified line: the gap between them is a word space, however wide (null: none, most rows).
 */
export function justifiedJoins(row: readonly TextItem[], minGap: number): Set<number> | null {
  let out: Set<number> | null = null;
  const gapAt = (i: number) => row[i]!.x - (row[i - 1]!.x + Math.max(0, row[i - 1]!.w));
  const sameKind = (i: number) => row[i]!.font === row[i - 1]!.font && Math.abs(row[i]!.size - row[i - 1]!.size) < 0.01 && row[i]!.conf === undefined && row[i - 1]!.conf === undefined;
  let start = 1;
  // Where the last line taken as justified ended: a justified line spaces all its words alike, so
  // the next, different gap is a cell break. Cells that fill their columns to the edge (a
  // justified description, TeX's l columns as wide as their widest cell) stand at the table's one
  // column gap ("…MID" | "2024/11/20" | "CR" in LaTeX; pdfmake's 'auto' columns the padding
  // apart, "… LANDSC CO" | "2024/11/21" | "CR" at 8 pt): equal gaps of columns, not of a line.
  let lineEnd = -1;
  while (start < row.length) {
    // The run of equal gaps from start: items start-1 .. end-1.
    const g = gapAt(start);
    if (!sameKind(start) || g < minGap || g > MAX_GAP_EM * row[start]!.size || start === lineEnd) { start++; continue; }
    let end = start + 1;
    while (end < row.length && sameKind(end) && Math.abs(gapAt(end) - g) <= SAME_GAP) end++;
    // Words mostly: a figure among them ("CASH BACK 20.00") is the description's, but a run of
    // figures at equal gaps is a table's columns ("Totals 0.00 0.00 0.00").
    const words = row.slice(start - 1, end);
    // (A date whose month is a word, "03-Feb-2025", counts as a figure: a table's date and value
    // date columns, as wide as each other, stand at equal gaps with the code after them, "03-Feb-2025 |
    // 03-Feb-2025 | CR", which were read as one cell, and a headless table's rows went unread:
    // composed seed 5202 --traits noHeads+typeCodes.)
    const letters = words.filter((w) => /\p{L}/u.test(w.str) && !WORD_DATE.test(w.str.trim())).length, figures = words.filter((w) => isMoneyText(w.str.trim()) || WORD_DATE.test(w.str.trim())).length;
    // Each a single word: a justifier stretches every space of the line, so no item keeps one;
    // items split where a writer typed runs of spaces ("Business Checking   Account Number: …",
    // a line printer's fields) stand at equal gaps too, but hold words spaced as typed.
    const single = words.every((w) => !/\s/.test(w.str.trim()));
    if (end - start >= 2 && single && letters >= 2 && letters > figures) {
      for (let i = start; i < end; i++) (out ??= new Set()).add(i);
      lineEnd = end;
    }
    start = end;
  }
  return out;
}
