/**
 * The cells of a table line under its header's columns: where a line's text is cut (money
 * run together with text or with other figures, text run into the next column), which column
 * a figure or a text cell belongs to, and the span each side-by-side table covers. Pure
 * geometry on one line; rows.ts reads the rows.
 */
import { compact, type Cell, type Line } from './lines.js';
import type { Column } from './header-row.js';
import { isMoneyText, parseMoneyCell, splitMoneyTail, type Money } from './tokens.js';
import { wholeFigureUnmarked } from './lone-marks.js';
import { CURRENCY_CODES } from '../data/currencies.js';

/** Splits cells whose text ends in money ("Opening balance 1,234.56") into label + money cells. */
export function splitCells(cells: Cell[]): Cell[] {
  const out: Cell[] = [];
  for (const c of cells) {
    const parts = isMoneyCell(c) ? null : splitMoneyTail(c.text);
    if (!parts || !parts[0]) { out.push(c); continue; }
    const perChar = (c.x1 - c.x0) / Math.max(1, c.text.length);
    const cut = c.x0 + (c.text.length - parts[1].length) * perChar;
    out.push({ ...c, text: parts[0], x1: cut - perChar, parts: [{ text: parts[0], x0: c.x0, x1: cut - perChar }] }, { ...c, text: parts[1], x0: cut, parts: [{ text: parts[1], x0: cut, x1: c.x1 }] });
  }
  return out;
}

/** Two stacked header lines as one: cells that overlap horizontally are joined top to bottom. */
export function mergeLines(top: Line, bottom: Line): Line {
  const cells: Cell[] = bottom.cells.map((c) => ({ ...c }));
  for (const t of top.cells) {
    // A top cell over several bottom cells is a title ("Your Transaction Details"), not a header part.
    const overlapping = cells.filter((c) => intervalDistance(c.x0, c.x1, t.x0, t.x1) === 0);
    if (overlapping.length > 1) continue;
    const under = overlapping[0];
    if (under) {
      // The printed pieces too ("Date of" over "Transaction"): the header's words are read from them.
      const pieces = (c: Cell) => c.parts ?? [{ text: c.text, x0: c.x0, x1: c.x1 }];
      under.parts = [...pieces(t), ...pieces(under)];
      under.text = `${t.text} ${under.text}`; under.x0 = Math.min(under.x0, t.x0); under.x1 = Math.max(under.x1, t.x1);
    }
    else cells.push({ ...t });
  }
  cells.sort((a, b) => a.x0 - b.x0);
  const text = cells.map((c) => c.text).join('  ');
  return { ...bottom, cells, text, key: compact(text) };
}

export function isMoneyCell(c: Cell): boolean {
  return isMoneyText(c.text);
}

export function intervalDistance(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, a0 - b1, b0 - a1);
}

/** The money column a number printed at [x0, x1] belongs to (an `other` column's money is no amount of the row). */
export function moneyColumn(columns: Column[], x0: number, x1: number): Column | null {
  let best: Column | null = null, bestScore = Infinity;
  for (const c of columns) {
    if (c.kind !== 'debit' && c.kind !== 'credit' && c.kind !== 'amount' && c.kind !== 'balance' && c.kind !== 'other') continue;
    // A figure that ends before a head starts is not under it, whatever the distances: a head is
    // set inside its column, and a figure right-aligned, left-aligned or centred in that column
    // reaches the head's span. (jsPDF's autoTable sets the heads flush left over figures set
    // flush right: "Amount" at 442-470, its figures at 481-511, 8 pt from the next head
    // "Balance" at 519, were nearer that head, and the amounts were read as balances.) Such a
    // head is taken only where no other is left.
    const before = x1 < c.x0 - LEFT_OF_HEAD ? AWAY : 0;
    const score = before + intervalDistance(x0, x1, c.x0, c.x1) * 4 + Math.abs(x1 - c.x1) + Math.abs((x0 + x1) / 2 - (c.x0 + c.x1) / 2) * 0.5;
    if (score < bestScore) { bestScore = score; best = c; }
  }
  return best;
}
/** Points a figure may end short of a head's start and still be under it (type's side bearings, a head's padding). */
const LEFT_OF_HEAD = 2;
const AWAY = 10_000;

