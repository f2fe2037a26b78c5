/**
 * The heads of a table of period and year-to-date totals printed after (or among) a statement's
 * rows: "Fees and interest summary | This period | Year to date", Reg DD's "Total for this
 * period | Total year-to-date". Its lines end in figures under the rows' money columns and look
 * like undated rows ("Monthly service fee | 12.00 | 48.00"), but they total fees, interest or tax
 * withheld: none is a transaction (rows.ts sets them aside until a dated row or new heads).
 */
import { YEAR_TO_DATE_HEADS } from '../data/labels.js';
import type { Line } from './lines.js';
import { isMoneyText } from './tokens.js';
import { spacedWords } from '../text-fold.js';

const HEADS = YEAR_TO_DATE_HEADS.map((h) => ` ${h} `);

/** Whether a line is such heads: no figure, and a short cell (a head, not prose) naming the year to date. */
export function periodTotalsHead(line: Line): boolean {
  if (line.cells.length > 5 || line.cells.some((c) => isMoneyText(c.text))) return false;
  return line.cells.some((c) => {
    const f = spacedWords(c.text);
    return f.split(' ').length <= 8 && HEADS.some((h) => f.includes(h));
  });
}
