/**
 * A debit/credit letter column whose head OCR did not read ("Bedrag | Af/Bij" read "Bedrag |
 * TIBI)" or "Bedrag_ | AL/Bij_": composed scans 746 and low-150 729). The letters are printed
 * and read ("Af", "Bij" beside every figure), but no head names their column, so they were
 * words of the descriptions or dropped, and every sign of a statement without running balances
 * was unsettled (746: 18 rows read as debits). With one amount column named and no type column,
 * a column of short words under the heads, right of the amounts, that are each a side's word
 * (data/labels.ts TYPE_SIGN_WORDS, both sides among them) is that type column.
 */
import { TYPE_SIGN_WORDS } from '../data/labels.js';
import type { Column } from './header-row.js';
import type { Line } from './lines.js';
import { intervalDistance, isMoneyCell, splitCells } from './row-cells.js';

/** Lines under the heads looked at (a page of rows). */
const MAX_LINES = 120;
/** Side words at least, for a column of them the heads did not name. */
const MIN_WORDS = 3;

const CREDIT = new Set(TYPE_SIGN_WORDS.credit), DEBIT = new Set(TYPE_SIGN_WORDS.debit);
const sideOf = (text: string) => { const w = text.trim().toLowerCase().replace(/\.$/, ''); return CREDIT.has(w) ? 1 : DEBIT.has(w) ? -1 : 0; };

/** `cols` with the type column the words under the heads print, or `cols` itself when there is none. */
export function unreadFlagColumn(cols: Column[], lines: readonly Line[], header: number, isHeader: (l: Line) => boolean): Column[] {
  const amounts = cols.filter((c) => c.kind === 'amount');
  if (amounts.length !== 1 || cols.some((c) => c.kind === 'type' || c.kind === 'debit' || c.kind === 'credit')) return cols;
  const amount = amounts[0]!;
  // Between the amounts and the balances, where there are balances: a balance's own CR/DR is no row's side.
  const balance = cols.find((c) => c.kind === 'balance' && c.x0 > amount.x1);
  const page = lines[header]!.page;
  const words: { x0: number; x1: number; side: number }[] = [];
  let others = 0;
  for (let i = header + 1; i < lines.length && i <= header + MAX_LINES; i++) {
    const l = lines[i]!;
    if (l.page !== page) break;
    const cells = splitCells(l.cells);
    if (!cells.some(isMoneyCell) && isHeader(l)) break;
    for (let k = 0; k < cells.length; k++) {
      const c = cells[k]!;
      if (c.x0 <= amount.x1 || isMoneyCell(c) || (balance && c.x1 >= balance.x0)) continue;
      // A figure's own mark, printed a space after it ("1.602,38 Cr"), is the figure's: no column.
      const before = cells[k - 1];
      if (before && isMoneyCell(before) && c.x0 - before.x1 < l.size * 0.6) continue;
      const side = sideOf(c.text);
      if (side) words.push({ x0: c.x0, x1: c.x1, side });
      else if (c.text.trim().length <= 3) others++;
    }
  }
  if (words.length < MIN_WORDS || others * 2 > words.length || !words.some((w) => w.side > 0) || !words.some((w) => w.side < 0)) return cols;
  // One column: every such word overlaps the middle one.
  const mid = [...words].sort((a, b) => a.x0 + a.x1 - b.x0 - b.x1)[words.length >> 1]!;
  if (!words.every((w) => intervalDistance(w.x0, w.x1, mid.x0 - 2, mid.x1 + 2) === 0)) return cols;
  const x0 = Math.min(...words.map((w) => w.x0)), x1 = Math.max(...words.map((w) => w.x1));
  // A head read over it, as no kind ("TIBI)"), is that column's; a named column there is left as named.
  const over = cols.filter((c) => intervalDistance(c.x0, c.x1, x0, x1) === 0);
  if (over.some((c) => c.kind !== 'other')) return cols;
  return [...cols.filter((c) => !over.includes(c)), { kind: 'type', x0: Math.min(x0, ...over.map((c) => c.x0)), x1: Math.max(x1, ...over.map((c) => c.x1)) } as Column].sort((a, b) => a.x0 - b.x0);
}