/** The text column (description, check number, type, date) nearest to a cell; the description wins ties. */
export function textColumn(columns: Column[], c: Cell): Column | null {
  let best: Column | null = null, bestScore = Infinity;
  for (const col of columns) {
    if (col.kind !== 'description' && col.kind !== 'check' && col.kind !== 'type' && col.kind !== 'date' && col.kind !== 'ref') continue;
    const score = intervalDistance(c.x0, c.x1, col.x0, col.x1) * 2 + Math.abs(c.x0 - col.x0) + (col.kind === 'description' ? -0.5 : 0);
    if (score < bestScore) { bestScore = score; best = col; }
  }
  return best;
}

/**
 * A cell printed so close to the next column that the two ran together ("MAPLE REALTY GROUP"
 * touching "DR" of the Type column): split where a column's left edge falls between two of
 * its printed pieces. Cells printed as one piece, or as one space-grouped figure, are never split.
 */
const TOUCHING_EM = 0.102;
/** The widest gap between a sentence's words, in ems: a word space (Courier's is 0.6 em), not a column's gap. */
const WORD_GAP_EM = 0.8;
/** A word of prose: three letters or more, one of them lower case ("und", "Startguthaben"). */
const PROSE_WORD = /^(?=\p{L}*\p{Ll})\p{L}{3,}[.,;:!?]?$/u;

/**
 * A notice printed across the table whose sentence holds a figure ("… umstellen und 50,00
 * Startguthaben sichern."): the figure between two words of prose, a word space either side, is
 * the sentence's, however the columns' edges fall over it. Cut at them, its figure stood alone
 * under the Lastschrift column and was read as a row's amount (composed notices seed 232).
 */
function figureInSentence(c: Cell): boolean {
  const ps = c.parts, gap = WORD_GAP_EM * c.size;
  for (let i = 1; i + 1 < ps.length; i++) {
    const before = ps[i - 1]!, fig = ps[i]!, after = ps[i + 1]!;
    if (!isMoneyText(fig.text.trim()) || fig.x0 - before.x1 > gap || after.x0 - fig.x1 > gap) continue;
    const lastWord = before.text.trim().split(/\s+/).pop() ?? '', nextWord = after.text.trim().split(/\s+/)[0] ?? '';
    if (PROSE_WORD.test(lastWord) && PROSE_WORD.test(nextWord)) return true;
  }
  return false;
}

