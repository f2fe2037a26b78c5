/**
 * A summary's balance printed unsigned whose sign was taken from the ledger column its figure
 * fell under (rows.ts: a balance under the Debit column is negative, as French "SOLDE" rows
 * print it). A spreadsheet's summary block sits in the sheet's columns whatever it says, and a
 * block broken by a page (its last line under the next page's repeated heads) is no box the
 * reader can see: its balances took the Debit column's sign. The rows are the oracle: where
 * they contradict the column's sign and agree with the figure as printed, the figure as printed
 * is taken, and said. Nothing else moves: a balance the rows do not settle keeps its reading.
 */
import type { Cents } from '../../contract/money.js';

export interface ColumnSigned { cents: Cents | null; byColumn: boolean }

/**
 * The opening and closing balances, each turned back to its printed sign where only the column
 * signed it and the rows say so: the running balances (the first row's balance less its amount
 * is the opening; the last row's balance is the closing), or without them the one flip of the
 * column-signed balances that makes the opening and the rows' amounts come to the closing.
 */
export function mendColumnSigned(start: ColumnSigned, end: ColumnSigned, amounts: Cents[], balances: (Cents | null)[]): { start: Cents | null; end: Cents | null; mended: string[] } {
  let s = start.cents, e = end.cents;
  const mended: string[] = [];
  const firstAt = balances.findIndex((b) => b !== null);
  if (firstAt >= 0) {
    const opening = balances[firstAt]! - amounts.slice(0, firstAt + 1).reduce((n, a) => n + a, 0);
    let lastAt = balances.length - 1;
    while (balances[lastAt] === null) lastAt--;
    const closing = balances[lastAt]! + amounts.slice(lastAt + 1).reduce((n, a) => n + a, 0);
    if (start.byColumn && s !== null && s !== 0 && opening === -s) { s = opening; mended.push('opening'); }
    if (end.byColumn && e !== null && e !== 0 && closing === -e) { e = closing; mended.push('closing'); }
    return { start: s, end: e, mended };
  }
  if (s === null || e === null) return { start: s, end: e, mended };
  const moved = amounts.reduce((n, a) => n + a, 0);
  if (s + moved === e) return { start: s, end: e, mended };
  const [s0, e0] = [s, e];
  const flips = [[true, false], [false, true], [true, true]].filter(([a, b]) => (!a || start.byColumn) && (!b || end.byColumn));
  const fits = flips.filter(([a, b]) => (a ? -s0 : s0) + moved === (b ? -e0 : e0));
  if (fits.length !== 1) return { start: s, end: e, mended };
  const [a, b] = fits[0]!;
  if (a) { s = -s0; mended.push('opening'); }
  if (b) { e = -e0; mended.push('closing'); }
  return { start: s, end: e, mended };
}
