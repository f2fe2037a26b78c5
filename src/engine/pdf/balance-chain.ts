/**
 * Whether an undated line's figures carry the table's running balance on from the last row read:
 * its balance is the last row's moved by its amount. Atop a page after a page total, with no
 * heads and no date until the day changes, that is what says the table runs on (rows.ts).
 */
import type { Line } from './lines.js';
import { moneyColumn, splitAtColumns, splitMoneyRuns, wholeUnits } from './row-cells.js';
import type { Column } from './header-row.js';
import { parseMoneyCell, type Money } from './tokens.js';

export function balanceRunsOn(line: Line, columns: Column[], lastBalance: Money | undefined, decimalComma: boolean, wholeDoc = false): boolean {
  if (!lastBalance) return false;
  let amount: number | null = null, balance: number | null = null;
  for (const c of splitMoneyRuns(splitAtColumns(line.cells, columns), columns)) {
    // (In a document in whole units, its whole figures: "CARD PURCHASE | 389 | 30,677" atop a
    // page carried nothing on, and the rows atop each page after a page total were lost, composed
    // seed 26093 --traits wholeUnits+noHeads.)
    const m = parseMoneyCell(c.text, decimalComma) ?? (wholeDoc ? wholeUnits(c, columns, true) : null);
    const col = m ? moneyColumn(columns, c.x0, c.x1) : null;
    if (!m || !col) continue;
    if (col.kind === 'balance') balance = m.cents;
    else if (col.kind === 'debit' || col.kind === 'credit' || col.kind === 'amount') amount = Math.abs(m.cents);
  }
  if (amount === null || balance === null || amount === 0) return false;
  // Signs are settled later (markers, columns): either direction, either side of zero.
  const prev = lastBalance.cents;
  return [prev + amount, prev - amount].some((b) => Math.abs(b) === Math.abs(balance!));
}