/** A piece that is a percent sign, or begins with one: what stands before it is a rate. */
const PERCENT = /^\s*%/;
export function splitAtColumns(cells: Cell[], columns: Column[]): Cell[] {
  let apart: Cell[] | null = null;
  for (let i = 0; i < cells.length; i++) {
    const two = leadingFigureApart(cells[i]!, columns);
    if (two) (apart ??= cells.slice(0, i)).push(...two);
    else apart?.push(cells[i]!);
  }
  if (apart) cells = apart;
  if (!cells.some((c) => c.parts.length > 1)) return cells;
  const out: Cell[] = [];
  for (const c of cells) {
    // One figure grouped by spaces ("15 522,65") right-aligned under a narrow head overhangs
    // the column's left edge: its groups are one figure, not two cells. So does one figure with
    // its currency mark set apart ("-CHF 449,40"), which a monospaced font whose space is wider
    // than pdf.js's break in the flow (0.6 em) prints as two pieces.
    // (So do such figures in whole units, "€35 387 C", "1.706 €": a narrow head's edge cut the mark
    // off, and it was read as a word of the row's description.)
    if (c.parts.length < 2 || SPACE_GROUPED.test(c.text) || MARKED_FIGURE.test(c.text) || WHOLE_SPACE_GROUPED.test(c.text) || WHOLE_MARKED.test(c.text) || figureInSentence(c)) { out.push(c); continue; }
    // Nor is a run of figures cut at a column's edge, nor the text before it inside its figures:
    // its figures are its cuts (splitMoneyRuns), where a line printer set them one space apart
    // ("1.869,13 CHF (6.344,44 CHF)", "… FEES 400275 $9 727,51-": "$9" was left to the text).
    const run = figureRun(c.text);
    const figuresFrom = run ? c.x0 + c.text.indexOf(run.figures[0]!, run.lead.length) * ((c.x1 - c.x0) / Math.max(1, c.text.length)) : Infinity;
    let cur: Cell | null = null;
    let prev: { x1: number; text: string } | null = null;
    for (let pi = 0; pi < c.parts.length; pi++) {
      const p = c.parts[pi]!;
      // Pieces that touch (less than pdf.js's own break between glyphs, 0.102 em) are one word
      // whatever lies over them: a writer that draws each glyph apart and out of order leaves
      // every glyph a piece, and a column's edge over "1|62,75" must not cut the figure.
      // Nor is a rate cut from its sentence: a figure before "%" ("… Dispositionskredit 18.32 %
      // p.a.", a notice across the table) read under a Debit column was a row's amount.
      const rate = PERCENT.test(p.text) || PERCENT.test(c.parts[pi + 1]?.text ?? '');
      const edge = prev && !rate && p.x0 - prev.x1 > TOUCHING_EM * c.size && p.x0 <= figuresFrom + 1 && columns.some((k) => k.x0 > c.x0 + 2 && k.x0 >= prev!.x1 - 1 && k.x0 <= p.x0 + 2);
      if (!cur || edge) {
        if (cur) out.push(cur);
        cur = { ...c, text: p.text.trim(), x0: p.x0, x1: p.x1, parts: [p] };
      } else {
        // (A piece drawn with its word space after it, "19 März 2025 " in Courier, ends where the
        // next begins: its space is the gap, kept; dropped, the date ran into the description
        // after it, "19 März 2025HELP.UBER.COM", no date, pdfmake-sweep.ts seed 10.)
        const gap = p.x0 - cur.x1;
        const spaced = gap > c.size * 0.15 || /\s$/.test(prev?.text ?? '');
        cur.text = `${cur.text}${spaced && !p.text.startsWith(' ') ? ' ' : ''}${p.text}`.trim();
        cur.x1 = Math.max(cur.x1, p.x1);
        cur.parts = [...cur.parts, p];
      }
      prev = p;
    }
    if (cur) out.push(cur);
  }
  return out.filter((c) => c.text);
}

/**
 * A figure or a date and the next column's text drawn as one string ("340.00 Deposit Ref. No. 062493572",
 * "1/27 90639420"):
 * a writer that joins what one line shows close together (Ghostscript's pdfwrite re-writing a
 * statement whose figures stand a few points before the description) leaves one piece, so no
 * gap between pieces tells where the figure ends. Cut after the figure where it lies under a
 * money column (the date under a date column) and a text column's left edge falls at the space after it (positions
 * estimated per character, within an em): two cells, as the pieces would have been. Null otherwise.
 */
function leadingFigureApart(c: Cell, columns: Column[]): Cell[] | null {
  // A figure or a date starts with a digit, a sign, a bracket or a currency mark; most cells are words.
  if (c.parts.length !== 1 || !c.text.includes(' ') || /^\p{L}{2}/u.test(c.text)) return null;
  const m = LEADING_FIGURE.exec(c.text);
  if (!m) return null;
  const perChar = (c.x1 - c.x0) / Math.max(1, c.text.length);
  const figureEnd = c.x0 + m[1]!.length * perChar, restFrom = c.x0 + (m[0]!.length - m[2]!.length) * perChar;
  const own = isMoneyText(m[1]!) ? moneyColumn(columns, c.x0, figureEnd)
    : NUMERIC_DATE.test(m[1]!) ? columns.find((k) => k.kind === 'date' && intervalDistance(c.x0, figureEnd, k.x0, k.x1) <= c.size) ?? null
    : null;
  if (!own || own.kind === 'other' || intervalDistance(c.x0, figureEnd, own.x0, own.x1) > c.size) return null;
  const edge = columns.some((k) => k !== own && k.x0 > figureEnd - c.size && k.x0 < restFrom + c.size && k.x0 > own.x1 - c.size
    && (k.kind === 'description' || k.kind === 'type' || k.kind === 'ref' || k.kind === 'check'));
  if (!edge) return null;
  return [
    { ...c, text: m[1]!, x1: figureEnd, parts: [{ text: m[1]!, x0: c.x0, x1: figureEnd }] },
    { ...c, text: m[2]!, x0: restFrom, parts: [{ text: m[2]!, x0: restFrom, x1: c.x1 }] },
  ];
}
/** A cell's first word and the rest after a space. */
const LEADING_FIGURE = /^(\S+) +(\S.*)$/;
/** A date in figures alone ("1/27", "27.01.2024", "2024-01-27"): a date column's, whatever the order. */
const NUMERIC_DATE = /^(?:\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2}(?:\d{2})?)?|\d{4}-\d{2}-\d{2})$/;

