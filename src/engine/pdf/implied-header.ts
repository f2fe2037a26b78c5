import type { Lang } from '../data/labels.js';
import type { Cell } from './cell.js';
import { compact, type Line } from './lines.js';
import { isMoneyText, parseDateStart, parseMoneyCell } from './tokens.js';

/**
 * A table printed with no column heads: its columns told by what its rows hold. Rows are lines
 * that begin with a date cell and hold a figure. Their figures stand in columns, each a run of
 * right edges within an em of one another. The rightmost column is the running balance when it
 * moves, from one balance to the next, by the credits less the debits printed between them
 * (three times in five or more); then one other column is the amount, or two are the debits
 * (the balance falls by theirs) and the credits. Without a balance, one column of figures is
 * read as signed amounts, and of two the first is taken for the debits, as most tables print
 * them, and the statement's reconciliation turns every sign where that does not reconcile
 * (./readings.ts). Columns of references (digits) and side marks (C/D) are told the same way.
 * The heads the table would have printed are set as a line just above its first row, and the
 * table is read as if printed with them.
 */

/** Rows needed before a headless table is read. */
const MIN_ROWS = 3;
/** A column of figures holds at least this share of the rows (and two of them). */
const MIN_COLUMN_SHARE = 0.2;
/** Share of consecutive rows whose balances move by one of their figures, for a balance column. */
const MIN_CHAIN_SHARE = 0.6;
const MAX_ROWS = 5_000;

interface Figures { line: Line; date: Cell; figures: { cell: Cell; cents: number }[]; text: Cell[] }

function datedRows(lines: Line[], dmy: boolean, langs: Lang[]): Figures[] {
  const out: Figures[] = [];
  for (const line of lines) {
    if (out.length >= MAX_ROWS) break;
    const first = line.cells.findIndex((c, i) => i < 2 && parseDateStart(c.text, dmy, langs)?.length === c.text.trim().length);
    if (first < 0) continue;
    const date = line.cells[first]!;
    const figures: Figures['figures'] = [];
    const text: Cell[] = [];
    for (const c of line.cells) {
      if (c === date) continue;
      const m = isMoneyText(c.text) ? parseMoneyCell(c.text) : null;
      if (m && c.x0 > date.x0) figures.push({ cell: c, cents: m.cents });
      else if (!parseDateStart(c.text, dmy, langs)) text.push(c);
    }
    if (figures.length) out.push({ line, date, figures, text });
  }
  return out;
}

/** Columns of figures: runs of right edges within an em, in order across the page. */
function figureColumns(rows: Figures[]): { x0: number; x1: number; rows: Set<Figures> }[] {
  const all = rows.flatMap((r) => r.figures.map((f) => ({ r, f })));
  all.sort((a, b) => a.f.cell.x1 - b.f.cell.x1);
  const cols: { x0: number; x1: number; rows: Set<Figures>; last: number }[] = [];
  for (const { r, f } of all) {
    const em = f.cell.size;
    const col = cols.at(-1);
    if (col && f.cell.x1 - col.last <= em) { col.x0 = Math.min(col.x0, f.cell.x0); col.x1 = Math.max(col.x1, f.cell.x1); col.rows.add(r); col.last = f.cell.x1; continue; }
    cols.push({ x0: f.cell.x0, x1: f.cell.x1, rows: new Set([r]), last: f.cell.x1 });
  }
  const need = Math.max(2, Math.ceil(rows.length * MIN_COLUMN_SHARE));
  return cols.filter((c) => c.rows.size >= need);
}

