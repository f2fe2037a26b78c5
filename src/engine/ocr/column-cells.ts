/**
 * Cells of a table's date and figure columns that the page reading garbled, read again. The
 * fast model reads a cell now and then as letters or marks where every other cell of its column
 * reads cleanly ("3.880,75 €" as "ue €", "27.400,94" as "aaa", "19-dez-2024" as "1 oaee- 2024",
 * "-771,95" as "1,95)", "2.923,75" as "PCP BEES)"): the row then loses its amount or its date
 * (and with it the row), or the running balance breaks. The words of the page show where the
 * columns are: figures with cents whose right (or left) edges line up, dates whose left edges
 * line up. A cell of such a column, on a line that is a row (it holds a clean date or figure
 * of another column), that is not of its column's kind (not a figure with the column's decimal
 * mark; not a date of the column's shape) is read again by the checking engine on a strip cut
 * to the column, and replaced only when that reading is of the column's kind. A figure read so
 * is flagged (confidence under the suspect mark): it was read twice differently, so the user
 * is told, and reconciliation stays the judge. Nothing is made up: a cell that does not read
 * again as its kind stays as it was.
 */
import type { Gray } from './clean.js';
import type { Box, OcrWord } from './tesseract.js';
import { LOW_CONFIDENCE, UNREAD_MARK } from './limits.js';
import { mendedFigure } from './words.js';
import { parseDateStart } from '../pdf/tokens.js';
import { knownSummaryLabel } from '../pdf/summary-labels.js';
import { compact } from '../pdf/lines.js';
import type { Lang } from '../data/labels.js';
import { flagHeadOf, isFlagHead, lineWordsOf } from './flag-heads.js';

const ALL_LANGS: Lang[] = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl'];
/** A column needs this many clean cells (a few rows' worth) before its odd cells are read again. */
const MIN_MEMBERS = 4;
/** At most this many cells a page are read again (a page of noise must not cost a strip per line). */
export const MAX_REREADS = 40;
/** A word read at least this surely and made of letters only is text, not a garbled cell (a column's head). */
const SURE_TEXT = 90;
/** Band heights (pixels) under this are enlarged for the checking engine (small type reads poorly). */
const MIN_BAND_PX = 40;
/**
 * An odd cell wider than this many times its column's width (the widest clean cell's), and two
 * letters more, is not read again: no reading of that much ink is one of the column's cells.
 */
const WIDER_THAN_COLUMN = 2;