/** One figure grouped by spaces ("15 036,24", "- 1 234,56", "S$1 982.50", "(1 592,25 €)"), whatever its currency mark or sign mark: French or SI print, no run of two figures. */
const SPACE_GROUPED = /^[-−+]?\s?\(?(?:[$£€₹]|R\$|S\$|A\$|NZ\$|R[sS]\.?|[A-Z]{3})?\s?\d{1,3}(?: \d{3})+[,.]\d{2}\)?(?:\s?(?:[$£€]|[A-Z]{3})\)?)?(?:\s?(?:CR|DR|Cr|Dr|[CDSH]|Af|Bij|-))?$/;
/** One figure and its currency mark or code, a space between them, and its side's mark ("-CHF 449,40", "CHF 4.848,12 H", "449,40 EUR", "(4'635.57 CHF)", "(1’205.97 CHF)": groff sets the apostrophe as a right quote; "6.072,71 R$ CR"). */
const MARKED_FIGURE = /^(?:[-−+]?\s?\(?(?:[$£€₹]|R\$|S\$|A\$|NZ\$|Rs\.?|[A-Z]{3}) [-−]?\d[\d,.'’]*[,.]\d{2}\)?|[-−+]?\(?\d[\d,.'’]*[,.]\d{2}\)? (?:[$£€]|R\$|S\$|A\$|NZ\$|[A-Z]{3})\)?)(?:\s?(?:CR|DR|Cr|Dr|[CDSH]|Af|Bij|-))?$/;
/**
 * The ISO codes a whole figure may print beside it, in capitals: every code of the data
 * (data/currencies.ts), as decimal figures are read ("DKK 19.858", "1 706 SEK"). A short list of
 * them left a Nordic, Polish or Czech statement in whole units with no figure at all, not a row
 * read (composed --traits wholeUnits+codeInAmounts 24000-24049: 26 seeds of 50).
 */
const WHOLE_CODES = `(?:${CURRENCY_CODES.join('|')})`;
/** SPACE_GROUPED and MARKED_FIGURE of a figure in whole units, printed without decimals ("€35 387 C", "1.706 €", "CHF 4,814"). */
const WHOLE_SPACE_GROUPED = new RegExp(String.raw`^[-−+]?\s?\(?(?:[$£€₹]|R\$|S\$|A\$|NZ\$|Rs\.?|${WHOLE_CODES})?\s?\d{1,3}(?: \d{3})+\)?(?:\s?(?:[$£€]|R\$|${WHOLE_CODES}))?(?:\s?(?:CR|DR|Cr|Dr|[CDSH]|Af|Bij|-))?$`);
const WHOLE_MARKED = new RegExp(String.raw`^(?:[-−+]?\s?\(?(?:[$£€₹]|R\$|S\$|A\$|NZ\$|Rs\.?|${WHOLE_CODES}) [-−]?(?:\d{1,3}(?:[,.'’]\d{3})+|\d{1,7})\)?|[-−+]?\(?(?:\d{1,3}(?:[,.'’]\d{3})+|\d{1,7})\)? (?:[$£€]|R\$|${WHOLE_CODES})\)?)(?:\s?(?:CR|DR|Cr|Dr|[CDSH]|Af|Bij|-))?$`);
/**
 * A cell that ends in a figure: its decimals, then a mark or code printed after it, a bracket, a
 * side's mark ("12,50 €", "1.234,56 CHF H", "785,99 C", "867,00-"): the only cells a run of figures can be.
 */
