import type { ParsedDocument, ParsedStatement } from '../../contract/model.js';
import { formatCents } from '../../contract/money.js';
import { reconcile, unreconciledReason } from './reconcile.js';

/**
 * A page that lists again an earlier page's rows (a reprint by type, a page fed twice) has its
 * repeated rows left out when the statement is built; rows found only there are kept, since a
 * reprint may hold a row the first listing lost. Kept on that evidence alone they can be wrong
 * (a reprint of another period's row, a row the first listing prints under another date): the
 * balances decide. A statement that does not reconcile, whose rows kept from repeated pages are
 * few, has the smallest set of them left out whose absence makes it reconcile exactly, when
 * exactly one such set exists; they are listed in nonTransactions and named in a hint. Run
 * after the balance check (../ocr/balance-oracle.ts), which mends misread figures first.
 */

/** At most this many kept rows are weighed (2^n − 1 subsets): more is no reprint's stray row. */
const MAX_KEPT = 5;

export function dropKeptRowsThatBreakBalances(doc: ParsedDocument): void {
  for (const s of doc.statements) dropInStatement(s);
}

function dropInStatement(s: ParsedStatement): void {
  const repeated = new Set((s.repeatedListings ?? []).filter((r) => r.kept > 0).map((r) => r.page));
  if (!repeated.size || s.startBalance === null || s.endBalance === null || reconcile(s, 0).reconciled) return;
  const kept = s.transactions.map((t, i) => ({ t, i })).filter(({ t }) => t.page !== undefined && repeated.has(t.page));
  if (!kept.length || kept.length > MAX_KEPT) return;
  const diff = reconcile(s, 0).difference; // computed end minus printed end
  // Subsets by size, smallest first; the first size with any exact fit decides, and only a unique fit is taken.
  for (let size = 1; size <= kept.length; size++) {
    const fits: number[][] = [];
    for (let mask = 1; mask < 1 << kept.length; mask++) {
      if (popcount(mask) !== size) continue;
      let sum = 0;
      for (let k = 0; k < kept.length; k++) if (mask & (1 << k)) sum += kept[k]!.t.amount;
      if (sum === diff) fits.push(kept.filter((_, k) => mask & (1 << k)).map((x) => x.i));
    }
    if (!fits.length) continue;
    if (fits.length > 1) return;
    const before = unreconciledReason(s);
    const drop = new Set(fits[0]!);
    const gone = s.transactions.filter((_, i) => drop.has(i));
    s.transactions = s.transactions.filter((_, i) => !drop.has(i));
    const names = gone.map((t) => `${t.date} ${t.description.trim()} ${formatCents(t.amount)}`);
    s.nonTransactions = [...(s.nonTransactions ?? []), ...names.map((n) => `row found only on a repeated page, left out (the balances reconcile without it): ${n}`)];
    const hints = (s.hints ?? []).filter((h) => h !== before);
    hints.push(`${gone.length} row(s) found only on a repeated page are left out: without ${gone.length > 1 ? 'them' : 'it'} the statement reconciles exactly (${names.join('; ')}).`);
    s.hints = hints;
    return;
  }
}

function popcount(m: number): number {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
}
