import { compact, type Cell, type Line } from './lines.js';
import { isMoneyText } from './tokens.js';
import { runFigures } from './row-cells.js';
import { isDateCell } from './row-line.js';
import { dayOf } from './day-headings.js';
import { headerColumns } from './header-row.js';
import { PENDING_DATE_WORDS } from '../data/labels.js';
import { withoutAccents } from '../text-fold.js';

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
/** A foot-aligned row's figures drawn high lie within this share of its last two lines' spacing from their midpoint. */
const FOOT_HIGH_TOLERANCE = 0.25;
/** The figures and the description lines around them differ in size by at most this share. */
const SIZE_TOLERANCE = 0.1;
/** A row's lines lie at most this multiple of one description's line spacing apart. */
const PITCH_TOLERANCE = 1.2;
/** Figures in a smaller type than the description's lines around them by at most this share. */
const SMALLER_VALUES = 0.25;
/** A description's second line in smaller type than its first by at most this share. */
const SUB_LINE_TOLERANCE = 0.2;
/** One word of a category or type column ("Bills", "Salaires", "Betrieb"). */
const CATEGORY_WORD = /^\p{L}[\p{L}'’-]{0,15}$/u;
/** Lines searched on each side of a day heading for a dates' column under it. */
const HEADING_REACH = 4;
/** Lines one row's description may run to on each side of its figures. */
const MAX_SIDE_LINES = 6;
/** Consecutive lines of one table are at most this far apart, in the type's size (a line's spacing and its cells' padding). */
const MAX_GAP_EM = 2.5;
/** A row's first and last lines lie centred on its values within this share of the type's size. */
const MID_TOLERANCE_EM = 0.2;
/** Lines closer than this share of the type's size are one line's pieces, no line spacing. */
const SAME_LINE_EM = 0.4;
/** The cost of a row whose figures WebKit drew half a line off centre: more than any centred row's misfit, less than a row left as printed. */
const OFF_CENTRE = 0.5;

/** Where a line's letters are centred: its baseline less a third of its size (lines in one type are centred as their baselines are; lines in two are not). */
const letterMiddle = (l: Line) => l.y - 0.35 * l.size;
/**
 * A figure, or figures run into one cell: a credit and the balance set a cell's padding apart
 * ("€1 455,68 €29 548,93 C", pdfmake's 'auto' columns 6 pt apart at 10 pt) are a line's values
 * as two cells are (taken for words, that line was no row's values and the row's lines were
 * given to its neighbours).
 */
const isFigures = (c: Cell) => isMoneyText(c.text) || !!runFigures(c.text);
const hasFigure = (l: Line) => l.cells.some(isFigures);
/** A line of a row's values: a figure or a date (a dated notice's); a description's own lines hold neither. */
const isDate = (c: Cell) => isDateCell(c.text);
const isValues = (l: Line) => hasFigure(l) || l.cells.some(isDate);
const overlaps = (a: Cell, b: Cell) => a.x0 < b.x1 && b.x0 < a.x1;
/** Two lines within one description's line spacing. */
const near = (a: Line, b: Line) => Math.abs(b.y - a.y) <= MAX_PITCH_EM * Math.max(a.size, b.size);

function centredBetween(above: Line | undefined, v: Line, below: Line | undefined, dated: ReadonlySet<Line>, tolerance = MID_TOLERANCE): boolean {
  if (!above || !below || above.page !== v.page || below.page !== v.page || !isValues(v)) return false;
  if (isValues(above) || isValues(below)) return false;
  // One table's type: the figures and the description in one size, the description's lines
  // starting at its column's edge (a guide's callout text beside a table is larger).
  // (The line below may be in smaller type: a reference under the description, "Ref 7554822527".)
  // (The figures may be in the table's smaller type under paragraphs in their own, 8 pt under
  // 10 pt, as ReportLab sets Paragraph cells, when the description's two lines are one size.)
  const size = Math.max(above.size, v.size, below.size);
  const smallerValues = v.size < above.size && v.size >= above.size * (1 - SMALLER_VALUES) && Math.abs(above.size - below.size) <= SIZE_TOLERANCE * above.size;
  if ((!smallerValues && Math.min(above.size, v.size) < size * (1 - SIZE_TOLERANCE)) || below.size < size * (1 - SUB_LINE_TOLERANCE)) return false;
  if (Math.abs(above.x0 - below.x0) > 0.5 * size) return false;
  // A description line lies in one place: left of the figures, right of them, or between them.
  const slot = (c: Cell) => (c.x1 <= v.x0 ? -1 : c.x0 >= v.x1 ? 1 : 0);
  if ([above, below].some((l) => new Set(l.cells.map(slot)).size > 1)) return false;
  const pitch = below.y - above.y;
  if (pitch <= 0 || pitch > MAX_PITCH_EM * Math.max(above.size, below.size)) return false;
  if (Math.abs(letterMiddle(v) - (letterMiddle(above) + letterMiddle(below)) / 2) > tolerance * pitch) return false;
  // Between two lines of one description the figures' line holds no text under them, and no
  // words at all: its date, figures, a reference, a side mark (a summary's "Beginning balance
  // 24,624.51" beside an address block is no row). A row's own date with its figures may stand
  // beside one word, a category or type column's, centred as they are ("21 Nov 2024 | Bills |
  // -29.03"): no summary's label has a date.
  if (!valuesOnly(v, v.cells, dated)) return false;
  return !v.cells.some((c) => above.cells.some((a) => overlaps(a, c)) || below.cells.some((b) => overlaps(b, c)));
}

/**
 * Cells of a line of values that hold no words: its date, figures, a reference, a side mark (a
 * summary's "Beginning balance 24,624.51" beside an address block is no row). A row's own date
 * with its figures may stand beside one word, a category or type column's, centred as they are
 * ("21 Nov 2024 | Bills | -29.03"): no summary's label has a date.
 */
/** "Pending" where a row's date goes (a row not posted yet, labels.ts): its date cell's word. */
const PENDING_DATE = new Set(PENDING_DATE_WORDS);

function valuesOnly(v: Line, cells: Cell[], dated: ReadonlySet<Line>): boolean {
  const word = (v.cells.some(isDate) || dated.has(v)) && hasFigure(v) ? CATEGORY_WORD : null;
  return cells.every((c) => isFigures(c) || isDate(c) || PENDING_DATE.has(withoutAccents(c.text).trim().toLowerCase()) || /^[\d\s\-./#]+$|^[A-Za-z]{1,3}$/.test(c.text.trim()) || !!word?.test(c.text.trim()));
}

function withCells(base: Line, cells: Cell[]): Line {
  const sorted = [...cells].sort((a, b) => a.x0 - b.x0);
  const text = sorted.map((c) => c.text).join('  ');
  return { ...base, cells: sorted, x0: sorted[0]!.x0, x1: Math.max(...sorted.map((c) => c.x1)), text, key: compact(text) };
}

/** A run of rows: the lines of values (figures or a date) and the description lines around them. */
interface RowRun {
  /** Indices of the lines of values, top to bottom. */
  anchors: number[];
  /** gaps[0]: the lines right above the first row's values; gaps[k]: those between the values of rows k-1 and k; the last: those below the last row's. */
  gaps: number[][];
}

/** The cells of a line of values that a description line never lies over: its figures and dates. */
const valueCells = (v: Line) => v.cells.filter((c) => isFigures(c) || isDate(c));

/** A line that may be one of the description lines of the row whose values are on v. */
function describes(l: Line, v: Line, headings: Set<Line>, beside?: Line): boolean {
  if (l.page !== v.page || (isValues(l) && !(beside && dateInText(l, beside))) || headings.has(l)) return false;
  // One table's type (a reference under the description may be a little smaller; a guide's callout beside a table is larger).
  // (Paragraph cells in their own type over the table's smaller figures: see centredBetween.)
  if (l.size > v.size / (1 - SMALLER_VALUES) || l.size < v.size * (1 - SUB_LINE_TOLERANCE)) return false;
  const fixed = valueCells(v);
  return !l.cells.some((c) => fixed.some((f) => overlaps(c, f)));
}

/**
 * A line of a date alone printed in the description's column, under its words ("CARD PURCHASE"
 * over "11/21" over "AMAZON.COM*MK12"): a narrow column wraps a purchase's date onto a line of its
 * own. A dated notice prints its date in the dates' column, beside its words.
 */
const dateInText = (l: Line, beside: Line) => !hasFigure(l) && l.cells.every((c) => beside.cells.some((p) => !isFigures(p) && !isDate(p) && overlaps(c, p)));

/**
 * Lines naming a day over the rows under it ("Friday 6 December 2024"), as app banks group
 * their rows: no row's line, and a run of rows ends at one. A date alone in the dates' column
 * (a row's date over it or under it, within a few lines) is a dated notice's, a row of its own.
 */
function dayHeadings(lines: Line[]): Set<Line> {
  const out = new Set<Line>();
  lines.forEach((l, i) => {
    if (!dayOf(l)) return;
    const near = lines.slice(Math.max(0, i - HEADING_REACH), i + HEADING_REACH + 1).filter((m) => m !== l && m.page === l.page);
    if (!near.some((m) => m.cells.some((c) => isDate(c) && l.cells.some((h) => overlaps(c, h))))) out.add(l);
  });
  return out;
}

/**
 * The lines under a day heading, up to the next column heads: dated by the heading as a line with
 * a date cell is (a neobank's list prints no date column), so a category word beside their
 * figures ("Operations | − $1,116.62 | USD") is a row's, as beside a dated row's.
 */
function daysDated(lines: Line[], days: Set<Line>): Set<Line> {
  const out = new Set<Line>();
  let under = false;
  for (const l of lines) {
    if (days.has(l)) under = true;
    else if (under && !isValues(l) && headerColumns(l)) under = false;
    else if (under) out.add(l);
  }
  return out;
}

/** Lines no row takes: day headings and a table's column heads. */
const headingLines = (lines: Line[], days: Set<Line>) => new Set([...days, ...lines.filter((l) => !isValues(l) && headerColumns(l))]);

/** Two lines that follow one another within a table: one page, no wider apart than a row's padding allows. */
const linked = (a: Line, b: Line) => a.page === b.page && b.y > a.y && b.y - a.y <= MAX_GAP_EM * Math.max(a.size, b.size);

/** The run of rows from the line of values at i: description lines and lines of values following one another closely, none before `from`. */
function rowRun(lines: Line[], i: number, from: number, headings: Set<Line>): RowRun {
  const anchors = [i];
  const lead: number[] = [];
  for (let j = i - 1; j >= from && lead.length < MAX_SIDE_LINES && describes(lines[j]!, lines[i]!, headings, lines[j + 1]) && linked(lines[j]!, lines[j + 1]!); j--) lead.unshift(j);
  const gaps = [lead];
  let gap: number[] = [];
  for (let j = i + 1; j < lines.length && gap.length <= 2 * MAX_SIDE_LINES; j++) {
    const l = lines[j]!, last = anchors.at(-1)!;
    // A day heading over the rows under it ("Friday 6 December 2024") ends the run: no row's line.
    if (!linked(lines[j - 1]!, l) || headings.has(l)) break;
    if (isValues(l) && !dateInText(l, lines[j - 1]!)) {
      // The next row's values: the lines between must be description lines of both rows.
      if (l.page !== lines[last]!.page || !gap.every((g) => describes(lines[g]!, l, headings, lines[g - 1]))) break;
      anchors.push(j); gaps.push(gap); gap = [];
    } else if (describes(l, lines[last]!, headings, lines[j - 1]!)) gap.push(j);
    else break;
  }
  const trail = gap.slice(0, MAX_SIDE_LINES);
  gaps.push(trail);
  return { anchors, gaps };
}

interface CentredRow { anchor: number; lines: number[]; moved: Cell[]; own: Cell[]; misfit: number }

/** The row whose values are on v with these description lines (above and below it), if they lie centred on its values; else null. */
function centredRow(lines: Line[], anchor: number, above: number[], below: number[], dated: ReadonlySet<Line>, offCentre: boolean, pitch: number): CentredRow | null {
  const v = lines[anchor]!;
  if (!above.length && !below.length) return { anchor, lines: [], moved: [], own: v.cells, misfit: 0 }; // as printed
  const top = above.length ? lines[above[0]!]! : v, bottom = below.length ? lines[below.at(-1)!]! : v;
  // (By the letters' middles: lines in two types are centred so, not by their baselines.)
  const centred = Math.abs((letterMiddle(top) + letterMiddle(bottom)) / 2 - letterMiddle(v)) / v.size;
  const rowLines = [...above, ...below].map((k) => lines[k]!);
  const own = v.cells.filter((c) => rowLines.some((l) => l.cells.some((d) => overlaps(c, d))));
  const moved = v.cells.filter((c) => !own.includes(c));
  if (!oneSpacing(rowLines, v, own) || !withinPitch(rowLines, v, own, pitch)) return null;
  const misfit = centred <= MID_TOLERANCE_EM ? centred : offCentre && halfLineOff(rowLines, v, own) && setApart(lines, [...above, anchor, ...below], v) ? OFF_CENTRE : null;
  return misfit !== null && valuesOnly(v, moved, dated) ? { anchor, lines: [...above, ...below], moved, own, misfit } : null;
}

/**
 * The figures lie half a line under the middle of the row's lines, which keep one spacing: WebKit
 * (wkhtmltopdf) measures some cells one line taller than it draws them and centres the figures
 * on that, so they print on a two-line description's last line ("KAPITUS SERVICING ACH DEBIT" over
 * "Ref 2759956419 | − $177.99"), or between a three-line one's last two lines. The figures' line
 * counts as one of the description's where it holds the description's words.
 */
function halfLineOff(rowLines: Line[], v: Line, own: Cell[]): boolean {
  const ys = rowYs(rowLines, v, own);
  if (ys.length < 2) return false;
  const pitch = (ys.at(-1)! - ys[0]!) / (ys.length - 1);
  if (pitch <= 0 || pitch > MAX_PITCH_EM * v.size) return false;
  return Math.abs(v.y - (ys[0]! + ys.at(-1)!) / 2 - pitch / 2) <= MID_TOLERANCE_EM * v.size;
}

/**
 * The row's lines stand apart from the lines before and after them by more than one line's
 * spacing (their cells' padding): a row taken half a line off centre holds all its lines, and a
 * centred row's last line is never left to the row below.
 */
function setApart(lines: Line[], taken: number[], v: Line): boolean {
  const first = Math.min(...taken), last = Math.max(...taken);
  const ys = taken.map((k) => lines[k]!.y).sort((a, b) => a - b);
  const pitch = Math.min(...ys.slice(1).map((y, k) => y - ys[k]!).filter((d) => d > SAME_LINE_EM * v.size));
  const apart = (l: Line | undefined, y: number) => !l || l.page !== v.page || Math.abs(l.y - y) > pitch * PITCH_TOLERANCE;
  return Number.isFinite(pitch) && apart(lines[first - 1], lines[first]!.y) && apart(lines[last + 1], lines[last]!.y);
}

/** A row's description lines, its figures' line among them where it holds the description's words, top to bottom. */
function rowLinesWith(rowLines: Line[], v: Line, own: Cell[]): Line[] {
  const words = own.some((c) => !isFigures(c) && !isDate(c));
  return [...rowLines, ...(words ? [v] : [])].sort((a, b) => a.y - b.y);
}

function rowYs(rowLines: Line[], v: Line, own: Cell[]): number[] {
  return rowLinesWith(rowLines, v, own).map((l) => l.y);
}

/**
 * A row's consecutive lines stand no wider apart than one description's lines do in this table
 * (`pitch`, in the type's size, as its centred rows show it): evenly spaced lines further apart
 * are rows' lines, a cell's padding between them. (Taken as one row by their even spacing alone,
 * a row's reference line left under its figures by a page break, a one-line row and a centred
 * row's first line were re-set as one row: the one-line row's figures moved up to the reference
 * and its words were orphaned; wkhtmltopdf, rows 1.75 em apart, a description's lines 1.2 em.)
 */
function withinPitch(rowLines: Line[], v: Line, own: Cell[], pitch: number): boolean {
  const ls = rowLinesWith(rowLines, v, own);
  return ls.slice(1).every((l, k) => (l.y - ls[k]!.y) / ((l.size + ls[k]!.size) / 2) <= pitch * PITCH_TOLERANCE);
}

/**
 * One description's line spacing, in the type's size, on each page (key -1: the document's, for a
 * page that shows none): the widest spacing of the two lines a line of figures lies centred
 * between (a description's first line and a smaller reference under it stand closer).
 */
function descriptionPitches(lines: Line[], centred: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const i of centred) {
    const a = lines[i - 1]!, b = lines[i + 1]!;
    const em = (b.y - a.y) / ((a.size + b.size) / 2);
    for (const key of [lines[i]!.page, -1]) out.set(key, Math.max(out.get(key) ?? 0, em));
  }
  return out;
}

/**
 * A row's lines keep one spacing, a description's (in their type's size: a reference under it
 * is set smaller, and closer): two rows' lines lie further apart by their cells' padding. Taken
 * by centring alone, a table whose rows keep one line spacing re-set a run of rows each a line
 * off (a row's last line and the next row's first centred a row between them).
 */
function oneSpacing(rowLines: Line[], v: Line, own: Cell[]): boolean {
  const ls = rowLinesWith(rowLines, v, own);
  const d = ls.slice(1).map((l, k) => (l.y - ls[k]!.y) / ((l.size + ls[k]!.size) / 2));
  return d.length < 2 || Math.max(...d) <= Math.min(...d) * PITCH_TOLERANCE;
}

/**
 * Splits a run's description lines between its rows so that each row lies centred on its values:
 * each gap's lines go, the first ones to the row above, the rest to the row below, the split
 * chosen over the whole run at once (a row's fit depends on the gaps on both its sides). A row
 * that no split centres is left as printed, at a cost that outweighs any misfit, so one odd row
 * does not re-set its neighbours. Bounded: at most 2 × MAX_SIDE_LINES + 1 choices per gap.
 */
function splitRun(lines: Line[], run: RowRun, dated: ReadonlySet<Line>, offCentre: boolean, pitch: number): CentredRow[] {
  const { anchors, gaps } = run;
  if (gaps.every((g) => !g.length)) return [];
  const LEFT = 1_000, BARE = 1, UNTAKEN = 0.1;
  // cost[g][c]: the best cost of the rows above gap g when c of its lines go to the row above it.
  // (Gap 0's lines "going up" are left as printed; so are the last gap's not taken by the last row.)
  const choices = (g: number) => gaps[g]!.length + 1;
  let cost: number[] = Array.from({ length: choices(0) }, () => 0);
  const back: number[][] = [];
  const fit = (k: number, cAbove: number, cBelow: number) => {
    const r = centredRow(lines, anchors[k]!, gaps[k]!.slice(cAbove), gaps[k + 1]!.slice(0, cBelow), dated, offCentre, pitch);
    // Left as printed, a row whose line of values holds no words of its own reads with no
    // description: where one row of two must be left (a row printed off centre between them,
    // as wkhtmltopdf's WebKit prints some), it is the other.
    if (!r) return { cost: LEFT + (valuesOnly(lines[anchors[k]!]!, lines[anchors[k]!]!.cells, dated) ? BARE : 0), row: null };
    // A row of values with no description at all is rare; the run's lines going to its neighbours instead is not.
    const bare = !r.lines.length && valuesOnly(lines[anchors[k]!]!, r.own, dated) ? BARE : 0;
    // A run's first and last lines left as printed, where the rows beside them could take them (a tie otherwise).
    const untaken = (k === 0 ? cAbove : 0) + (k === anchors.length - 1 ? gaps[k + 1]!.length - cBelow : 0);
    return { cost: r.misfit + bare + UNTAKEN * untaken, row: r };
  };
  for (let k = 0; k < anchors.length; k++) {
    const next: number[] = [], from: number[] = [];
    for (let c = 0; c < choices(k + 1); c++) {
      let best = Infinity, arg = 0;
      for (let p = 0; p < cost.length; p++) {
        const total = cost[p]! + fit(k, p, c).cost;
        if (total < best) { best = total; arg = p; }
      }
      next.push(best); from.push(arg);
    }
    back.push(from); cost = next;
  }
  let c = cost.indexOf(Math.min(...cost));
  const rows: CentredRow[] = [];
  for (let k = anchors.length - 1; k >= 0; k--) {
    const p = back[k]![c]!;
    const r = fit(k, p, c).row;
    if (r?.lines.length) rows.push(r);
    c = p;
  }
  return rows;
}

function setRow(lines: Line[], out: (Line | null)[], row: CentredRow): void {
  const top = row.lines[0]!;
  if (top > row.anchor || !row.moved.length) return; // no line above its values: printed as a table prints its rows
  out[top] = withCells(lines[top]!, [...lines[top]!.cells, ...row.moved]);
  out[row.anchor] = row.own.length ? withCells(lines[row.anchor]!, row.own) : null;
}

/** What both steps read a document's lines by: its day headings, the lines they date, the lines of figures centred between two lines. */
interface Evidence { days: Set<Line>; dated: Set<Line>; centred: number[] }

function evidenceOf(lines: Line[]): Evidence {
  const days = dayHeadings(lines);
  const dated = daysDated(lines, days);
  const centred: number[] = [];
  lines.forEach((l, i) => { if (i > 0 && hasFigure(l) && centredBetween(lines[i - 1], l, lines[i + 1], dated)) centred.push(i); });
  return { days, dated, centred };
}

export function centredValueRows(lines: Line[]): Line[] {
  // Evidence first: a line of figures centred between two lines of one description, which no
  // table printed with its figures on a row's first or last line shows. (A lone date between two
  // lines may be a heading's: the evidence holds a figure.) Without one, neither step moves a line.
  const found = evidenceOf(lines);
  if (!found.centred.length) return lines;
  const headings = headingLines(lines, found.days);
  const foot = footRowsDrawnHigh(lines, found, headings);
  return foot === lines ? centredRows(lines, found, headings) : centredRows(foot, evidenceOf(foot), null);
}

function centredRows(lines: Line[], found: Evidence, headingsFound: Set<Line> | null): Line[] {
  const { days, dated } = found;
  const pitches = descriptionPitches(lines, found.centred);
  if (!pitches.size) return lines;
  // Then each run of rows is re-set as a whole: the description lines between two rows' lines of
  // values are split between the two rows, whatever their count, so that each row lies centred
  // on its values. (Paired off symmetrically around each line of figures, a row of four or five
  // lines in a narrow column whose neighbour above is shorter gave its first lines to that row.)
  // A table's column heads ("Date | Description | Amount | Balance") are no row's line either:
  // taken as the first row's first description line, a row centred on them and the lines below
  // shifted every row's words by a line, and the first row's figure moved onto the heads, which
  // then made no header, so the whole table was lost (wkhtmltopdf, a pending row on top).
  const headings = headingsFound ?? headingLines(lines, days);
  const setAll = (offCentre: boolean) => {
    const out: (Line | null)[] = [...lines];
    let from = 0, centred = 0, off = 0;
    for (let i = 0; i < lines.length; i++) {
      if (!isValues(lines[i]!) || headings.has(lines[i]!) || [lines[i - 1], lines[i + 1]].some((b) => b && b.page === lines[i]!.page && dateInText(lines[i]!, b))) continue;
      const run = rowRun(lines, i, from, headings);
      // The lines after the run's last row that it does not take may begin the next run's first row.
      from = run.anchors.at(-1)! + 1;
      for (const row of splitRun(lines, run, dated, offCentre, pitches.get(lines[i]!.page) ?? pitches.get(-1)!)) {
        setRow(lines, out, row);
        if (row.misfit === OFF_CENTRE) off++;
        else if (row.lines.some((k) => k < row.anchor) && row.lines.some((k) => k > row.anchor)) centred++;
        from = Math.max(from, ...row.lines.map((k) => k + 1));
      }
      i = from - 1;
    }
    return { lines: out.filter((l): l is Line => l !== null), centred, off };
  };
  const centred = setAll(false);
  // A table aligns all its rows one way: rows drawn half a line off centre (a two-line row's
  // figures on its last line) are taken so only where fewer than the rows centred on their lines
  // (WebKit draws a few so). A table aligned to its rows' foot prints its two-line rows so, and
  // their last line left under the figures moved up went to the row below.
  const off = setAll(true);
  return off.off > 0 && off.off < centred.centred ? off.lines : centred.lines;
}

/**
 * A row printed with its figures on its last line (a table aligned to its rows' foot) whose
 * figures WebKit drew half a line high, between the description's last two lines: a line of
 * figures alone with two or more of its description's lines above it at one spacing and one
 * under it, which ends the row (the row below stands a cell's padding further). Read as printed,
 * that last line went to the row below as its first words (wkhtmltopdf: "CODE 553201" under
 * "− 417,25", "Ref 5456873379"): the figures join that last line. Only where the rows printed
 * so outnumber the lines of figures centred between two lines: a centred row's lines stand as
 * many above its figures as under them, and a centred table's row WebKit drew so is re-set by
 * halfLineOff.
 */
function footRowsDrawnHigh(lines: Line[], found: Evidence, headings: Set<Line>): Line[] {
  return footRows(lines, headings, found.dated) > found.centred.length ? footDrawnHigh(lines, headings, found.dated) : lines;
}

/**
 * Rows printed with their figures on their last line: a line of figures and words, a line of the
 * description right above it (one line's spacing), and the row below, if any, a cell's padding further.
 */
function footRows(lines: Line[], headings: Set<Line>, dated: ReadonlySet<Line>): number {
  return lines.filter((v, i) => {
    const a = lines[i - 1], after = lines[i + 1];
    if (!a || !hasFigure(v) || valuesOnly(v, v.cells, dated) || !describes(a, v, headings) || !near(a, v) || v.y <= a.y) return false;
    return !after || after.page !== v.page || after.y - v.y > (v.y - a.y) * PITCH_TOLERANCE;
  }).length;
}

/** Each such row's figures (half a line above its last line) joined to its last line. */
function footDrawnHigh(lines: Line[], headings: Set<Line>, dated: ReadonlySet<Line>): Line[] {
  const out: (Line | null)[] = [...lines];
  for (let i = 2; i < lines.length - 1; i++) {
    const v = lines[i]!, [b, a, t] = [lines[i - 2]!, lines[i - 1]!, lines[i + 1]!];
    // (Drawn up to a quarter of a line off the midpoint, lower: WebKit rounds its lines to its pixels.)
    if (!hasFigure(v) || !valuesOnly(v, v.cells, dated) || !centredBetween(a, v, t, dated, FOOT_HIGH_TOLERANCE) || letterMiddle(v) < (letterMiddle(a) + letterMiddle(t)) / 2) continue;
    if (![b, a, t].every((l) => describes(l, v, headings)) || b.page !== v.page) continue;
    const pitch = t.y - a.y, after = lines[i + 2];
    // The row's lines above at one spacing; the row below (if any on the page) further away than that.
    if (Math.abs(a.y - b.y - pitch) > (PITCH_TOLERANCE - 1) * pitch) continue;
    if (after && after.page === v.page && after.y - t.y <= pitch * PITCH_TOLERANCE) continue;
    out[i + 1] = withCells(t, [...t.cells, ...v.cells]);
    out[i] = null;
  }
  return out.filter((l): l is Line => l !== null);
}
