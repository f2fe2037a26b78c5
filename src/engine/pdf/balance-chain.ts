/**
 * Whether an undated line's figures carry the table's running balance on from the last row read:
 * its balance is the last row's moved by its amount. Atop a page after a page total, with no
 * heads and no date until the day changes, that is what says the table runs on (rows.ts).
 */
import type { Line } from './lines.js';
import { moneyColumn, splitAtColumns, splitMoneyRuns } from './row-cells.js';
import type { Column } from './header-row.js';
import { parseMoneyCell, type Money } from './tokens.js';

export function balanceRunsOn(line: Line, columns: Column[], lastBalance: Money | undefined, decimalComma: boolean): boolean {
  if (!lastBalance) return false;
  let amount: number | null = null, balance: number | null = null;
  for (const c of splitMoneyRuns(splitAtColumns(line.cells, columns), columns)) {
    const m = parseMoneyCell(c.text, decimalComma);
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
