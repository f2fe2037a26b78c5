import type { ParsedStatement } from '../../contract/model.js';
import { OCR_CONFUSABLE_PAIRS } from '../data/ocr-confusables.js';
import { reconcile } from '../statement/reconcile.js';
import { openingFromRows } from './derived-balances.js';

const CONFUSABLE = new Set(OCR_CONFUSABLE_PAIRS.flatMap(([a, b]) => [`${a}${b}`, `${b}${a}`]));

/**
 * Two account numbers that differ only where OCR confuses one character for another ("…4538"
 * and "…4588"), in at most two places: the same printed number read twice. Numbers of
 * different lengths, or differing by a pair OCR does not confuse, are different accounts.
 */
export function ocrSameAccount(a: string, b: string): boolean {
  const x = a.toLowerCase().replace(/[\s-]/g, ''), y = b.toLowerCase().replace(/[\s-]/g, '');
  if (x === y || x.length !== y.length || x.replace(/\D/g, '').length < 6) return false;
  let diffs = 0;
  for (let i = 0; i < x.length; i++) {
    if (x[i] === y[i]) continue;
    if (!CONFUSABLE.has(`${x[i]}${y[i]}`) || ++diffs > 2) return false;
  }
  return true;
}

/**
 * Whether a statement read from OCR pages may be the previous one's continuation, split off by
 * an account number in a later page's running head that OCR misread: it prints no opening block
 * of its own (no opening balance, no summary totals, no period other than the previous one's)
 * and is of the same kind. Whether it is, its account number tells (continuationEvidence).
 */
export function opensNoStatement(prev: ParsedStatement, next: ParsedStatement, nextPeriod: { start: string; end: string } | null): boolean {
  if (next.docType !== prev.docType || !prev.accountNumber || !next.accountNumber) return false;
  // An opening balance worked out from the first row's printed balance is no opening block.
  if ((next.startBalance !== null && !openingFromRows(next)) || next.printedTotals) return false;
  return !nextPeriod || (nextPeriod.start === prev.startDate && nextPeriod.end === prev.endDate);
}

/**
 * The evidence that a statement that opens none (opensNoStatement) continues the previous one:
 * its account number differs only by characters OCR confuses ('confusable'); or, misread worse,
 * the previous statement's printed summary totals are met by its rows only with this one's rows
 * added ('totals'). Two real accounts numbered one apart each print their own opening block, and
 * one's printed totals never count the other's rows: they stay apart.
 */
export function continuationEvidence(prev: ParsedStatement, next: ParsedStatement, merged: ParsedStatement | null): 'confusable' | 'totals' | null {
  if (ocrSameAccount(prev.accountNumber, next.accountNumber)) return 'confusable';
  if (!merged || !next.transactions.length) return null;
  const alone = reconcile(prev, 0), joined = reconcile(merged, 0);
  return alone.printedTotalsMatch === false && joined.printedTotalsMatch === true ? 'totals' : null;
}
