import { compact, type Cell, type Line } from './lines.js';
import { isMoneyText } from './tokens.js';
import { startsWithDate } from './row-line.js';

/**
 * Rows whose figures are centred on their wrapped description, as HTML tables print them
 * (vertical-align: middle; online-banking printouts, neobank statements): a row of two
 * description lines prints its date and figures halfway between them, a row of three on the
 * middle one. Read as printed, the lines above the figures read as the previous row's
 * continuation. Such a table is told by its geometry, which no grid-printed table has: a line of
 * figures with no text of its own, lying at the midpoint between two text lines that are one
 * description's consecutive lines. Where one is found, each line of figures with description
 * lines on both sides takes as many above it as run on below it, and its figures (and date) move
 * up to the first of them, so the row reads as one printed with its figures on its first line,
 * as most tables print them. A table without such a line is left as printed: there a row of
 * three lines with its figures on the middle one cannot be told from rows printed with their
 * figures on the last line or the first.
 */

/** Two lines of one description are at most this far apart, in the type's size. */
const MAX_PITCH_EM = 1.75;
/** The figures' baseline lies within this share of the two lines' spacing from their midpoint. */
const MID_TOLERANCE = 0.15;
/** The figures and the description lines around them differ in size by at most this share. */
const SIZE_TOLERANCE = 0.1;
/** A row's lines lie at most this multiple of one description's line spacing apart. */
const PITCH_TOLERANCE = 1.2;
/** A description's second line in smaller type than its first by at most this share. */
const SUB_LINE_TOLERANCE = 0.2;
/** One word of a category or type column ("Bills", "Salaires", "Betrieb"). */
const CATEGORY_WORD = /^\p{L}[\p{L}'’-]{0,15}$/u;
/** Lines one row's description may run to on each side of its figures. */
const MAX_SIDE_LINES = 6;

const hasFigure = (l: Line) => l.cells.some((c) => isMoneyText(c.text));
/** A line of a row's values: a figure or a date (a dated notice's); a description's own lines hold neither. */
const isDate = (c: Cell) => c.text.length <= 16 && startsWithDate(c.text);
const isValues = (l: Line) => hasFigure(l) || l.cells.some(isDate);
const overlaps = (a: Cell, b: Cell) => a.x0 < b.x1 && b.x0 < a.x1;
/** Two lines within one description's line spacing. */
const near = (a: Line, b: Line) => Math.abs(b.y - a.y) <= MAX_PITCH_EM * Math.max(a.size, b.size);

function centredBetween(above: Line | undefined, v: Line, below: Line | undefined): boolean {
  if (!above || !below || above.page !== v.page || below.page !== v.page || !isValues(v)) return false;
  if (isValues(above) || isValues(below)) return false;
  // One table's type: the figures and the description in one size, the description's lines
  // starting at its column's edge (a guide's callout text beside a table is larger).
  // (The line below may be in smaller type: a reference under the description, "Ref 7554822527".)
  const size = Math.max(above.size, v.size, below.size);
  if (Math.min(above.size, v.size) < size * (1 - SIZE_TOLERANCE) || below.size < size * (1 - SUB_LINE_TOLERANCE)) return false;
  if (Math.abs(above.x0 - below.x0) > 0.5 * size) return false;
  // A description line lies in one place: left of the figures, right of them, or between them.
  const slot = (c: Cell) => (c.x1 <= v.x0 ? -1 : c.x0 >= v.x1 ? 1 : 0);
  if ([above, below].some((l) => new Set(l.cells.map(slot)).size > 1)) return false;
  const pitch = below.y - above.y;
  if (pitch <= 0 || pitch > MAX_PITCH_EM * Math.max(above.size, below.size)) return false;
  if (Math.abs(v.y - (above.y + below.y) / 2) > MID_TOLERANCE * pitch) return false;
  // Between two lines of one description the figures' line holds no text under them, and no
  // words at all: its date, figures, a reference, a side mark (a summary's "Beginning balance
  // 24,624.51" beside an address block is no row). A row's own date with its figures may stand
  // beside one word, a category or type column's, centred as they are ("21 Nov 2024 | Bills |
  // -29.03"): no summary's label has a date.
  const word = v.cells.some(isDate) && hasFigure(v) ? CATEGORY_WORD : null;
  if (!v.cells.every((c) => isMoneyText(c.text) || isDate(c) || /^[\d\s\-./#]+$|^[A-Za-z]{1,3}$/.test(c.text.trim()) || !!word?.test(c.text.trim()))) return false;
  return !v.cells.some((c) => above.cells.some((a) => overlaps(a, c)) || below.cells.some((b) => overlaps(b, c)));
}

function withCells(base: Line, cells: Cell[]): Line {
  const sorted = [...cells].sort((a, b) => a.x0 - b.x0);
  const text = sorted.map((c) => c.text).join('  ');
  return { ...base, cells: sorted, x0: sorted[0]!.x0, x1: Math.max(...sorted.map((c) => c.x1)), text, key: compact(text) };
}

export function centredValueRows(lines: Line[]): Line[] {
  // First every centred line of figures takes the two lines it sits between: a table's rows
  // follow one another closely, and the line below one row's figures is never the next row's.
  const rows: { i: number; moved: Cell[]; own: Cell[] }[] = [];
  const taken = new Set<number>();
  for (let i = 1; i + 1 < lines.length; i++) {
    if (taken.has(i - 1) || !centredBetween(lines[i - 1], lines[i]!, lines[i + 1])) continue;
    rows.push({ i, moved: lines[i]!.cells, own: [] });
    taken.add(i - 1).add(i).add(i + 1);
  }
  // Evidence is a line with a figure: a lone date between two lines may be a heading's.
  if (!rows.some((r) => hasFigure(lines[r.i]!))) return lines;
  // Then, in such a table, a row of an odd number of lines: figures on a description line of
  // their own with untaken description lines right above and below it, none of them under a figure,
  // each at the spacing of one description's lines that the centred lines found show (rows set
  // apart by their cells' padding are further apart: "Ref 8226473467" ending one row, "CHECK
  // 1456" a row of one line, "ONLINE PAYMENT TO HARBOR" beginning the next were read as one row).
  const pitches = rows.map((r) => lines[r.i + 1]!.y - lines[r.i - 1]!.y).sort((a, b) => a - b);
  const pitch = pitches[Math.floor(pitches.length / 2)]!;
  for (let i = 1; i + 1 < lines.length; i++) {
    const v = lines[i]!, above = lines[i - 1]!, below = lines[i + 1]!;
    if (taken.has(i - 1) || taken.has(i) || taken.has(i + 1) || isValues(above) || isValues(below)) continue;
    if (above.page !== v.page || below.page !== v.page || !near(above, v) || !near(v, below)) continue;
    if (v.y - above.y > pitch * PITCH_TOLERANCE || below.y - v.y > pitch * PITCH_TOLERANCE) continue;
    const own = v.cells.filter((c) => above.cells.some((a) => overlaps(a, c)) && below.cells.some((b) => overlaps(b, c)));
    const moved = v.cells.filter((c) => !own.includes(c));
    if (!own.length || !moved.some((c) => isMoneyText(c.text) || isDate(c))) continue;
    if ([above, below].some((l) => l.cells.some((c) => moved.some((m) => overlaps(c, m))))) continue;
    rows.push({ i, moved, own });
    taken.add(i - 1).add(i).add(i + 1);
  }
  rows.sort((a, b) => a.i - b.i);
  const out: (Line | null)[] = [...lines];
  for (const { i, moved, own } of rows) {
    const v = lines[i]!;
    // Further description lines in pairs, one above and one below, while both sides run on:
    // text only, none under the figures, each within a line's spacing of the last.
    const runsOn = (j: number, prev: Line) => {
      const l = lines[j];
      return !!l && l.page === v.page && !taken.has(j) && !isValues(l) && near(prev, l) && !l.cells.some((c) => moved.some((m) => overlaps(c, m)));
    };
    let top = i - 1, bottom = i + 1;
    for (let n = 1; n < MAX_SIDE_LINES && runsOn(top - 1, lines[top]!) && runsOn(bottom + 1, lines[bottom]!); n++) {
      top--; bottom++;
      taken.add(top).add(bottom);
    }
    out[top] = withCells(lines[top]!, [...lines[top]!.cells, ...moved]);
    out[i] = own.length ? withCells(v, own) : null;
  }
  return out.filter((l): l is Line => l !== null);
}
