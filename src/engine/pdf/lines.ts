import type { PageText, TextItem } from './extract.js';
import { MONTHS } from '../data/labels.js';
import { marksOnFigures, noteMarksOff } from './lone-marks.js';
import { withoutTimes } from './date-times.js';
import { justifiedJoins } from './justified-words.js';
import { cutDotLeaders } from './dot-leaders.js';
import { datesApart, wholeDateWithYear } from './paired-dates.js';
import type { Cell } from './cell.js';
import { withoutAccents } from '../text-fold.js';

export type { Cell } from './cell.js';

export interface Line {
  page: number;
  y: number;         // baseline from the top of the page
  size: number;      // dominant font size
  x0: number;
  x1: number;
  cells: Cell[];
  text: string;      // cells joined by two spaces
  /** Lower-case letters only (see compact()): for label matching regardless of letter spacing. */
  key: string;
  index: number;     // position in the document's line stream
}

/** compact() of one character outside ASCII, by its code: filled as met (the BMP bounds it). */
const FOLDED = new Map<number, string>();

/** compact()'s definition, over a whole string: decomposed, accents dropped, lower case, a–z kept. */
function foldWhole(text: string): string {
  return withoutAccents(text).toLowerCase().replace(/[^a-z]/g, '');
}

/**
 * Lower case, accents folded, everything but letters removed. "Ope ning Bal-ance" → "openingbalance".
 * Read character by character (it runs on every line and many cells, ~30,000 times over the
 * corpus's statements): ASCII letters as they are, any other character by its fold, which is
 * foldWhole of that character alone — decomposition, case and the a–z filter act on each
 * character apart (what reordering moves are combining marks, which the filter drops), so
 * the result is foldWhole's. Surrogate pairs are read by foldWhole whole.
 */
export function compact(text: string): string {
  const n = text.length;
  let i = 0;
  // Already lower-case letters only (a cell's word, a key): nothing to build.
  while (i < n) { const c = text.charCodeAt(i); if (c < 0x61 || c > 0x7a) break; i++; }
  if (i === n) return text;
  let out = text.slice(0, i);
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (c >= 0x61 && c <= 0x7a) out += String.fromCharCode(c);
      else if (c >= 0x41 && c <= 0x5a) out += String.fromCharCode(c + 32);
    } else if (c >= 0xd800 && c <= 0xdfff) {
      return foldWhole(text);
    } else {
      let f = FOLDED.get(c);
      if (f === undefined) { f = foldWhole(String.fromCharCode(c)); FOLDED.set(c, f); }
      out += f;
    }
  }
  return out;
}

const boldFonts = new Map<string, boolean>();
/** Bold by its name ("Helvetica-Bold", "Arial,Bold", "…-Black"); one regex test per font name, not per item. */
function isBoldFont(font: string): boolean {
  let bold = boldFonts.get(font);
  if (bold === undefined) {
    bold = /bold|black|heavy|semibold|,b\b/i.test(font);
    if (boldFonts.size < 1000) boldFonts.set(font, bold);
  }
  return bold;
}

/**
 * A figure's first group: one to three digits, a sign or currency mark before them ("1", "-24",
 * "€ 38", "R$10"; "RS10", "Rs 5": a rupee's mark, or a real's whose "$" blur made an "S").
 */