const RUN_END = /\d[.,]\d{2}(?:\s?(?:[$£€]|[A-Z]{3}))?\)?(?:\s?(?:CR|DR|Cr|Dr|[CDSH]|Af|Bij)|-)?$/;
/** A figure of several words whose digits are split by spaces: only as one figure's groups of three ("101 358,42"), never a number before a figure ("2024 1,234.56"). */
const SPACED_DIGITS = /\d\s+\d/;
const SPACE_GROUPS = /^[^\d]*?(?<!\d)\d{1,3}(?: \d{3})+[.,]\d{2}(?!\d)[^\d]*$/;
/** How a figure carries its mark or code: before its digits, after them, both, none (the figures of one run print theirs alike). */
const figureShape = (f: string) => `${/^[-−+(]?\s?\D/.test(f.replace(/^[-−+(]\s?/, '')) ? 'b' : ''}${/\d[.,]\d{2}\)?\s?(?:[$£€]|[A-Z]{3})/.test(f) ? 'a' : ''}`;
const MAX_RUN_WORDS = 14, MAX_FIGURE_WORDS = 5;

/**
 * The figures a cell ends with and the text before them ("ONLINE TRANSFER 13'001.24",
 * "2'841.00 10'838.73 C", "101 358,42 101 882,78", "4.855,27 CHF 29.823,85 CHF H",
 * "867,00- 101 015,78"): figures as the money reader reads them (isMoneyText), of one word or
 * of several (a code, a side's mark, groups of three digits apart), the run as long as it goes;
 * of several ways to cut it, the one whose figures print their marks alike. Null when the cell
 * ends in no run, or where text ending in a number runs into a figure grouped by spaces
 * ("CHEQUE 101 358,42": which digits are whose no print tells).
 */
function figureRun(text: string): { lead: string; figures: string[] } | null {
  if (text.length < 9 || !text.includes(' ') || !RUN_END.test(text) || SPACE_GROUPED.test(text) || isMoneyText(text)) return null;
  const words = [...text.matchAll(/\S+/g)];
  const n = words.length, from = Math.max(0, n - MAX_RUN_WORDS);
  const span = (i: number, j: number) => text.slice(words[i]!.index, words[j]!.index + words[j]![0].length);
  const money = new Map<number, boolean>();
  const isFigure = (i: number, j: number) => {
    const k = i * 64 + j;
    let v = money.get(k);
    if (v === undefined) {
      const t = span(i, j);
      v = isMoneyText(t) && (!SPACED_DIGITS.test(t) || SPACE_GROUPS.test(t)) && /\d[.,]\d{2}/.test(t);
      money.set(k, v);
    }
    return v;
  };
  // Every way to cut words i..n-1 into figures (bounded: at most MAX_RUN_WORDS words, figures of at most MAX_FIGURE_WORDS).
  const cuts = new Map<number, string[][]>([[n, [[]]]]);
  for (let i = n - 1; i >= from; i--) {
    const out: string[][] = [];
    for (let j = i; j < Math.min(n, i + MAX_FIGURE_WORDS); j++) {
      if (!isFigure(i, j)) continue;
      for (const rest of cuts.get(j + 1) ?? []) if (out.length < 16) out.push([span(i, j), ...rest]);
    }
    cuts.set(i, out);
  }
  for (let i = from; i < n; i++) {
    // A sign standing alone after text ends the text ("ADP PAYROLL FEES ADP - (11 236,97 EUR)"): the figure carries its own.
    if (i > 0 && /^[-−+]$/.test(words[i]![0])) continue;
    const options = (cuts.get(i) ?? []).filter((f) => f.length > 1 || i > 0);
    if (!options.length) continue;
    const shapes = (f: string[]) => new Set(f.map(figureShape)).size;
    const figures = options.reduce((a, b) => (shapes(b) < shapes(a) ? b : a));
    const lead = i > 0 ? text.slice(0, words[i]!.index).trim() : '';
    if (lead && /(?:^|\s)\d{1,3}$/.test(lead) && /^[-−+(]?\s?\d{1,3} \d{3}/.test(figures[0]!)) return null;
    return { lead, figures };
  }
  return null;
}

/** The figures of a cell that is a run of two or more figures and nothing else ("15.448,26 € 54.768,94 €"), else null. */
export function runFigures(text: string): string[] | null {
  const run = figureRun(text);
  return run && !run.lead && run.figures.length > 1 ? run.figures : null;
}

/**
 * Figures printed so close together, or so close to the text before them, that they ran into
 * one cell ("$1,820.45 $7,252.55", "Transportation -$45.32", a line printer's columns one space
 * apart: "2'841.00 10'838.73 C"): split into one cell per figure when each figure lies under a
 * money column of the header, positions in proportion.
 */
export function splitMoneyRuns(cells: Cell[], columns: Column[]): Cell[] {
  let out: Cell[] | null = null;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    const run = figureRun(c.text);
    if (!run) { out?.push(c); continue; }
    const perChar = (c.x1 - c.x0) / Math.max(1, c.text.length);
    // A sign alone at the lead's end is the first figure's where it stands under that figure's
    // column ("Transportation   - 45.32"), the description's where it stands left of it ("ADP -").
    const sign = /\s([-−+])$/.exec(run.lead);
    if (sign) {
      const first = run.figures[0]!, fx0 = c.x0 + c.text.indexOf(first, run.lead.length) * perChar;
      const col = moneyColumn(columns, fx0, fx0 + first.length * perChar), sx = c.x0 + (run.lead.length - 1) * perChar;
      if (col && sx >= col.x0 - 4) {
        const lead = run.lead.slice(0, -1).trim(), start = c.text.lastIndexOf(sign[1]!, c.text.indexOf(first, run.lead.length));
        const figure = c.text.slice(start, c.text.indexOf(first, start) + first.length);
        if (isMoneyText(figure)) { run.lead = lead; run.figures[0] = figure; }
      }
    }
    const pieces: Cell[] = [];
    let at = run.lead ? c.text.indexOf(run.lead) + run.lead.length : 0;
    if (run.lead) pieces.push({ ...c, text: run.lead, x1: c.x0 + run.lead.length * perChar, parts: [{ text: run.lead, x0: c.x0, x1: c.x0 + run.lead.length * perChar }] });
    let ok = true;
    for (const f of run.figures) {
      at = c.text.indexOf(f, at);
      const x0 = c.x0 + at * perChar, x1 = x0 + f.length * perChar;
      at += f.length;
      if (!columns.some((k) => (k.kind === 'debit' || k.kind === 'credit' || k.kind === 'amount' || k.kind === 'balance' || k.kind === 'other') && intervalDistance(x0, x1, k.x0 - 4, k.x1 + 4) === 0)) { ok = false; break; }
      pieces.push({ ...c, text: f, x0, x1, parts: [{ text: f, x0, x1 }] });
    }
    if (!ok) { out?.push(c); continue; }
    out ??= cells.slice(0, i);
    out.push(...pieces);
  }
  return out ?? cells;
}

