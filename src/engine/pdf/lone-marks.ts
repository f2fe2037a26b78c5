import type { Cell } from './cell.js';
import { FOOTNOTE_MARKS } from '../data/labels.js';
import { carriesCurrencyMark, isCurrencyMark, isMoneyText } from './tokens.js';

/**
 * A currency mark printed apart from its figure, at the money column's left edge with the
 * figure at its right ("$      1,234.56": spreadsheets' accounting format, and printouts made
 * from them): the mark is the figure's, as if printed beside it, and never a word of the text
 * before it. The figure keeps its place (its column is where its digits are); a mark with no
 * figure after it on the line stays as printed.
 */
export function marksOnFigures(cells: Cell[]): Cell[] {
  let out: Cell[] | null = null;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!, next = cells[i + 1];
    // A figure that prints a mark of its own takes no second: a currency column's code beside a
    // figure carrying its code ("BRL" then "(82.478,49 BRL)") is the column's cell, never the
    // figure's mark ("(BRL 82.478,49 BRL)" read the code twice and broke the cell).
    if (next && isCurrencyMark(c.text) && isMoneyText(next.text) && !carriesCurrencyMark(next.text)) {
      // The mark goes after a leading sign or bracket, where a figure prints it ("-$5.00", "($5.00)").
      const lead = /^[-−(]\s?/.exec(next.text)?.[0] ?? '';
      const code = c.text.length > 2 && /[A-Z]$/i.test(c.text) ? ' ' : '';
      const text = `${lead}${c.text.trim()}${code}${next.text.slice(lead.length)}`;
      // Still one figure.
      if (isMoneyText(text)) {
        out ??= cells.slice(0, i);
        out.push({ ...next, text });
        i++;
        continue;
      }
    }
    out?.push(c);
  }
  return out ?? cells;
}

const MARK_CLASS = `[${FOOTNOTE_MARKS.map((m) => m.replace(/[\\\]^-]/g, '\\$&')).join('')}]{1,2}`;
const NOTE_MARK = new RegExp(`\\s?${MARK_CLASS}$`, 'u');
const NOTE_MARK_ALONE = new RegExp(`^${MARK_CLASS}$`, 'u');
/** A footnote's legend: its mark, then words ("* Includes a foreign transaction fee", "† Pending"). */
export const NOTE_LEGEND = new RegExp(`^${MARK_CLASS}\\s+\\p{L}`, 'u');
/** A whole number a mark can follow (whole-unit statements' figures, "31†"), marks never read as words. */
const WHOLE_FIGURE = /^[-−(]?(?:\d{1,3}(?:[,.'’\s\u00a0\u202f]\d{3})*|\d{1,2}(?:,\d{2})+,\d{3})(?:\s?(?:Cr|Dr))?\)?$/i;
/** A whole figure printed in groups ("1 694", "3'235", "1,24,350"): no check's number, which prints none. */
const GROUPED = /\d[,.'’\s\u00a0\u202f]\d{2,3}\b/;

/**
 * A whole figure's text without a footnote mark after it ("151*" → "151", "€2816†" → "€2816"),
 * for a cell the reader has placed under a money column: there the mark cannot be a check's gap
 * mark (a check's number stands in a column of its own), which `noteMarksOff`, blind to columns,
 * leaves on ungrouped whole numbers. Any other text unchanged.
 */
export function wholeFigureUnmarked(text: string): string {
  const m = NOTE_MARK.exec(text);
  if (!m) return text;
  const figure = text.slice(0, m.index).trimEnd();
  // Digits last, or after them what a figure prints there (a bracket, a trailing minus, a
  // currency's mark, a side's word: "(442)", "207-", "1.146 €-", "11.726 € H"): whether it is a
  // figure the money reader decides.
  return FIGURE_END.test(figure) ? figure : text;
}
const FIGURE_END = /\d(?:[\s)−-]|\p{Sc}|\b[A-Za-z]{1,3}\.?){0,5}$/u;

/**
 * A footnote mark after a figure ("12.50*", "1.234,56 †", or apart in a narrow column of its
 * own): the figure is read without it, and a mark alone after a figure is dropped. Marked, the
 * figure was no money cell and its row was lost (its balance then broke the chain). A whole
 * number loses a mark only when the mark cannot be a check's gap mark ("1043*", the checks
 * table's mark of a number missing in sequence, stays as printed): a mark other than "*" or "#",
 * or any mark after a figure printed in groups ("1 694*"; no check's number is).
 */
export function noteMarksOff(cells: Cell[]): Cell[] {
  let out: Cell[] | null = null;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    const prev = out ? out.at(-1) : cells[i - 1];
    if (prev && NOTE_MARK_ALONE.test(c.text) && isMoneyText(prev.text)) { out ??= cells.slice(0, i); continue; }
    const m = NOTE_MARK.exec(c.text);
    if (m) {
      const figure = c.text.slice(0, m.index).trimEnd();
      if (isMoneyText(figure) || (WHOLE_FIGURE.test(figure) && (!/[*#]/.test(m[0]) || GROUPED.test(figure)))) {
        out ??= cells.slice(0, i);
        // The figure's right edge (where its column is): its own piece's where the mark was printed
        // apart, else the share of the cell its characters take.
        const pieces = c.parts.filter((p) => !NOTE_MARK_ALONE.test(p.text.trim()));
        const x1 = pieces.length < c.parts.length && pieces.length ? pieces.at(-1)!.x1 : c.x0 + ((c.x1 - c.x0) * figure.length) / c.text.length;
        out.push({ ...c, text: figure, x1, parts: pieces.length < c.parts.length && pieces.length ? pieces : [{ text: figure, x0: c.x0, x1 }] });
        continue;
      }
    }
    out?.push(c);
  }
  return out ?? cells;
}