/** A number with cents: groups of three after a first group, or none; the decimal mark last. */
const FIGURE = /^(?:\d{1,3}(?:([.,' ])\d{3})+|\d+)([.,])\d{2}$/;

/** The figure inside a cell's text (currency marks, signs, brackets, CR/DR set aside), or null. */
export function figureOf(text: string): { decimal: string } | null {
  const core = text
    .replace(/[€$£¥]/g, ' ')
    .replace(/\b(?:CR|DR|Cr|Dr|EUR|USD|CHF|BRL|GBP|CAD|AUD)\b/g, ' ')
    .trim()
    .replace(/^[-+−(]\s?/, '')
    .replace(/\s?[-+)]$/, '')
    .trim();
  const m = FIGURE.exec(core);
  if (!m) return null;
  // A group mark the same as the decimal mark ("1.234.56") is no figure of a statement.
  if (m[1] && m[1] === m[2]) return null;
  if (core.includes(' ') && m[1] !== ' ') return null;
  return { decimal: m[2]! };
}

/** The shape of a date's text: digit runs as 9, letter runs as a ("16-dez-2024" → "9-a-9"). */
export function dateShape(text: string): string {
  return text.replace(/\d+/g, '9').replace(/[A-Za-zÀ-ÿ]+/g, 'a');
}

/** A cell whose whole text is a date (day, month, maybe year; any of the engine's languages). */
export function isDateCell(text: string): boolean {
  if (figureOf(text)) return false;
  const t = parseDateStart(text, true, ALL_LANGS) ?? parseDateStart(text, false, ALL_LANGS);
  return !!t && t.length >= text.replace(/[.,]$/, '').length;
}

/** Words of one printed line, and their cells: words closer than a gap. */
interface Cell { words: OcrWord[]; text: string; x0: number; x1: number }
interface PageLine { words: OcrWord[]; cells: Cell[]; ascent: number; baseline: number }

function median(v: number[]): number {
  const s = v.slice().sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : 0;
}

/** The page's words grouped into printed lines (baselines within half an ascent) and cells. */
function pageLines(words: OcrWord[]): PageLine[] {
  const ascent = median(words.map((w) => w.ascent)) || 1;
  const sorted = words.slice().sort((a, b) => a.baseline - b.baseline);
  const lines: OcrWord[][] = [];
  for (const w of sorted) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(w.baseline - last[0]!.baseline) <= ascent * 0.5) last.push(w);
    else lines.push([w]);
  }
  return lines.map((ws) => {
    ws.sort((a, b) => a.x0 - b.x0);
    const a = median(ws.map((w) => w.ascent)) || ascent;
    const cells: Cell[] = [];
    for (const w of ws) {
      const c = cells[cells.length - 1];
      if (c && w.x0 - c.x1 < a * 0.8) { c.words.push(w); c.text += ` ${w.text}`; c.x1 = Math.max(c.x1, w.x1); }
      else cells.push({ words: [w], text: w.text, x0: w.x0, x1: w.x1 });
    }
    return { words: ws, cells, ascent: a, baseline: median(ws.map((w) => w.baseline)) };
  });
}

interface Column { kind: 'figure' | 'date'; x0: number; x1: number; decimal?: string; shape?: string; dotless?: boolean }

/** A day and month with a point between ("16.1", "6.1."): a date only with its closing point. */
const DAY_MONTH = /^(\d{1,2})\.(\d{1,2})(\.?)$/;

/**
 * Day-month dates whose closing point the reading lost ("6.1." read "6.1": no date, as "10.50"
 * is money; the row is lost). Where cells of that form line up at their left edges as a column
 * and one of them cannot be money (a single digit after the point, or the closing point read),
 * every one of them is a date: the point is given back. Returns the column's left edges.
 */
function dayMonthColumns(lines: PageLine[], tol: number): void {
  const cells = lines.flatMap((l) => l.cells).filter((c) => {
    const m = DAY_MONTH.exec(c.text);
    return m && c.words.length === 1 && Number(m[1]) >= 1 && Number(m[1]) <= 31 && Number(m[2]) >= 1 && Number(m[2]) <= 12;
  });
  for (const group of clusters(cells.map((c, i) => ({ v: c.x0, i })), tol)) {
    if (group.length < MIN_MEMBERS) continue;
    const members = group.map((i) => cells[i]!);
    if (!members.some((c) => /\.\d$|\.$/.test(c.text))) continue;
    for (const c of members) if (!c.text.endsWith('.')) { c.text += '.'; c.words[0]!.text = c.text; }
  }
}

/** Groups of values within `tol` of each other (sorted, chained), each with its members' indices. */
function clusters(values: { v: number; i: number }[], tol: number): number[][] {
  const s = values.slice().sort((a, b) => a.v - b.v);
  const out: number[][] = [];
  let cur: { v: number; i: number }[] = [];
  for (const x of s) {
    if (cur.length && x.v - cur[cur.length - 1]!.v > tol) { out.push(cur.map((c) => c.i)); cur = []; }
    cur.push(x);
  }
  if (cur.length) out.push(cur.map((c) => c.i));
  return out;
}

/** The page's figure columns (edges lined up, right or left) and date columns (left edges lined up, one shape). */
function findColumns(lines: PageLine[]): Column[] {
  const ascent = median(lines.map((l) => l.ascent)) || 1;
  const tol = ascent * 0.6;
  dayMonthColumns(lines, tol);
  const figures: { cell: Cell; decimal: string }[] = [];
  const dates: { cell: Cell; shape: string }[] = [];
  for (const l of lines) {
    for (const c of l.cells) {
      const f = figureOf(c.text);
      if (f) figures.push({ cell: c, decimal: f.decimal });
      else if (isDateCell(c.text)) dates.push({ cell: c, shape: dateShape(c.text) });
    }
  }
  const cols: Column[] = [];
  for (const edge of ['x1', 'x0'] as const) {
    for (const group of clusters(figures.map((f, i) => ({ v: f.cell[edge], i })), tol)) {
      if (group.length < MIN_MEMBERS) continue;
      const members = group.map((i) => figures[i]!);
      const comma = members.filter((m) => m.decimal === ',').length;
      const decimal = comma * 2 > members.length ? ',' : comma * 2 < members.length ? '.' : undefined;
      cols.push({ kind: 'figure', x0: Math.min(...members.map((m) => m.cell.x0)), x1: Math.max(...members.map((m) => m.cell.x1)), decimal });
    }
  }
  for (const group of clusters(dates.map((d, i) => ({ v: d.cell.x0, i })), tol)) {
    if (group.length < MIN_MEMBERS) continue;
    const members = group.map((i) => dates[i]!);
    const count = new Map<string, number>();
    for (const m of members) count.set(m.shape, (count.get(m.shape) ?? 0) + 1);
    const [shape, n] = [...count].sort((a, b) => b[1] - a[1])[0]!;
    if (n < MIN_MEMBERS) continue;
    const same = members.filter((m) => m.shape === shape);
    cols.push({ kind: 'date', x0: Math.min(...same.map((m) => m.cell.x0)), x1: Math.max(...same.map((m) => m.cell.x1)), shape, dotless: /^9\.9\.$/.test(shape) });
  }
  // A figure column found by both edges is one column.
  const out: Column[] = [];
  for (const c of cols) {
    const twin = out.find((o) => o.kind === c.kind && o.x0 < c.x1 && c.x0 < o.x1);
    if (twin) { twin.x0 = Math.min(twin.x0, c.x0); twin.x1 = Math.max(twin.x1, c.x1); if (twin.decimal !== c.decimal) twin.decimal = twin.decimal ?? c.decimal; }
    else out.push({ ...c });
  }
  return out;
}

/** A cell of the column's kind. */
function fits(col: Column, text: string): boolean {
  if (col.kind === 'figure') {
    const f = figureOf(text);
    return !!f && (!col.decimal || f.decimal === col.decimal);
  }
  return isDateCell(text) && dateShape(text) === col.shape;
}

/**
 * A figure of the column whose marks alone were read wrong, written with the column's marks: its
 * digits in groups of three and two decimals, the last mark the column's decimal mark and the
 * others its group mark ("24.469.61", "570.80" in a column of "1.739,00"; "-789:99", "692..00"
 * in a column of "-789.99"). Null when the
 * digits do not have that shape or the column's decimal mark is not known.
 */
export function withColumnMarks(text: string, decimal: string | undefined): string | null {
  if (!decimal) return null;
  // The decimal mark may have been read as a colon or doubled ("-789:99", "692..00": Courier at
  // 9 pt, composed scans 101 and 138, where the row was lost): the cents are the last two digits.
  // A column of ungrouped figures ("4708.38 €") has its colon-read point too ("3714:75 €",
  // Times 8 pt at 200 dpi, composed scan 487: the row was lost).
  const m = /^([-(€$£]?\s?)(\d{1,3}(?:[.,]\d{3})*|\d{4,})(?:[.,:;]|\.\.|,,)(\d{2})(\s?[-)]?(?:\s?[€$£])?)$/.exec(text);
  if (!m) return null;
  const group = decimal === ',' ? '.' : ',';
  const out = `${m[1]}${m[2]!.replace(/[.,]/g, group)}${decimal}${m[3]}${m[4]}`;
  return out === text ? null : out;
}

const overlaps = (c: { x0: number; x1: number }, col: Column) => Math.min(c.x1, col.x1) - Math.max(c.x0, col.x0) > 0.4 * Math.min(c.x1 - c.x0, col.x1 - col.x0);

/** Ink darker than this (the cleaned page's paper is white) counts as print. */
const INK = 128;

/**
 * Print the page reading left out between two cells of a row: a lone "C" or "D" of a debit/credit
 * column, a short cell. Where the gap holds a mark as tall as half the line's letters and as wide
 * as a narrow letter (a speck is a few pixels), its box; else null.
 */
function inkBetween(img: Gray, x0: number, x1: number, baseline: number, ascent: number): { x0: number; x1: number }[] {
  const top = Math.max(0, Math.round(baseline - ascent * 1.05)), bottom = Math.min(img.height, Math.round(baseline + 1));
  const left = Math.max(0, Math.round(x0)), right = Math.min(img.width, Math.round(x1));
  if (right - left < ascent * 0.3 || bottom <= top) return [];
  // Runs of inked columns (gaps under a third of the letters' height join a word's letters).
  const runs: { x0: number; x1: number; minY: number; maxY: number }[] = [];
  let run: { x0: number; x1: number; minY: number; maxY: number } | null = null;
  for (let x = left; x < right; x++) {
    let minY = Infinity, maxY = -Infinity;
    for (let y = top; y < bottom; y++) if (img.data[y * img.width + x]! < INK) { if (y < minY) minY = y; maxY = y; }
    if (maxY < 0) continue;
    if (run && x - run.x1 < ascent * 0.35) { run.x1 = x + 1; run.minY = Math.min(run.minY, minY); run.maxY = Math.max(run.maxY, maxY); }
    else runs.push(run = { x0: x, x1: x + 1, minY, maxY });
  }
  // Print: as wide as a narrow letter and half as tall as the line's letters (a speck is a few pixels).
  return runs.filter((r) => r.x1 - r.x0 >= ascent * 0.3 && r.maxY - r.minY + 1 >= ascent * 0.6).map((r) => ({ x0: r.x0, x1: r.x1 }));
}

/**
 * A lone mark of a row read from ink the page reading left out: a debit/credit letter. Never a
 * sign: a "-" read from a smudge beside an amount would turn it.
 */
const FLAG = /^(?:[CDSH]|CR|DR|Cr|Dr)$/;

/**
 * The flag letter a strip of one mark reads as, speck marks and quotes around it set aside;
 * one letter read twice ("Cc": the engine's echo of a lone capital) is that letter when the ink
 * is one letter wide. Null when it reads as anything else. A letter read unsurely is kept only
 * under a debit/credit head (`head`, "D/C") whose own words it is: a column holding nothing
 * else (the engine read Helvetica's lone "C" at 46-56 where it read "D" at 92, composed scan
 * 322; the rows were left unsigned, read as debits).
 */
export function flagOf(read: OcrWord[], inkWidth: number, ascent: number, head?: string): string | null {
  const ws = read.map((w) => w.text.replace(/^["'“”‘’.,:;]+|["'“”‘’.,:;]+$/g, '')).filter((t) => t);
  if (ws.length !== 1) return null;
  let t = ws[0]!;
  if (/^([A-Za-z])\1$/i.test(t) && inkWidth < ascent * 1.2) return FLAG.test(t[0]!.toUpperCase()) ? t[0]!.toUpperCase() : null;
  if (!FLAG.test(t)) return null;
  if (head && head.toLowerCase().split('/').includes(t.toLowerCase())) return t;
  return read.every((w) => w.conf >= LOW_CONFIDENCE || !/[A-Za-z]/.test(w.text)) ? t : null;
}

/** Letters a scan reads for digits: l, I, |, ! for 1; O, o for 0. */
const LOOKALIKES: Record<string, string> = { l: '1', I: '1', '|': '1', '!': '1', O: '0', o: '0' };
/**
 * A date cell with its lookalike letters read as the digits they stand for, or null when it
 * has none: only in a part of the date between separators made of digits and lookalikes that
 * holds a digit or is a day's two characters ("1l-giu" → "11-giu", "Ol.O2.2025" → "01.02.2025";
 * a month's name, "Oct", is letters and stays).
 */
export function asDigits(text: string): string | null {
  let changed = false;
  const out = text.replace(/[^\s\-./,]+/g, (part) => {
    if (!/^[\dlI|!Oo]+$/.test(part) || /^\d+$/.test(part) || !(/\d/.test(part) || part.length <= 2)) return part;
    changed = true;
    return part.replace(/[lI|!Oo]/g, (c) => LOOKALIKES[c]!);
  });
  return changed ? out : null;
}

/**
 * Readings of a garbled date cell that its print may be, cheapest doubt first: a speck read as
 * a mark after the day ("10, Jan 2025" for "10 Jan 2025", a photo at JPEG quality 15, composed
 * 401); a letter of the month echoed ("06-Jjan" for "06-jan": Courier at 9 pt, composed scan
 * 312, both date columns of most rows, each costing a strip and the page's strips running out
 * before its garbled figures); lookalike letters for digits (asDigits). The caller keeps one
 * only as a date of its column's shape between the clean dates around it.
 */
export function dateReadings(text: string): string[] {
  const out: string[] = [];
  const add = (t: string | null) => { if (t && t !== text && !out.includes(t)) out.push(t); };
  const unmarked = text.replace(/^(\S*\d)[,'`’.](?=\s\p{L})/u, '$1');
  // A letter doubled at the start of a word of letters, the second the first's other case or
  // the same ("Jjan", "jjan"): the engine's echo of a lone letter with a descender.
  const unechoed = unmarked.replace(/(?<![\p{L}])(\p{L})(?=\1\p{L}{2})/giu, '');
  add(unmarked); add(unechoed);
  for (const t of [text, unmarked, unechoed]) add(asDigits(t));
  return out;
}

/** A date's place in time for ordering (a date without its year orders by month and day). */
function dateKey(text: string): number | null {
  const t = parseDateStart(text, true, ALL_LANGS) ?? parseDateStart(text, false, ALL_LANGS);
  return t ? (t.year ?? 0) * 10000 + t.month * 100 + t.day : null;
}

/**
 * Whether `text`, read for the date column's cell on line `at`, lies between the nearest clean
 * dates of that column above and below it (either way round: some statements list newest first;
 * across a year's end without years, on either side of the turn).
 */
function inOrder(lines: PageLine[], at: number, col: Column, text: string): boolean {
  const key = dateKey(text);
  if (key === null) return false;
  const near = (step: number): number | null => {
    for (let i = at + step; i >= 0 && i < lines.length; i += step) {
      const c = lines[i]!.cells.find((x) => overlaps(x, col) && fits(col, x.text));
      if (c) return dateKey(c.text);
    }
    return null;
  };
  const prev = near(-1), next = near(1);
  if (prev === null && next === null) return false;
  if (prev === null || next === null) return true;
  const lo = Math.min(prev, next), hi = Math.max(prev, next);
  // Dates without years across December to January: outside the span is the turn of the year.
  const wraps = Math.floor(prev / 10000) === 0 && prev > next && Math.floor(prev / 100) % 100 === 12 && Math.floor(next / 100) % 100 === 1;
  return wraps ? key >= prev || key <= next : key >= lo && key <= hi;
}

/** Whether a line's first one to three words are a whole date ("Jan 03, 2025", "03 feb", "2025-01-03"). */
function startsWithDateWords(words: OcrWord[]): boolean {
  for (let n = 1; n <= Math.min(3, words.length); n++) if (isDateCell(words.slice(0, n).map((w) => w.text).join(' '))) return true;
  return false;
}

/**
 * The rows' date cells of a page as read: the one-word cells of its leftmost date column (a value
 * date's is right of it) that are clean dates of the column's shape, each with its neighbours'
 * edges on its line (a strip read again must not take them in).
 */
export function rowDateCells(words: OcrWord[]): { word: OcrWord; left: number; right: number }[] {
  const lines = pageLines(words);
  const col = findColumns(lines).filter((c) => c.kind === 'date').sort((a, b) => a.x0 - b.x0)[0];
  if (!col) return [];
  const out: ReturnType<typeof rowDateCells> = [];
  for (const l of lines) {
    const i = l.cells.findIndex((c) => overlaps(c, col) && c.words.length === 1 && fits(col, c.text));
    if (i < 0) continue;
    out.push({ word: l.cells[i]!.words[0]!, left: i > 0 ? l.cells[i - 1]!.x1 : 0, right: l.cells[i + 1]?.x0 ?? Infinity });
  }
  return out;
}

/** Whether two texts are dates of the same day (the same day and month, and year where both print one). */
export function sameDate(a: string, b: string): boolean {
  const ka = dateKey(a), kb = dateKey(b);
  if (ka === null || kb === null) return false;
  return ka % 10000 === kb % 10000 && (ka < 10000 || kb < 10000 || ka === kb);
}

/** Reads one rectangle of the page image (pixels) with the checking engine; `minBand` enlarges a small line. */
export type RegionReader = (x0: number, y0: number, x1: number, y1: number, minBand: number) => Promise<OcrWord[]>;
/** Reads single marks of the page image in one pass (./tesseract.ts recognizeMarks): each box's words. */
export type MarkReader = (boxes: Box[], minBand: number) => Promise<OcrWord[][]>;
/** At most this many letters a page are read under a debit/credit head (a row each). */
const MAX_FLAG_MARKS = 120;

/**
 * The page's words with the garbled cells of its date and figure columns read again where the
 * new reading is of the column's kind (see the file's comment). `read` reads a rectangle of
 * the page image the words were read from. Returns the words and how many cells were read again.
 */
export async function rereadColumnCells(words: OcrWord[], img: Gray, read: RegionReader, readMarks?: MarkReader): Promise<{ words: OcrWord[]; reread: number; mended: number }> {
  const lines = pageLines(words);
  const cols = findColumns(lines);
  if (!cols.length) return { words, reread: 0, mended: 0 };
  const drop = new Set<OcrWord>();
  const added: OcrWord[] = [];
  let reread = 0, mended = 0;
  // One mark alone between x0 and x1 on the line, no wider than a letter, read on its own and
  // kept only as a debit/credit letter or a sign (placed on `like`'s line and baseline).
  type Mark = { line: (typeof lines)[number]; ink: { x0: number; x1: number }; box: Box; like: OcrWord };
  const markBetween = (line: (typeof lines)[number], x0: number, x1: number, like: OcrWord): Mark | null => {
    const a = line.ascent;
    const marks = inkBetween(img, x0, x1, line.baseline, a);
    if (marks.length !== 1) return null;
    const ink = marks[0]!;
    if (ink.x1 - ink.x0 > a * 2.5) return null;
    return { line, ink, like, box: { x0: ink.x0 - a * 0.3, y0: line.baseline - a * 1.6, x1: ink.x1 + a * 0.3, y1: line.baseline + a * 0.7 } };
  };
  const keepFlag = ({ line, ink, like }: Mark, again: OcrWord[], head?: string): void => {
    const flag = flagOf(again, ink.x1 - ink.x0, line.ascent, head);
    if (!flag) return;
    // A letter read there already (by the page reading, or read in a gap of the row and then again
    // under the head: the sparse reading gives each cell a line of its own, so the line numbers
    // differ) is not added twice: "C" "C" made one cell "CC", no sign (composed scan 292).
    if ([...words, ...added].some((w) => w.text === flag && w.x0 < ink.x1 && ink.x0 < w.x1 && Math.abs(w.baseline - line.baseline) < line.ascent)) return;
    added.push({ text: flag, conf: Math.min(...again.map((w) => w.conf)), x0: ink.x0, x1: ink.x1, y0: line.baseline - line.ascent, y1: line.baseline, baseline: like.baseline, ascent: like.ascent, line: like.line });
    mended++;
  };
  const readFlagMark = async (line: (typeof lines)[number], x0: number, x1: number, like: OcrWord): Promise<void> => {
    const m = markBetween(line, x0, x1, like);
    if (!m) return;
    reread++;
    keepFlag(m, await read(m.box.x0, m.box.y0, m.box.x1, m.box.y1, MIN_BAND_PX));
  };
  // The rows' own date column: the leftmost date column (a value date's is right of it).
  const rowDates = cols.filter((c) => c.kind === 'date').sort((a, b) => a.x0 - b.x0)[0];
  /**
   * A row's date cell with print that the page reading found no word for (a photo's blocky
   * "10 Jan", composed 401 at JPEG quality 15): where dates are printed once per day, a row
   * with no date word takes the date above, so the lost date would silently become the day
   * before. Ink there the size of print (specks are left out) is read again on a strip; kept
   * as a date of the column's shape between its neighbours, else marked unread (UNREAD_MARK:
   * the reader flags the row's date, ../pdf/rows.ts). Never guessed.
   */
  const readUnreadDate = async (line: PageLine, col: Column): Promise<void> => {
    const a = line.ascent;
    if (line.words.some((w) => w.x1 > col.x0 - a * 0.2 && w.x0 < col.x1 + a * 0.2)) return;
    const left = line.cells.filter((c) => c.x1 <= col.x0).pop(), right = line.cells.find((c) => c.x0 >= col.x1);
    const x0 = Math.max(col.x0 - a * 0.2, left ? left.x1 + a * 0.4 : 0), x1 = Math.min(col.x1 + a * 0.2, right ? right.x0 - a * 0.4 : img.width);
    const ink = inkBetween(img, x0, x1, line.baseline, a);
    if (!ink.length) return;
    // Ink that a word of a line just above or below was read from: on a curled photo a row's
    // halves stand at two baselines (composed 1301, curl, 200 dpi: "22-11-24 ZELLE PAYMENT" a
    // third of a line above "WESTSIDE D -2.144,01"), and the date of the first half was read
    // again as a second date of the same day: a row of its own, and the rows around it dated
    // one row off in a statement that reconciled. Half its height in the band or more is that word's.
    const band0 = line.baseline - a, band1 = line.baseline;
    if (words.some((w) => !line.words.includes(w) && w.x1 > x0 && w.x0 < x1 && Math.min(w.y1, band1) - Math.max(w.y0, band0) >= a * 0.5)) return;
    const like = line.words[0]!;
    const at = lines.indexOf(line);
    let text = '', confs: number[] = [];
    if (reread < MAX_REREADS) {
      reread++;
      const again = await read(x0, line.baseline - a * 1.6, x1, line.baseline + a * 0.7, MIN_BAND_PX);
      const t = again.map((w) => w.text).join(' ').trim();
      text = [t, ...dateReadings(t)].find((x) => fits(col, x) && inOrder(lines, at, col, x)) ?? '';
      confs = again.map((w) => w.conf);
    }
    added.push({
      text: text || UNREAD_MARK, conf: text ? Math.min(...confs) : 0,
      x0: ink[0]!.x0, x1: ink[ink.length - 1]!.x1, y0: line.baseline - a, y1: line.baseline, baseline: like.baseline, ascent: like.ascent, line: like.line,
    });
    mended++;
  };
  /**
   * A line that starts with a short cell at the rows' date column's left edge, a word the size of
   * its dates, and goes on with other print (its description): a row whose date was garbled.
   * Where a day's rows print their date once and the figures on the row's last line (composed
   * scan 334: "2-jun" read "eae", "16-jun" read "te1un" on a line of description alone), the line
   * held no clean cell to tell it for a row, so its date was never read again: the rows took
   * the date above, flagged. A wrapped description's own lines start right of the column.
   */
  const startsUnderRowDates = (line: PageLine): boolean => {
    const first = line.cells[0];
    if (!rowDates || !first || line.cells.length < 2) return false;
    const width = rowDates.x1 - rowDates.x0;
    return Math.abs(first.x0 - rowDates.x0) <= line.ascent * 0.6 && first.x1 - first.x0 <= width * 1.5 && first.x1 < line.cells[1]!.x0;
  };
  // A summary's figure garbled beside its label ("Anfangssaldo | No), Wo=", "Saldo finale |
  // ILA AS)AW": Courier at 7.5-8.5 pt, composed scans 428 and 434, both balances lost): no
  // column holds it, so the rows' loop below never reads it again. A line of a known balance or
  // total label and, right of it, print about a figure's width that is no figure is read again
  // on a strip of that print, and kept only as a figure with the page's decimal mark, flagged.
  // Read first: two strips a statement at most, worth more than any one row's cell.
  const decimal = cols.find((c) => c.kind === 'figure' && c.decimal)?.decimal;
  for (const line of lines) {
    if (reread >= MAX_REREADS) break;
    const k = line.cells.findIndex((_, i) => i > 0 && knownSummaryLabel(compact(line.cells.slice(0, i).map((c) => c.text).join(' ')), line.cells.slice(0, i).map((c) => c.text).join(' ')));
    if (k < 1 || line.cells.slice(0, k).some((c) => /\d/.test(c.text))) continue;
    const label = line.cells[k - 1]!, rest = line.cells.slice(k);
    const text0 = rest.map((c) => c.text).join(' ');
    const a = line.ascent, x0 = rest[0]!.x0, x1 = rest[rest.length - 1]!.x1;
    if (figureOf(text0) || text0.replace(/\s/g, '').length < 3 || x1 - x0 > a * 12 || /[A-Za-z]{4}/.test(text0)) continue;
    reread++;
    const again = await read(Math.max(label.x1 + 1, x0 - a * 0.4), line.baseline - a * 1.6, x1 + a * 0.4, line.baseline + a * 0.7, MIN_BAND_PX);
    const text = again.map((w) => w.text).join(' ').trim();
    const f = figureOf(text);
    if (!f || (decimal && f.decimal !== decimal)) continue;
    const ws = rest.flatMap((c) => c.words);
    for (const w of ws) drop.add(w);
    added.push({
      text, x0, x1, y0: Math.min(...ws.map((w) => w.y0)), y1: Math.max(...ws.map((w) => w.y1)),
      baseline: ws[0]!.baseline, ascent: ws[0]!.ascent, line: ws[0]!.line, conf: Math.min(LOW_CONFIDENCE - 1, ...again.map((w) => w.conf)),
    });
    mended++;
  }
  for (const line of lines) {
    // A row: a clean date or figure in one of the columns, or a line that starts with a date
    // (a row with no balance, whose date's words a Courier space apart are cells of their own:
    // "Jan" "03," "2025" make no date column, composed scan 138).
    // A date cell that one of its readings makes a date counts (a row of Courier at 9 pt whose
    // dates read "06-Jjan" and figure "Se204 25", composed 312, was no row and kept both).
    const clean = cols.filter((col) => line.cells.some((c) => overlaps(c, col) && fits(col, c.text)));
    const dated = cols.some((col) => col.kind === 'date' && line.cells.some((c) => overlaps(c, col) && dateReadings(c.text).some((t) => fits(col, t))));
    if (!clean.length && !dated && !startsWithDateWords(line.words) && !startsUnderRowDates(line)) continue;
    for (const col of cols) {
      const inCol = line.cells.filter((c) => overlaps(c, col));
      if (!inCol.length) {
        if (col === rowDates && clean.some((c) => c.kind === 'figure')) await readUnreadDate(line, col);
        continue;
      }
      let lead: { x0: number; x1: number } | null = null;
      let confs: number[] = [];
      if (clean.includes(col)) {
        // A clean figure with print just before it that the reading left out: its first group
        // lost ("1 920,28" read "920,28"). Read again with that print.
        const c = inCol.find((x) => fits(col, x.text));
        const before = c && line.cells[line.cells.indexOf(c) - 1];
        const a = line.ascent;
        if (col.kind !== 'figure' || !c || inCol.length > 1) continue;
        const from = Math.max(c.x0 - a * 1.6, before ? before.x1 + a * 0.4 : 0);
        const marks = inkBetween(img, from, c.x0 - a * 0.15, line.baseline, a);
        if (!marks.length) continue;
        lead = { x0: marks[0]!.x0, x1: marks[marks.length - 1]!.x1 };
      }
      const ws = inCol.flatMap((c) => c.words);
      // Plain words read surely (a head, a label beside the column) are text, not a garbled cell.
      if (ws.every((w) => w.conf >= SURE_TEXT && /^[A-Za-zÀ-ÿ]+[.:]?$/.test(w.text))) continue;
      // A date split in two words that touch is joined later (./words.ts); no strip for it.
      if (col.kind === 'date' && fits(col, ws.map((w) => w.text).join(''))) continue;
      // A figure the page's own mending makes whole ("5.45777", "1:739,00": ./words.ts) needs no strip.
      if (col.kind === 'figure' && ws.length === 1 && mendedFigure(ws[0]!.text) && fits(col, mendedFigure(ws[0]!.text)!)) continue;
      const before = inCol.map((c) => c.text).join(' ');
      // A figure whose marks alone are not the column's (a point for a comma): the column's
      // marks, flagged; its digits as read (a strip read "€873.49" as "€373,49").
      const mend = (t: string) => {
        const m = /^(.*?\d\)?-?)(\s?[€$£])?$/.exec(t);
        if (!m) return null;
        const core = withColumnMarks(m[1]!, col.decimal) ?? (t !== before ? mendedFigure(m[1]!) : null);
        return core ? `${core}${m[2] ?? ''}` : null;
      };
      let text: string;
      const marked = col.kind === 'figure' && !lead ? mend(before) : null;
      // A date whose digits were read as the letters they look like ("1l-giu" for "11-giu"),
      // taken as those digits when that is a date of the column's shape between the dates
      // around it; no strip for it.
      const dated = col.kind === 'date' ? dateReadings(before).find((t) => fits(col, t) && inOrder(lines, lines.indexOf(line), col, t)) : undefined;
      if (marked && fits(col, marked)) {
        text = marked;
      } else if (dated) {
        text = dated;
      } else {
        if (reread >= MAX_REREADS) break;
        const a = line.ascent;
        // A cell far wider than any of its column's (a description or a summary line running
        // across it: "ZELLE PAYMENT FROM JOHN MARTINEZ 756132" over a column of dates) is text:
        // its strip, the whole cell, cannot read as one date or figure (each such strip cost
        // ~0.1 CPU s, up to 1.5 s a page of the bench's generated scans).
        if (!lead && Math.max(...inCol.map((c) => c.x1)) - Math.min(...inCol.map((c) => c.x0)) > WIDER_THAN_COLUMN * (col.x1 - col.x0) + 2 * a) continue;
        // The strip: the column and the odd cell, never a neighbouring cell of the line.
        const others = line.cells.filter((c) => !inCol.includes(c));
        let x0 = Math.min(col.x0, lead ? lead.x0 : Infinity, ...inCol.map((c) => c.x0)) - a * 0.4, x1 = Math.max(col.x1, ...inCol.map((c) => c.x1)) + a * 0.4;
        for (const o of others) {
          if (o.x1 <= inCol[0]!.x0) x0 = Math.max(x0, o.x1 + 1);
          if (o.x0 >= inCol[inCol.length - 1]!.x1) x1 = Math.min(x1, o.x0 - 1);
        }
        reread++;
        const again = await read(x0, line.baseline - a * 1.6, x1, line.baseline + a * 0.7, MIN_BAND_PX);
        text = again.map((w) => w.text).join(' ').trim();
        if (col.dotless && DAY_MONTH.test(text) && !text.endsWith('.')) text += '.';
        if (col.kind === 'figure' && !fits(col, text)) text = mend(text) ?? text;
        if (col.kind === 'date' && !fits(col, text)) text = dateReadings(text).find((t) => fits(col, t)) ?? text;
        confs = again.map((w) => w.conf);
      }
      if (!text || text === before || !fits(col, text)) continue;
      // Read with the print before it, a clean figure must keep its digits and gain some in front.
      const digits = (t: string) => t.replace(/\D/g, '');
      if (lead && !(digits(text).endsWith(digits(before)) && digits(text).length > digits(before).length)) continue;
      // A date read again must fall between the clean dates of the rows around it (a statement
      // lists its rows in date order): a date carries no confidence to flag it by.
      if (col.kind === 'date' && !inOrder(lines, lines.indexOf(line), col, text)) continue;
      for (const w of ws) drop.add(w);
      const first = ws[0]!;
      const conf = Math.min(...confs, ...ws.map((w) => w.conf));
      added.push({
        text, x0: Math.min(...ws.map((w) => w.x0)), x1: Math.max(...ws.map((w) => w.x1)), y0: Math.min(...ws.map((w) => w.y0)), y1: Math.max(...ws.map((w) => w.y1)),
        baseline: first.baseline, ascent: first.ascent, line: first.line,
        // A figure read twice differently is told to the user; a date carries no money.
        conf: col.kind === 'figure' ? Math.min(conf, LOW_CONFIDENCE - 1) : conf,
      });
      mended++;
    }
    // Print between two cells of the row that the reading left out: read on its own, kept only
    // as a debit/credit letter or a sign (a lost figure or date stays lost: its column's cell
    // is empty, never guessed).
    for (let i = 0; i + 1 < line.cells.length && reread < MAX_REREADS; i++) {
      const a = line.ascent, left = line.cells[i]!, right = line.cells[i + 1]!;
      // One mark alone in the gap (a letter): more is a lost word or a smudge, not a flag.
      await readFlagMark(line, left.x1 + a * 0.4, right.x0 - a * 0.4, left.words[left.words.length - 1]!);
    }
  }
  // A debit/credit column's letters the reading left out altogether (a "D" of small type right
  // of the amount, its head read whole "D/C"): no gap between two cells holds them. Under the
  // head, on a row's line with no cell there, one mark alone is read on its own and kept only
  // as a debit/credit letter, as in a gap.
  const flagHead = words.find((w) => isFlagHead(w.text, lineWordsOf(w, words)));
  if (flagHead) {
    const marks: Mark[] = [];
    for (const line of lines) {
      if (marks.length >= MAX_FLAG_MARKS) break;
      if (line.baseline <= flagHead.baseline) continue;
      if (!cols.some((col) => line.cells.some((c) => overlaps(c, col) && fits(col, c.text)))) continue;
      const a = line.ascent;
      if (line.cells.some((c) => c.x1 > flagHead.x0 - a && c.x0 < flagHead.x1 + a)) continue;
      if (added.some((w) => w.line === line.words[0]!.line && w.x1 > flagHead.x0 - a && w.x0 < flagHead.x1 + a)) continue;
      // Between the cells either side of the head, never into one of them.
      const left = line.cells.filter((c) => c.x1 <= flagHead.x0 - a).pop(), right = line.cells.find((c) => c.x0 >= flagHead.x1 + a);
      const x0 = Math.max(flagHead.x0 - a, left ? left.x1 + a * 0.4 : 0), x1 = Math.min(flagHead.x1 + a, right ? right.x0 - a * 0.4 : Infinity);
      const m = markBetween(line, x0, x1, line.words[0]!);
      if (m) marks.push(m);
    }
    // One letter a row: read in one pass (./tesseract.ts recognizeMarks), not a strip each.
    if (marks.length) {
      reread += marks.length;
      const again = readMarks ? await readMarks(marks.map((m) => m.box), MIN_BAND_PX) : await Promise.all(marks.map((m) => read(m.box.x0, m.box.y0, m.box.x1, m.box.y1, MIN_BAND_PX)));
      const head = flagHeadOf(flagHead.text, lineWordsOf(flagHead, words)) ?? undefined;
      marks.forEach((m, i) => keepFlag(m, again[i]!, head));
    }
  }
  if (!added.length) return { words, reread, mended };
  // The new words after the others: the reader orders a page's items by their place.
  const out = words.filter((w) => !drop.has(w)).concat(added);
  return { words: out, reread, mended };
}