const FIRST_GROUP = /^[-+(]?(?:(?:[€$£]|[RSA]\$|NZ\$|R[sS]\.?)\s?)?\d{1,3}$/;
/** The rest of a figure grouped by spaces: whole groups of three, then the decimals ("590,00", "136.51-"). */
const LATER_GROUPS = /^\d{3}(?:[ .,']\d{3})*[.,]\d{2}(?:[-)]|\s?(?:CR|DR|€))?$/;

/**
 * Two words OCR read apart that are one figure grouped by a space ("1 590,00" read "1" and
 * "590,00", "38 069,16" as "38" and "069,16"): a first group of one to three digits, then whole
 * groups of three with the decimals, within a character or so of each other. Read apart, the
 * first group was lost or taken for a figure of its own. A text layer prints such a figure as
 * one item, or with its own spacing: only OCR words (`conf` set) are joined so.
 */
export function oneSpacedFigure(left: string, right: string, gap: number, em: number): boolean {
  return gap >= 0 && gap <= 1.3 * em && FIRST_GROUP.test(left) && LATER_GROUPS.test(right);
}

const MONTH_WORDS = new Set(Object.values(MONTHS).flat(2));
const DAY = /^\d{1,2}[.,]?$/;
const MONTH_WORD = /^(\p{L}{3,9})\.?,?$/u;

/**
 * Two words OCR read apart that are one date, a day and a month name ("03" and "feb" of "03 feb",
 * "Feb" and "03"), within a character or so of each other. Apart, the day alone was no date and
 * the row lost it (composed scan 53: a description-first table's rows undated, taken as
 * wrapped lines). As oneSpacedFigure: only OCR words are joined so.
 */
export function oneSplitDate(left: string, right: string, gap: number, em: number): boolean {
  if (gap < 0 || gap > 1.3 * em) return false;
  const month = (w: string) => { const m = MONTH_WORD.exec(w); return !!m && MONTH_WORDS.has(compact(m[1]!)); };
  return (DAY.test(left) && month(right)) || (month(left) && DAY.test(right));
}

/** A day and month name, either way round, without a year ("Dec 16,", "16 Dec", "16. Dez."). */
const DAY_MONTH_NO_YEAR = /^(?:\d{1,2}\.?\s(\p{L}{3,9})\.?|(\p{L}{3,9})\.?\s\d{1,2},?)$/u;

/** The year OCR read apart from its day and month ("Dec 16," and "2024"). */
export function splitYear(left: string, right: string, gap: number, em: number): boolean {
  if (gap < 0 || gap > 1.3 * em || !/^(?:19|20)\d{2}$/.test(right)) return false;
  const m = DAY_MONTH_NO_YEAR.exec(left);
  return !!m && MONTH_WORDS.has(compact(m[1] ?? m[2]!));
}

/**
 * A real's mark "R$" that OCR read with an "S" beside its "$" ("RS$1", "(RS$674,64"): blurred
 * Courier draws the "$" wide enough for two glyphs. Before a figure's digits such a word is no
 * word of any language and no other currency's mark, and read as it stands it is no money (the
 * row lost its amount, or its first group): the mark as printed. Only OCR words.
 */
export function ocrRealMark(text: string): string {
  return text.replace(/^([-+(]?)RS\$(?=\s?[-(]?\d)/, '$1R$$');
}

/** A year-first numeric date ("2025.02.06", "2025-02-06", "2025/02/06"). */
const YEAR_FIRST_DATE = /^(?:19|20)\d{2}([./-])\d{2}\1\d{2}$/;

/**
 * A year-first date OCR read as two words at one of its marks ("2025.02" and "06", "2025." and
 * "02.03", "2025" and "02.03": Courier's point is as wide as its space, and blur leaves the gap
 * of one; composed 2106 defocused, every date of the page). Apart, neither word was a date and
 * no row was read. Returns the date joined, its lost mark the other mark it prints; null when
 * the words are no such date. As oneSpacedFigure: only OCR words are joined so.
 */
export function yearFirstDateApart(left: string, right: string, gap: number, em: number): string | null {
  if (gap < 0 || gap > 1.3 * em || !/^(?:19|20)\d{2}/.test(left) || !/\d$/.test(right)) return null;
  const mark = /[./-]/.exec(left.slice(4) + right)?.[0];
  if (!mark) return null;
  const joined = /[./-]$/.test(left) || /^[./-]/.test(right) ? `${left}${right}` : `${left}${mark}${right}`;
  return YEAR_FIRST_DATE.test(joined) ? joined : null;
}

/** A figure's whole part: digits, in groups or not ("692", "16'459", "37 691", "(1.234"). */
const WHOLE_PART = /^[-(]?(?:[$€£]\s?)?(?:\d{1,3}(?:[ ',.]\d{3})+|\d+)$/;

/**
 * A figure whose decimal point OCR lost, read as two words ("692.00" read "692" and "00",
 * "16'459.00" as "16'459" and "00"): the whole part, then two digits, a point's width apart.
 * Returns the figure joined with its decimal mark (the other mark than its groups'), null when
 * the words are no such figure. Not printed so as read: the joined figure matches no OCR word,
 * so confidence.ts flags it (never trusted silently).
 */
export function lostDecimalPoint(left: string, right: string, gap: number, em: number): string | null {
  if (gap < 0 || gap > 1.3 * em || !/^\d{2}\)?-?$/.test(right) || !WHOLE_PART.test(left)) return null;
  return `${left}${/\.\d{3}/.test(left) ? ',' : '.'}${right}`;
}

export interface LineOptions {
  /** Scales the gap that counts as a space / as a new cell (option `spacingfactor`). */
  spacingfactor?: number;
}

/**
 * A date with its year in figures ("2025.03.19", "19/03/2025") set most of a cell's break after
 * the text before it is the next column's, not that text's last word: a description that fills
 * its cell to the edge (justified, or long) leaves the date column's value just the cells'
 * padding away, 0.8 em under FOP's 3-pt padding at 7.5 pt. A text layer's words only (an OCR
 * word's gap is measured on its letters); a date inside a description stands a space from its
 * words (0.25–0.6 em, a monospaced space the widest).
 */
const DATE_APART_EM = 0.7;
const FULL_NUMERIC_DATE = /^(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{2}|\d{4})|\d{4}[./-]\d{1,2}[./-]\d{1,2})$/;
function dateApart(text: string, gap: number, em: number): boolean {
  return gap >= DATE_APART_EM * em && FULL_NUMERIC_DATE.test(text.trim());
}

/**
 * The same the other way round: text set after a whole date with its year (its month in figures
 * or named, "03-Feb.-2025") further than one of the date's own glyphs is the next column's. A
 * word space is narrower than a proportional face's average glyph and as wide as a monospaced
 * one's, so a description that starts with a date keeps its words; measured on the date's own
 * print, in its type. pdfmake pads a cell 3 pt each side, so a description stood 0.68 em after
 * the date column's widest date (Roboto's glyphs average 0.49 em there), and "03-Feb.-2025 CO
 * ID:9424300002 CCD" was one cell: no date column's date, so the value date under it in smaller
 * type was no second date (./stacked-dates.ts) and began a row (pdfmake seed 39: every row's
 * description given to its neighbour).
 */
const AFTER_DATE_GLYPHS = 1.2;
function afterDate(cell: Cell, gap: number): boolean {
  const text = cell.text.trim();
  return wholeDateWithYear(text) && gap > AFTER_DATE_GLYPHS * ((cell.x1 - cell.x0) / cell.text.length);
}

/** Times the page's body size from which text is outsized (titles print at most some 2.5 times it). */
const OUTSIZE = 3;
/** Times the body size from which words drawn over other text are a watermark or a stamp. */
const OVER_TEXT = 2;

/**
 * Items in large type (OVER_TEXT times the body size or more), no digit in their line, drawn
 * over other text: their letters' height, or the gap under them, holds the baseline of a line
 * of body text whose span crosses theirs (a watermark across the table, over a row or in the gap
 * between a row's description and its figures; a stamp). `items` sorted by baseline.
 */
function drawnOverText(items: readonly TextItem[], body: number): Set<TextItem> {
  const out = new Set<TextItem>();
  const big = items.filter((it) => it.size >= OVER_TEXT * body);
  if (!big.length) return out;
  const spans = groupLines(items.filter((it) => it.size < OVER_TEXT * body)).map((r) => ({
    y: r[0]!.y, x0: Math.min(...r.map((it) => it.x)), x1: Math.max(...r.map((it) => it.x + Math.max(it.w, 0))),
  }));
  // The first line below a height (binary search: lines are in baseline order).
  const from = (y: number) => { let lo = 0, hi = spans.length; while (lo < hi) { const mid = (lo + hi) >> 1; if (spans[mid]!.y <= y) lo = mid + 1; else hi = mid; } return lo; };
  for (const line of groupLines(big)) {
    if (line.some((it) => /\d/.test(it.str))) continue;
    const covers = line.some((it) => {
      const x1 = it.x + Math.max(it.w, 0);
      for (let k = from(it.y - 0.75 * it.size); k < spans.length && spans[k]!.y < it.y + 0.4 * it.size; k++) {
        if (spans[k]!.x0 < x1 && spans[k]!.x1 > it.x) return true;
      }
      return false;
    });
    if (covers) for (const it of line) out.add(it);
  }
  return out;
}

/** The size most of a page's characters are printed in (the median over characters); Infinity for an empty page. */
function bodySize(items: readonly TextItem[]): number {
  if (!items.length) return Infinity;
  const bySize = items.map((it) => [it.size, it.str.length || 1] as const).sort((a, b) => a[0] - b[0]);
  let half = bySize.reduce((n, [, c]) => n + c, 0) / 2;
  for (const [size, chars] of bySize) { half -= chars; if (half <= 0) return size; }
  return bySize[bySize.length - 1]![0];
}

/** Items sorted by baseline, grouped into lines: baselines within 40 % of the smaller font size of a line's first item and the next. */
function groupLines(items: readonly TextItem[]): TextItem[][] {
  const rows: TextItem[][] = [];
  let current: TextItem[] = [];
  let rowY = -Infinity, rowSize = 0;
  for (const it of items) {
    if (current.length && Math.abs(it.y - rowY) <= Math.max(1, 0.4 * Math.min(rowSize, it.size))) {
      current.push(it);
      continue;
    }
    if (current.length) rows.push(current);
    current = [it];
    rowY = it.y; rowSize = it.size;
  }
  if (current.length) rows.push(current);
  return rows;
}

/**
 * Groups a page's items into lines (baselines within 40 % of the font size) and each line into
 * cells (a gap wider than ~0.8 em starts a new cell; a gap wider than ~0.15 em is a space).
 * One sort per page and a linear sweep: no pairwise comparisons.
 */
export function pageLines(page: PageText, opts: LineOptions = {}, startIndex = 0): Line[] {
  const factor = opts.spacingfactor ?? 1;
  const items = page.items.slice().sort((a, b) => a.y - b.y || a.x - b.x);
  // Words in large type drawn over other text (a watermark, "DUPLICATE COPY" across the table;
  // a stamp) are no line of the page: on a row's baseline their em made the row's gaps spaces
  // and its cells one. Text many times the body size is no line's neighbour either (a heading
  // or a balance's tile printed large beside the text): it makes lines of its own.
  // (A text layer's only: OCR words' sizes are measured from their letters, and a speck or a
  // rule read into a word makes it tall.)
  const body = items.some((it) => it.conf !== undefined) ? Infinity : bodySize(items);
  const over = drawnOverText(items, body);
  const kept = over.size ? items.filter((it) => !over.has(it)) : items;
  const outsize = OUTSIZE * body;
  const rows = groupLines(kept.filter((it) => it.size < outsize));
  const outsized = kept.filter((it) => it.size >= outsize);
  if (outsized.length) {
    rows.push(...groupLines(outsized));
    rows.sort((a, b) => a[0]!.y - b[0]!.y);
  }
  const pitch = printerPitch(rows);

  const lines: Line[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    const cells: Cell[] = [];
    let cell: Cell | null = null;
    let sizeSum = 0;
    // Words of a justified line stand further apart than a new cell's gap (./justified-words.ts).
    const justified = row.length > 2 ? justifiedJoins(row, 0.8 * Math.min(...row.map((it) => it.size)) * factor) : null;
    for (const [n, it] of row.entries()) {
      sizeSum += it.size;
      const text = it.conf === undefined ? it.str.replace(/[\t\r\n]+/g, ' ') : ocrRealMark(it.str.replace(/[\t\r\n]+/g, ' '));
      const x0 = it.x, x1 = it.x + Math.max(it.w, 0);
      const bold = isBoldFont(it.font);
      if (cell) {
        const gap = x0 - cell.x1;
        const em = Math.max(cell.size, it.size);
        const joined = it.conf === undefined ? null : lostDecimalPoint(cell.text, text, gap, em) ?? yearFirstDateApart(cell.text, text, gap, em);
        if (joined) {
          // One printed figure: one piece (the reader rebuilds a cell of pieces from them).
          cell.text = joined; cell.x1 = Math.max(cell.x1, x1); cell.parts = [{ text: joined, x0: cell.x0, x1: cell.x1 }];
          continue;
        }
        if (justified?.has(n) || (!(it.conf === undefined && (dateApart(text, gap, em * factor) || afterDate(cell, gap / factor))) && (gap < 0.8 * em * factor || (it.conf !== undefined && (oneSpacedFigure(cell.text, text, gap, em) || oneSplitDate(cell.text, text, gap, em) || splitYear(cell.text, text, gap, em)))))) {
          const needsSpace = gap > 0.15 * em * factor && !cell.text.endsWith(' ') && !text.startsWith(' ');
          cell.text += (needsSpace ? ' ' : '') + text;
          cell.x1 = Math.max(cell.x1, x1);
          cell.parts.push({ text, x0, x1 });
          cell.bold &&= bold;
          continue;
        }
        cells.push(cell);
      }
      cell = { text, x0, x1, size: it.size, bold, parts: [{ text, x0, x1 }] };
    }
    if (cell) cells.push(cell);
    for (const c of cells) c.text = c.text.trim();
    // Footnote marks come off the figures before a mark printed apart looks for its figure: "£" then
    // "940,42 †" is a figure once its note mark is off (the other way round, the "£" stayed a word
    // of the description: composed --traits markApart+footnotes).
    const kept = withoutTimes(marksOnFigures(noteMarksOff(cutDotLeaders(cells.flatMap((c) => (c.text ? datesApart(c) ?? [c] : []))))));
    if (!kept.length) continue;
    const text = kept.map((c) => c.text).join('  ');
    lines.push({
      page: page.page, y: pitch ? pitch.y0 + (row[0]!.y - pitch.y0) * pitch.factor : row[0]!.y, size: sizeSum / row.length,
      x0: kept[0]!.x0, x1: kept[kept.length - 1]!.x1, cells: kept, text, key: compact(text), index: startIndex + lines.length,
    });
  }
  return lines;
}

/**
 * A page printed as a line printer prints, in monospaced type on a fixed pitch of lines (a core
 * system's print file set by a text-to-PDF converter: 6 or 8 lines an inch whatever the type's
 * size, so small type for 132 columns stands two ems and more apart): its lines are read as if
 * set 1.25 em apart, measured from its first line, so that a wrapped description's next line, a
 * head's second line and a row's following line are as near as type set normally leaves them.
 * Null for any other page: type of several widths per character (a proportional font), fewer
 * than eight lines, lines not on one pitch, or a pitch already under 1.5 em.
 */
const MONO_RATIO_SPREAD = 0.02, MIN_PITCH_EM = 1.5, READ_PITCH_EM = 1.25;
function printerPitch(rows: TextItem[][]): { y0: number; factor: number } | null {
  if (rows.length < 8) return null;
  const ratios: number[] = [], sizes: number[] = [];
  for (const row of rows) for (const it of row) {
    if (it.conf !== undefined) return null;
    if (it.str.trim().length >= 3 && it.size > 0 && it.w > 0) { ratios.push(it.w / (it.str.length * it.size)); sizes.push(it.size); }
  }
  if (ratios.length < 10) return null;
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratio = median(ratios), size = median(sizes);
  if (ratio < 0.5 || ratio > 0.7 || ratios.filter((r) => Math.abs(r - ratio) <= ratio * MONO_RATIO_SPREAD).length < ratios.length * 0.9) return null;
  const gaps: number[] = [];
  for (let i = 1; i < rows.length; i++) gaps.push(rows[i]![0]!.y - rows[i - 1]![0]!.y);
  const counts = new Map<number, number>();
  for (const g of gaps) { const k = Math.round(g * 10) / 10; counts.set(k, (counts.get(k) ?? 0) + 1); }
  const pitch = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  if (pitch < size * MIN_PITCH_EM) return null;
  const near = (g: number, k: number) => Math.abs(g - k * pitch) <= pitch * 0.03;
  if (gaps.filter((g) => near(g, 1)).length < gaps.length * 0.5 || gaps.filter((g) => [1, 2, 3, 4, 5, 6].some((k) => near(g, k))).length < gaps.length * 0.8) return null;
  return { y0: rows[0]![0]!.y, factor: (READ_PITCH_EM * size) / pitch };
}

/** Lines grouped by page, each page's in the order given (pages in order of first appearance). */
export function linesByPage(lines: readonly Line[]): Map<number, Line[]> {
  const pages = new Map<number, Line[]>();
  for (const l of lines) {
    const list = pages.get(l.page);
    if (list) list.push(l); else pages.set(l.page, [l]);
  }
  return pages;
}

/** Every page's lines, in reading order, numbered through the document. */
export function documentLines(pages: PageText[], opts: LineOptions = {}): Line[] {
  const all: Line[] = [];
  for (const p of pages) all.push(...pageLines(p, opts, all.length));
  return all;
}
