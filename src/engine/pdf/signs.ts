import type { Cents } from '../../contract/money.js';

/**
 * Signs the table could not give (one unsigned amount column, no section heading) are
 * inferred from the running balance: between two printed balances the signed amounts must
 * add up to the balance change. Small blocks are solved exactly (subset sums); a block with no
 * solution keeps the default (debit) and is counted as suspect. `minusLost` (a scan's reading):
 * a balance may have lost its minus, or been misread between two blocks.
 */
export interface SignInput {
  abs: Cents;
  sign: 1 | -1 | 0;     // 0 = unknown
  balance: Cents | null;
}

export function inferSigns(rows: SignInput[], start: Cents | null, end: Cents | null, minusLost = false): { signs: (1 | -1)[]; unresolved: number; negated: number[] } {
  const signs: (1 | -1)[] = rows.map((r) => (r.sign === 0 ? -1 : r.sign));
  let unresolved = 0;
  let prev = start;
  let blockStart = 0;
  const negated: number[] = [];
  /**
   * The block's unknown rows, and their signs that reach `target` from the previous balance:
   * null when none do (or the block cannot be solved), [] when no row is unknown.
   */
  const solution = (from: number, to: number, target: Cents | null): { unknown: number[]; signs: (1 | -1)[] | null } => {
    const unknown: number[] = [];
    let known = 0;
    for (let i = from; i < to; i++) {
      if (rows[i]!.sign === 0) unknown.push(i); else known += rows[i]!.sign * rows[i]!.abs;
    }
    if (!unknown.length) return { unknown, signs: [] };
    if (target === null || prev === null || unknown.length > 16) return { unknown, signs: null };
    const need = target - prev - known;
    const total = unknown.reduce((a, i) => a + rows[i]!.abs, 0);
    // need = credits - (total - credits) → credits = (need + total) / 2
    const credits2 = need + total;
    if (credits2 % 2 !== 0 || credits2 < 0) return { unknown, signs: null };
    const want = credits2 / 2;
    for (let mask = 0; mask < 1 << unknown.length; mask++) {
      let sum = 0;
      for (let b = 0; b < unknown.length; b++) if (mask & (1 << b)) sum += rows[unknown[b]!]!.abs;
      if (sum === want) return { unknown, signs: unknown.map((_, b) => (mask & (1 << b) ? 1 : -1)) };
    }
    return { unknown, signs: null };
  };
  const apply = ({ unknown, signs: got }: ReturnType<typeof solution>) => {
    if (!got) { unresolved += unknown.length; return; }
    unknown.forEach((i, b) => { signs[i] = got[b]!; });
  };
  // The block before the current one, while it reached its balance by no signs: where it began and the balance before it.
  let failed: { from: number; prev: Cents | null; unknown: number } | null = null;
  for (let i = 0; i < rows.length; i++) {
    let bal = rows[i]!.balance;
    if (bal === null) continue;
    let got = solution(blockStart, i + 1, bal);
    // A balance read by OCR without its minus ("11 970,23" for "-11 970,23"): the unsigned rows
    // before it reach its negative exactly and not it. Taken negative, and said (`negated`).
    if (minusLost && bal > 0 && !got.signs && got.unknown.length) {
      const negative = solution(blockStart, i + 1, -bal);
      if (negative.signs) { bal = -bal; negated.push(i); got = negative; }
    }
    // A balance OCR misread between two blocks ("11 542,55" read "+ 542,55"): neither block
    // reaches its balance by any signs, and both together reach this one from the balance
    // before them. Their signs are taken so (the misread balance stays as read: the
    // reconciliation then names it, and ocr/balance-oracle.ts leaves it unread when the
    // balances around it agree). Composed scan 610: two signs unsettled, read as debits.
    const thisFailed = !got.signs && got.unknown.length > 0;
    if (minusLost && thisFailed && failed) {
      const here = prev;
      prev = failed.prev;
      const joined = solution(failed.from, i + 1, bal);
      prev = here;
      if (joined.signs) { unresolved -= failed.unknown; got = joined; }
    }
    failed = thisFailed && got.unknown.length <= 16 && !got.signs ? { from: blockStart, prev, unknown: got.unknown.length } : null;
    apply(got);
    prev = bal;
    blockStart = i + 1;
  }
  apply(solution(blockStart, rows.length, end));
  return { signs, unresolved, negated };
}

/**
 * Printed running balances that the amounts, signed so, do not reach from the balance before
 * them (the opening, or the previous printed balance; before the first one, when no opening is
 * known, nothing is checked).
 */
export function balanceBreaks(rows: SignInput[], signs: (1 | -1)[], start: Cents | null): number {
  let at = start, breaks = 0;
  for (let i = 0; i < rows.length; i++) {
    if (at !== null) at += signs[i]! * rows[i]!.abs;
    const b = rows[i]!.balance;
    if (b === null) continue;
    if (at !== null && at !== b) breaks++;
    at = b;
  }
  return breaks;
}
