import type { Line } from '../pdf/lines.js';
import { findPhrase } from './phrase-match.js';

/** Lines after a column's header searched for its row, at most. */
const ROWS_UNDER_HEADER = 40;
/** A header cell is short: the column name and little more, never a sentence that names it. */
const HEADER_SLACK = 14;

interface Column { page: number; line: number; center: number; others: number[] }

/** Centres of the header cells of a line, the column's own span cut out of a cell that holds several names. */
function headerColumn(line: Line, index: number, labels: string[]): Column | null {
  for (const cell of line.cells) {
    for (const label of labels) {
      const hit = findPhrase(cell.text, label, 1);
      if (!hit || cell.text.trim().length > label.length + HEADER_SLACK) continue;
      // Interpolated by characters: "Current  Year to Date" in one cell holds two columns.
      const len = Math.max(1, cell.text.length);
      const at = (k: number) => cell.x0 + ((cell.x1 - cell.x0) * k) / len;
      const center = (at(hit.start) + at(hit.end)) / 2;
      const others = line.cells.filter((c) => c !== cell).map((c) => (c.x0 + c.x1) / 2);
      if (hit.start > 1) others.push((at(0) + at(hit.start)) / 2);
      if (hit.end < len - 1) others.push((at(hit.end) + at(len)) / 2);
      return { page: line.page, line: index, center, others };
    }
  }
  return null;
}

/**
 * A figure printed in a table rather than after its label: the amount on the row labelled one of
 * `rows`, in the column headed one of `columns` (a pay stub's "Gross Pay … 24,000.00" under
 * "Year to Date"). The amount must sit nearer the column's header than any other header cell;
 * null when no such amount is printed (never the neighbouring column's).
 */
export function valueInColumn(lines: Line[], rows: string[], columns: string[], amount: RegExp): string | null {
  for (let i = 0; i < lines.length; i++) {
    const col = headerColumn(lines[i]!, i, columns);
    if (!col) continue;
    for (const line of lines.slice(i + 1, i + 1 + ROWS_UNDER_HEADER)) {
      if (line.page !== col.page) break;
      const labelCell = line.cells.findIndex((c) => rows.some((r) => { const h = findPhrase(c.text, r); return h !== null && h.start <= 2; }));
      if (labelCell < 0) continue;
      for (const c of line.cells.slice(labelCell + 1)) {
        const t = c.text.trim();
        const m = amount.exec(t);
        if (!m || m[0] !== t) continue;
        const center = (c.x0 + c.x1) / 2;
        const mine = Math.abs(center - col.center);
        if (col.others.every((o) => Math.abs(center - o) > mine)) return t;
      }
      // The row is found and holds no amount under the column: the figure is not printed there.
      return null;
    }
  }
  return null;
}
