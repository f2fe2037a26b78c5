import { formatCents, type Cents } from '../../contract/money.js';
import type { ParsedStatement, ParsedTransaction } from '../../contract/model.js';

export interface BrokenRow {
  index: number;
  transaction: ParsedTransaction;
  expected: Cents;
  printed: Cents;
}

export interface Reconciliation {
  totCredits: Cents;
  totDebits: Cents;
  numCredits: number;
  numDebits: number;
  startBalance: Cents;       // 0 when not found
  endBalancePrinted: Cents;  // 0 when not found
  endBalanceCalc: Cents;
  balancesValid: boolean;    // both start and end balance found
  reconciled: boolean;
  difference: Cents;         // endBalanceCalc - printed end
  firstBroken: BrokenRow | null;
  checkedBalances: number;   // printed running balances that were checked
  printedTotalsMatch: boolean | null;
}

/**
 * Reconciles a statement: start + credits − debits against the printed end balance (within
 * `allowedDiff` cents), and every printed running balance against the chain of amounts. The
 * first row whose printed balance disagrees with the chain is reported; the chain then
 * resynchronises on the printed value so one bad row is reported once.
 */
export function reconcile(stmt: ParsedStatement, allowedDiff: Cents): Reconciliation {
  let totCredits = 0, totDebits = 0, numCredits = 0, numDebits = 0;
  for (const t of stmt.transactions) {
    if (t.amount >= 0) { totCredits += t.amount; numCredits++; }
    else { totDebits -= t.amount; numDebits++; }
  }
  const balancesValid = stmt.startBalance !== null && stmt.endBalance !== null;
  const startBalance = stmt.startBalance ?? 0;
  const endBalancePrinted = stmt.endBalance ?? 0;
  const endBalanceCalc = startBalance + totCredits - totDebits;
  const difference = endBalanceCalc - endBalancePrinted;
  const reconciled = balancesValid && Math.abs(difference) <= allowedDiff;

  let firstBroken: BrokenRow | null = null;
  let checkedBalances = 0;
  let running: Cents | null = stmt.startBalance;
  stmt.transactions.forEach((t, index) => {
    if (running !== null) running += t.amount;
    if (t.balance === undefined || t.balance === null) return;
    if (running === null) { running = t.balance; return; }
    checkedBalances++;
    if (running !== t.balance) {
      if (!firstBroken) firstBroken = { index, transaction: t, expected: running, printed: t.balance };
      running = t.balance;
    }
  });

  let printedTotalsMatch: boolean | null = null;
  const pt = stmt.printedTotals;
  if (pt && (pt.credits !== undefined || pt.debits !== undefined)) {
    printedTotalsMatch = (pt.credits === undefined || pt.credits === totCredits)
      && (pt.debits === undefined || pt.debits === totDebits);
  }
  return {
    totCredits, totDebits, numCredits, numDebits, startBalance, endBalancePrinted, endBalanceCalc,
    balancesValid, reconciled, difference, firstBroken, checkedBalances, printedTotalsMatch,
  };
}

const REASON = 'Does not reconcile: ';

/** Whether a hint is one unreconciledReason wrote (a step that changes the figures replaces it with the reason that then holds). */
export function isUnreconciledReason(hint: string): boolean {
  return hint.startsWith(REASON);
}

/**
 * Why a statement with both balances printed does not reconcile, in words: the first row whose
 * printed running balance the amounts do not reach, or, when every running balance agrees, the
 * closing balance that differs from the last of them. Null when it reconciles.
 */
export function unreconciledReason(s: ParsedStatement): string | null {
  const r = reconcile(s, 0);
  if (r.reconciled || !r.balancesValid) return null;
  const f = r.firstBroken;
  if (f) {
    // Balances printed once a day (or a page): the difference lies in any row since the last
    // balance printed, every one before agreeing; an underwriter checks those rows.
    let since = f.index;
    while (since > 0 && (s.transactions[since - 1]!.balance ?? null) === null) since--;
    const where = since < f.index ? `rows ${since + 1}-${f.index + 1}, the rows since the balance before it (which agrees)` : `row ${f.index + 1}`;
    const by = `${formatCents(Math.abs(f.printed - f.expected))} ${f.printed > f.expected ? 'more' : 'less'}`;
    return `${REASON}row ${f.index + 1} (${f.transaction.date} ${f.transaction.description.slice(0, 40)}) prints balance ${formatCents(f.printed)} where the amounts before it give ${formatCents(f.expected)}, ${by}; the difference lies in ${where}.`;
  }
  const last = [...s.transactions].reverse().find((t) => t.balance !== null && t.balance !== undefined);
  if (last && r.checkedBalances > 0 && last.balance === r.endBalanceCalc) return `${REASON}every running balance agrees with the amounts, but the printed closing balance ${formatCents(r.endBalancePrinted)} differs from the last running balance ${formatCents(last.balance!)} by ${formatCents(r.endBalancePrinted - last.balance!)}.`;
  return `${REASON}opening ${formatCents(r.startBalance)} plus credits ${formatCents(r.totCredits)} less debits ${formatCents(r.totDebits)} gives ${formatCents(r.endBalanceCalc)}, the printed closing balance is ${formatCents(r.endBalancePrinted)} (difference ${formatCents(r.difference)}).${summaryNote(s, r)}`;
}

/**
 * What the printed summary says about a statement that does not reconcile: when its totals
 * (a card's payments and credits against its purchases, fees and interest) carry the opening
 * balance to the closing one, the rows are what falls short, by so much on each side.
 */
function summaryNote(s: ParsedStatement, r: Reconciliation): string {
  const pt = s.printedTotals;
  if (pt?.credits === undefined || pt.debits === undefined) return '';
  const totals = `credits ${formatCents(pt.credits)}, debits ${formatCents(pt.debits)}`;
  if (r.startBalance + pt.credits - pt.debits !== r.endBalancePrinted) return ` The printed summary's totals (${totals}) do not account for the change either.`;
  const side = (name: string, printed: Cents, read: Cents) => (printed === read ? '' : printed > read ? `${formatCents(printed - read)} of ${name} missing` : `${formatCents(read - printed)} of ${name} more than printed`);
  const gaps = [side('credits', pt.credits, r.totCredits), side('debits', pt.debits, r.totDebits)].filter(Boolean);
  const rows = s.transactions.length ? `the rows read give credits ${formatCents(r.totCredits)}, debits ${formatCents(r.totDebits)}` : 'no transaction rows were read';
  return ` The printed summary accounts for the change (${totals}); ${rows}: ${gaps.join(' and ')}.`;
}