const WHOLE_UNITS = /^(-\s?)?(\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})+,\d{3}|\d{1,3}(?:\.\d{3})+|\d{1,7})(?:\s?(Cr|Dr)\.?)?$/i;

/**
 * A figure printed without decimals ("85,000", "1,24,350", "642") is money only inside a
 * money column of the table (its print overlaps the column header's span), as statements in
 * whole rupees or kip print them; anywhere else it is a number (a count, a reference).
 */
export function wholeUnits(c: Cell, columns: Column[], wholeDoc = false): Money | null {
  // Only figures under a money column are read below: a footnote mark after one is no part of it.
  c = { ...c, text: wholeFigureUnmarked(c.text) };
  const m = WHOLE_UNITS.exec(c.text);
  // In a document that prints no decimal figure at all, a whole figure printed with its
  // currency's mark, in brackets, spaced in groups or with a side's word ("R$3,057", "(R$442)",
  // "22 499", "37788 Bij") is read as the decimal figure it stands for. (Beside decimal figures,
  // "Rs. 22,000" in a note under the table is no money.)
  if (!m) {
    if (!wholeDoc) return null;
    const text = wholeFigureText(c.text);
    if (!text || !columns.some((k) => (k.kind === 'debit' || k.kind === 'credit' || k.kind === 'amount' || k.kind === 'balance') && intervalDistance(c.x0, c.x1, k.x0, k.x1) === 0)) return null;
    return parseMoneyCell(text);
  }
  const col = columns.find((k) => (k.kind === 'debit' || k.kind === 'credit' || k.kind === 'amount' || k.kind === 'balance') && intervalDistance(c.x0, c.x1, k.x0, k.x1) === 0);
  if (!col) return null;
  const units = Number(m[2]!.replace(/[,.]/g, ''));
  if (!Number.isSafeInteger(units * 100)) return null;
  const marker = m[3] ? (m[3].toUpperCase() === 'CR' ? 'CR' : 'DR') : null;
  const negative = !!m[1] || marker === 'DR';
  return { cents: negative ? -units * 100 : units * 100, explicit: negative || !!marker, marker };
}

