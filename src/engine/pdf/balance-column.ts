import type { RawRow } from './rows.js';

/** At least this many consecutive pairs of rows must chain before a column is taken for balances. */
const MIN_PAIRS = 2;
/** Of the consecutive pairs, at least this share must chain (a misread figure may break one). */
const CHAIN_SHARE = 0.75;

/**
 * A table whose heads name debits and credits and a third money column by a word for amounts
 * ("Deposits | Withdrawals | Amount ($)", a sample bank's running balance): when that column's
 * figures move from row to row by exactly each row's credit less its debit, it holds the running
 * balances, whatever its head says. Its figures become the rows' balances; a row left with a
 * figure in that column only (a "Total" line under the table, the closing balance repeated) moves
 * nothing and is set aside with its text. Column roles come from the data where the heads mislead.
 * Returns the descriptions of the rows set aside.
 */
export function amountsThatAreBalances(rows: RawRow[]): string[] {
  const setAside: string[] = [];
  const tables = new Set(rows.map((r) => r.table));
  for (const table of tables) {
    const own = rows.filter((r) => r.table === table);
    const sided = own.filter((r) => (r.debit || r.credit) && r.amount && !r.balance);
    if (sided.length < MIN_PAIRS + 1) continue;
    let pairs = 0, chained = 0;
    for (let i = 1; i < sided.length; i++) {
      const prev = sided[i - 1]!, cur = sided[i]!;
      pairs++;
      const move = Math.abs(cur.credit?.cents ?? 0) - Math.abs(cur.debit?.cents ?? 0);
      if (cur.amount!.cents - prev.amount!.cents === move) chained++;
    }
    if (pairs < MIN_PAIRS || chained < pairs * CHAIN_SHARE) continue;
    for (const r of own) {
      if (!r.amount || r.balance) continue;
      r.balance = r.amount;
      delete r.amount;
    }
    for (let i = rows.length - 1; i >= 0; i--) {
      const r = rows[i]!;
      if (r.table !== table || r.debit || r.credit || r.amount) continue;
      setAside.unshift(r.description.join(' '));
      rows.splice(i, 1);
    }
  }
  return setAside;
}
