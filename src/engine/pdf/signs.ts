import type { Cents } from '../../contract/money.js';

/**
 * Signs the table could not give (one unsigned amount column, no section heading) are
 * inferred from the running balance: between two printed balances the signed amounts must
 * add up to the balance change. Small blocks are solved exactly (subset sums); a block with no
 * solution keeps the default (debit) and is counted as suspect.
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
  /** The signs of the block's unknown rows that reach `target`: null when none do, [] when none are unknown. */
  const solution = (from: number, to: number, target: Cents | null): (1 | -1)[] | null => {
    const unknown: number[] = [];
    let known = 0;
    for (let i = from; i < to; i++) {
      if (rows[i]!.sign === 0) unknown.push(i); else known += rows[i]!.sign * rows[i]!.abs;
    }
    if (!unknown.length) return [];
    if (target === null || prev === null || unknown.length > 16) return null;
    const need = target - prev - known;
    const total = unknown.reduce((a, i) => a + rows[i]!.abs, 0);
    // need = credits - (total - credits) → credits = (need + total) / 2
    const credits2 = need + total;
    if (credits2 % 2 !== 0 || credits2 < 0) return null;
    const want = credits2 / 2;
    for (let mask = 0; mask < 1 << unknown.length; mask++) {
      let sum = 0;
      for (let b = 0; b < unknown.length; b++) if (mask & (1 << b)) sum += rows[unknown[b]!]!.abs;
      if (sum === want) return unknown.map((_, b) => (mask & (1 << b) ? 1 : -1));
    }
    return null;
  };
  const solve = (from: number, to: number, target: Cents | null) => {
    const got = solution(from, to, target);
    const unknown = [];
    for (let i = from; i < to; i++) if (rows[i]!.sign === 0) unknown.push(i);
    if (!got) { unresolved += unknown.length; return; }
    unknown.forEach((i, b) => { signs[i] = got[b]!; });
  };
  for (let i = 0; i < rows.length; i++) {
    let bal = rows[i]!.balance;
    if (bal === null) continue;
    // A balance read by OCR without its minus ("11 970,23" for "-11 970,23"): the unsigned rows
    // before it reach its negative exactly and not it. Taken negative, and said (`negated`).
    if (minusLost && bal > 0 && prev !== null && !solution(blockStart, i + 1, bal) && solution(blockStart, i + 1, -bal)?.length) {
      bal = -bal; negated.push(i);
    }
    solve(blockStart, i + 1, bal);
    prev = bal;
    blockStart = i + 1;
  }
  solve(blockStart, rows.length, end);
  return { signs, unresolved, negated };
}