export function impliedHeader(lines: Line[], opts: { dmy: boolean; langs: Lang[] }): Line[] | null {
  const rows = datedRows(lines, opts.dmy, opts.langs);
  if (rows.length < MIN_ROWS) return null;
  const cols = figureColumns(rows);
  if (!cols.length) return null;
  const heads: { text: string; x0: number; x1: number }[] = [];
  const balance = cols.length >= 2 ? cols.at(-1)! : null;
  const others = balance ? cols.slice(0, -1) : cols;
  let chained = false, debitFirst = true;
  if (balance && others.length <= 2) {
    // Every line from the first row to the last holding a figure: a balance closes the figures
    // since the one before (a row whose figures wrap to its last line, or a day's rows under one
    // daily balance), which must move it by credits less debits, one way round or the other.
    const from = lines.indexOf(rows[0]!.line), to = lines.indexOf(rows.at(-1)!.line);
    let prev: number | null = null, sums = [0, 0], tested = 0, ways = [0, 0];
    for (const line of lines.slice(from, to + 1)) {
      const cells = line.cells.filter((c) => isMoneyText(c.text));
      for (const c of cells) {
        const i = others.findIndex((o) => c.x1 >= o.x0 && c.x1 <= o.x1 + 0.5);
        if (i >= 0) sums[i] = sums[i]! + Math.abs(parseMoneyCell(c.text)?.cents ?? 0);
      }
      const b = cells.find((c) => c.x1 >= balance.x0 && c.x1 <= balance.x1 + 0.5);
      const cents = b ? parseMoneyCell(b.text)?.cents ?? null : null;
      if (cents === null) continue;
      if (prev !== null && sums.some((v) => v)) {
        const delta = cents - prev;
        tested++;
        if (others.length === 1) { if (Math.abs(delta) === sums[0]) ways[0]!++; }
        else if (delta === sums[1]! - sums[0]!) ways[0]!++;
        else if (delta === sums[0]! - sums[1]!) ways[1]!++;
      }
      prev = cents; sums = [0, 0];
    }
    const best = Math.max(ways[0]!, ways[1]!);
    chained = tested >= 3 && best >= tested * MIN_CHAIN_SHARE;
    debitFirst = ways[0]! >= ways[1]!;
  }
  const amounts = chained ? cols.slice(0, -1) : cols;
  if (amounts.length === 1) {
    // One column of figures with no balance to sign them: read only when it prints its signs
    // (a minus, brackets, CR/DR); unsigned, each figure could be either way.
    const col = amounts[0]!;
    const signed = chained || [...col.rows].some((r) => r.figures.some((f) => f.cell.x1 >= col.x0 && f.cell.x1 <= col.x1 + 0.5 && parseMoneyCell(f.cell.text)?.explicit));
    if (!signed) return null;
    heads.push({ text: 'Amount', x0: col.x0, x1: col.x1 });
  }
  else if (amounts.length === 2) {
    // The debits column is the one the balance falls by; with no balance, the first, as most
    // tables print them ("Withdrawals | Deposits", "Soll | Haben", "Débit | Crédit"), and the
    // statement's reconciliation turns every sign when that reading does not reconcile (./readings.ts).
    amounts.forEach((c, i) => heads.push({ text: (i === 0) === debitFirst ? 'Debit' : 'Credit', x0: c.x0, x1: c.x1 }));
  } else return null;
  if (chained) heads.push({ text: 'Balance', x0: balance!.x0, x1: balance!.x1 });
  // Columns of short text at one place on most rows: references (digits) and side marks (C/D, Cr/Dr).
  for (const [kind, test] of [['Reference', /^\d{3,}$/], ['Type', /^(?:[CDSH]|CR|DR|Cr|Dr|Af|Bij)$/]] as const) {
    const cells = rows.map((r) => r.text.find((c) => test.test(c.text.trim()))).filter((c): c is Cell => !!c);
    if (cells.length < rows.length * 0.5) continue;
    const x0s = cells.map((c) => c.x0).sort((a, b) => a - b);
    const mid = x0s[x0s.length >> 1]!;
    const at = cells.filter((c) => Math.abs(c.x0 - mid) <= c.size * 2 || Math.abs(c.x1 - cells[0]!.x1) <= c.size);
    if (at.length < rows.length * 0.5) continue;
    heads.push({ text: kind, x0: Math.min(...at.map((c) => c.x0)), x1: Math.max(...at.map((c) => c.x1)) });
  }
  const dates = rows.map((r) => r.date);
  heads.push({ text: 'Date', x0: Math.min(...dates.map((c) => c.x0)), x1: Math.max(...dates.map((c) => c.x1)) });
  const text = rows.flatMap((r) => r.text).filter((c) => !heads.some((h) => c.x0 < h.x1 && h.x0 < c.x1));
  if (text.length) heads.push({ text: 'Description', x0: Math.min(...text.map((c) => c.x0)), x1: Math.max(...text.map((c) => c.x0)) + 10 });
  heads.sort((a, b) => a.x0 - b.x0);
  const first = rows[0]!.line;
  const size = first.size;
  const cells: Cell[] = heads.map((h) => ({ text: h.text, x0: h.x0, x1: h.x1, size, bold: true, parts: [{ text: h.text, x0: h.x0, x1: h.x1 }] }));
  const joined = cells.map((c) => c.text).join('  ');
  const header: Line = { page: first.page, y: first.y - size * 1.4, size, x0: cells[0]!.x0, x1: cells.at(-1)!.x1, cells, text: joined, key: compact(joined), index: first.index };
  const at = lines.indexOf(first);
  return [...lines.slice(0, at), header, ...lines.slice(at)];
}
