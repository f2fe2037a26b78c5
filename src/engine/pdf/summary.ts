import type { Cell, Line } from './lines.js';
import { compact } from './lines.js';
import { isMoneyText } from './tokens.js';
import { isDateCell, isMonth } from './row-line.js';

/**
 * A summary printed as a small table: labels on one to three lines, amounts on the line below
 * ("Beginning balance | Deposits and other additions | … " over "16,144.62 | 37,649.58 | …").
 * Returns one (label, amount) pair per amount, the label being the text printed above it.
 */
export function stackedSummary(above2: Line | null, above1: Line | null, line: Line, above3: Line | null = null): { key: string; text: string; money: string }[] | null {
  // A neighbouring box's figure printed higher, its label on fewer lines (cards side by side,
  // "Ending balance" over "$34,732.89" beside "Beginning" over "balance" over "$36,708.35"):
  // no line of these labels. The labels are read past it.
  // (A box's value may be a date: a card's "Payment due by" over "29/01/2025", or over "February"
  // and "25, 2025" in a narrow box.)
  const value = (c: Cell) => isMoneyText(c.text) || /^\d{1,4}$/.test(c.text) || isDateCell(c.text) || isMonth(c.text.trim());
  if (above1 && above1.page === line.page && above1.cells.length && above1.cells.every(value)
    && !above1.cells.some((a) => line.cells.some((c) => a.x0 < c.x1 && c.x0 < a.x1))) [above1, above2, above3] = [above2, above3, null];
  if (!above1 || above1.page !== line.page || line.y - above1.y > line.size * 2.2) return null;
  if (!line.cells.length || !line.cells.every(value)) return null;
  if (above1.cells.some((c) => isMoneyText(c.text))) return null;
  const labelLines = [above1];
  // Labels over two lines, or three (a narrow cell wraps "Balance This Statement on May 4, 2025").
  const labelAbove = (upper: Line | null, lower: Line) => !!upper && upper.page === line.page && lower.y - upper.y < lower.size * 1.6 && !upper.cells.some((c) => isMoneyText(c.text));
  if (labelAbove(above2, above1)) labelLines.unshift(above2!);
  if (labelLines.length === 2 && labelAbove(above3, above2!)) labelLines.unshift(above3!);
  const out: { key: string; text: string; money: string }[] = [];
  for (const cell of line.cells) {
    if (!isMoneyText(cell.text)) continue;
    const parts: string[] = [];
    for (const l of labelLines) {
      const hits = l.cells.filter((c: Cell) => Math.max(0, c.x0 - cell.x1, cell.x0 - c.x1) < 6);
      if (!hits.length) continue;
      // A label split into cells a word's space apart is one label ("Ending | Balance": its last
      // word, over the table's Balance column, was parted from it as a glued column word), and
      // the value's whole label: read as "Ending", the closing balance was lost and a page's
      // carried balance taken for it (composed seed 6050). Labels of two boxes stand further apart.
      let run = [hits[0]!];
      for (const c of hits.slice(1)) run = c.x0 - run[run.length - 1]!.x1 <= l.size * 0.6 ? [...run, c] : run;
      parts.push(run.map((c) => c.text).join(' '));
    }
    if (!parts.length) continue;
    const text = parts.join(' ');
    out.push({ key: compact(text), text, money: cell.text });
  }
  return out.length ? out : null;
}

/**
 * A summary grid whose value line mixes money with other fields ("Kontonummer | BLZ | Summe
 * Zahlungseingänge" over "9999999999 | 200 100 20 | EUR | + 4.764,70"): each label heads the
 * cells from its left edge to the next label's. Returned only when some money cell sits under a
 * label `known` accepts (a balance or total label), so a table row under a text line is never one.
 */
export function labelGrid(above: Line | null, line: Line, known: (key: string, text: string) => boolean): { key: string; text: string; money: string }[] | null {
  // One label heads one figure only when the figure is all its line prints.
  if (!above || above.page !== line.page || line.y - above.y > line.size * 2.2 || (above.cells.length < 2 && line.cells.length > 1)) return null;
  if (above.cells.some((c) => isMoneyText(c.text))) return null;
  const labels = above.cells;
  const out: { key: string; text: string; money: string }[] = [];
  for (const cell of line.cells) {
    if (!isMoneyText(cell.text)) continue;
    // The label over the value: the one its print overlaps most (a right-aligned grid's wide
    // value starts left of its label), else the last label starting left of it.
    const overlap = (l: Cell) => Math.min(l.x1, cell.x1) - Math.max(l.x0, cell.x0);
    let label: Cell | null = labels.reduce<Cell | null>((best, l) => (overlap(l) > 0 && (!best || overlap(l) > overlap(best)) ? l : best), null);
    if (!label) for (const l of labels) if (l.x0 <= cell.x0 + 2) label = l;
    if (!label) continue;
    const key = compact(label.text);
    if (known(key, label.text)) out.push({ key, text: label.text, money: cell.text });
  }
  return out.length ? out : null;
}