/** Splits a header whose column kinds repeat ("Check Date Amount | Check Date Amount") into side-by-side tables. */
export function splitSideBySide(columns: Column[]): Column[][] {
  const kinds = columns.map((c) => c.kind);
  for (let p = 2; p <= kinds.length / 2; p++) {
    if (kinds.length % p !== 0) continue;
    if (kinds.every((k, i) => i < p || k === kinds[i - p]) && kinds.slice(0, p).includes('date')) {
      const groups: Column[][] = [];
      for (let i = 0; i < columns.length; i += p) groups.push(columns.slice(i, i + p));
      return groups;
    }
  }
  return [columns];
}

export interface TableGeometry {
  left: number;           // cells from here (the table's first column, less 4 pt)…
  right: number;          // …to the next table's first column belong to this table
  dateCol: Column | undefined;
  /** The transaction date's column when a posting date is printed before it (the rows' date). */
  txnDate: Column | undefined;
  desc: Column | undefined;
  firstMoney: number;     // left edge of the leftmost money column
  lastMoney: number;      // right edge of the rightmost money column
}

export function tableGeometry(tables: Column[][]): TableGeometry[] {
  return tables.map((columns, t) => ({
    left: t === 0 ? -Infinity : Math.min(...columns.map((c) => c.x0)) - 4,
    right: t === tables.length - 1 ? Infinity : Math.min(...tables[t + 1]!.map((c) => c.x0)) - 4,
    dateCol: columns.find((c) => c.kind === 'date'),
    txnDate: columns.find((c) => c.transactionDate),
    desc: columns.find((c) => c.kind === 'description'),
    firstMoney: Math.min(...columns.filter((k) => k.kind === 'debit' || k.kind === 'credit' || k.kind === 'amount' || k.kind === 'balance').map((k) => k.x0)),
    lastMoney: Math.max(...columns.filter((k) => k.kind === 'debit' || k.kind === 'credit' || k.kind === 'amount' || k.kind === 'balance').map((k) => k.x1)),
  }));
}

const WHOLE_MARK = new RegExp(String.raw`R\$|S\$|A\$|NZ\$|Rs\.?|[$£€₹¥]|\b${WHOLE_CODES}\b`, 'g');
const WHOLE_FIGURE = /^([-−(]?)\s?(\d{1,3}(?:([,.'’ \u00a0\u202f])\d{3})(?:\3\d{3})*|\d{1,2}(?:,\d{2})+,\d{3}|\d{1,7})\s?(\)?)(?:\s?(-|[a-z]{1,3})\.?)?$/i;

/**
 * A whole-unit figure beside a balance or total label ("Opening Balance | 1,24,350", "Saldo
 * precedente | 24.828", "Solde final | 26 906", "(1,225)"), as a decimal figure's text
 * ("1,24,350.00"; a mark after it kept: "37788 Bij", "90,350 CR", which the money reader
 * then reads or refuses), in a document that prints no decimal figure at all (`readTablesOnce`): its
 * summary in whole units, read as decimal summaries are. Null when it is no such figure.
 */
export function wholeFigureText(text: string): string | null {
  // The currency's mark or code beside the figure ("€ 24.828", "26 906 €", "Rs. 1,24,350") is no part of it.
  // (A mark between the figure and its side's word, "23208 € H", "1'972 CHF C", leaves one space.)
  const m = WHOLE_FIGURE.exec(text.replace(WHOLE_MARK, ' ').replace(/\s{2,}/g, ' ').replace(/([-−(])\s+/, '$1').trim());
  if (!m) return null;
  const digits = m[2]!.replace(/\D/g, '');
  if (m[1] === '(' !== (m[4] === ')')) return null;
  return `${m[1] === '(' ? '(' : m[1] ? '-' : ''}${digits}.00${m[4] ?? ''}${m[5] ? (m[5] === '-' ? '-' : ` ${m[5]}`) : ''}`;
}
