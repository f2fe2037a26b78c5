import { compact, type Cell, type Line } from './lines.js';
import { isMoneyText } from './tokens.js';
import { isDateCell } from './row-line.js';
import { dayOf } from './day-headings.js';

/**
 * A row's description printed half a line off its own date and figures. A browser that measures
 * a cell's text as two lines and then draws it on one (wkhtmltopdf's WebKit does, in rows
 * aligned to the middle or the bottom) places that line where the two would have started or
 * ended: half a line above or below the row's other cells. Grouped by baseline, the description
 * becomes a line of its own, between two rows, and is read as the row above's continuation or
 * the row below's first words. A line that close is no line of its own: two printed lines stand
 * a full line apart, or their glyphs would overprint. Its cells join the row's line of values
 * when they lie beside them (no cell over another), the line of values is values only, and no
 * other line lies on its far side that the values lie centred between with it (a row whose
 * figures are centred between two lines of its description, ./centred-values.ts).
 */

/** Baselines nearer than this share of the smallest type's size are read as one line already (lines.ts). */
const SAME_LINE_EM = 0.4;
/** A description drawn off its row lies within this share of the type's size of its values. */
const OFFSET_EM = 0.75;
/**
 * On a page whose lines are spaced wide (a browser's line height of 1.5 em and more), half a
 * line is more: a description drawn off its row lies within this share of the page's usual
 * spacing of lines (half a line of a browser is half its rows' spacing at most), up to
 * MAX_OFFSET_EM of its type's size (wkhtmltopdf, rows 1.9 em apart: a description 1.08 em under its figures).
 */
const PITCH_SHARE = 0.6;
const MAX_OFFSET_EM = 1.15;
/** A centred row's two lines lie at most this far apart, in the type's size (centred-values.ts MAX_PITCH_EM). */
const CENTRED_PITCH_EM = 1.75;
/** Values lie centred between two lines within this share of their spacing from the midpoint. */
const CENTRED_SHARE = 0.25;
/** The two lines' type sizes differ by at most this share. */
const SIZE_TOLERANCE = 0.2;
/** One word of a category or type column beside a row's figures ("Bills", "Gehälter"). */
const SHORT_WORD = /^\p{L}[\p{L}'’-]{0,15}$/u;

const isDate = (c: Cell) => isDateCell(c.text);
const hasFigure = (l: Line) => l.cells.some((c) => isMoneyText(c.text));
/** A row's dates, figures, codes and a category word: no words of a description. */
const valuesOnly = (l: Line) => hasFigure(l) && l.cells.every((c) => isMoneyText(c.text) || isDate(c) || /^[\d\s\-./#]+$|^[A-Z]{1,3}$/.test(c.text.trim()) || SHORT_WORD.test(c.text.trim()));
const textOnly = (l: Line) => l.cells.every((c) => !isMoneyText(c.text) && !isDate(c));
const overlaps = (a: Cell, b: Cell) => a.x0 < b.x1 && b.x0 < a.x1;
/** The smallest type among two lines' cells (lines.ts groups items by the smaller of two sizes). */
const smallest = (a: Line, b: Line) => Math.min(...[...a.cells, ...b.cells].map((c) => c.size));

/** Each page's usual spacing of lines: the median of the distances between its neighbouring lines. */
function pagePitches(lines: Line[]): Map<number, number> {
  const gaps = new Map<number, number[]>();
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!, b = lines[i]!;
    if (a.page !== b.page || b.y <= a.y) continue;
    let list = gaps.get(b.page);
    if (!list) gaps.set(b.page, (list = []));
    list.push(b.y - a.y);
  }
  return new Map([...gaps].map(([page, list]) => [page, list.sort((x, y) => x - y)[list.length >> 1]!]));
}

function close(a: Line | undefined, b: Line, em: number): boolean {
  return !!a && a.page === b.page && Math.abs(a.y - b.y) <= em;
}

function joined(values: Line, text: Line): Line {
  const cells = [...values.cells, ...text.cells].sort((a, b) => a.x0 - b.x0);
  const t = cells.map((c) => c.text).join('  ');
  return { ...values, cells, x0: cells[0]!.x0, x1: Math.max(...cells.map((c) => c.x1)), text: t, key: compact(t) };
}

export function offsetDescriptions(lines: Line[]): Line[] {
  const out: (Line | null)[] = [...lines];
  const pitches = pagePitches(lines);
  for (let i = 0; i < lines.length; i++) {
    const v = lines[i]!;
    if (out[i] !== v || !valuesOnly(v)) continue;
    // The text line above or below, whichever is the one drawn off this row (never both).
    const sides = [-1, 1].filter((d) => {
      const t = lines[i + d];
      if (!t || out[i + d] !== t || t.page !== v.page || !textOnly(t)) return false;
      const size = Math.max(t.size, v.size), dy = Math.abs(t.y - v.y);
      const reach = Math.max(OFFSET_EM * size, Math.min(MAX_OFFSET_EM * size, PITCH_SHARE * (pitches.get(v.page) ?? 0)));
      // (Nearer than lines.ts groups two lines, by their smallest type, they would be one line already:
      // a figure in smaller type than its line's other cells lowers the line's size, not the bound.)
      if (dy <= Math.max(1, SAME_LINE_EM * smallest(t, v)) || dy > reach) return false;
      if (Math.min(t.size, v.size) < size * (1 - SIZE_TOLERANCE)) return false;
      if (t.cells.some((c) => v.cells.some((w) => overlaps(c, w)))) return false;
      // Nothing as close on either far side (a line pair of a denser layout), and no line on the
      // values' far side that they lie centred between with this one: a centred row's other line
      // (./centred-values.ts), printed up to a line's spacing away. A line naming a day is no
      // row's line (rows under day headings: a row's description drawn under its figures, the
      // next day's heading beside it above them, composed wkhtmltopdf seed 8).
      const far = lines[i - d];
      if (far && far.page === v.page && textOnly(far) && !dayOf(far) && Math.abs(far.y - v.y) <= CENTRED_PITCH_EM * size && Math.abs(v.y - (far.y + t.y) / 2) <= CENTRED_SHARE * Math.abs(far.y - t.y)) return false;
      return !close(far, v, reach) && !close(lines[i + 2 * d], t, reach);
    });
    if (sides.length !== 1) continue;
    const d = sides[0]!;
    out[i] = joined(v, lines[i + d]!);
    out[i + d] = null;
  }
  return out.filter((l): l is Line => l !== null);
}
