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

export function inferSigns(rows: SignInput[], start: Cents | null, end: Cents | null): { signs: (1 | -1)[]; unresolved: number } {
  const signs: (1 | -1)[] = rows.map((r) => (r.sign === 0 ? -1 : r.sign));
  let unresolved = 0;
  let prev = start;
  let blockStart = 0;
  const solve = (from: number, to: number, target: Cents | null) => {
    const unknown: number[] = [];
    let known = 0;
    for (let i = from; i < to; i++) {
      if (rows[i]!.sign === 0) unknown.push(i); else known += rows[i]!.sign * rows[i]!.abs;
    }
    if (!unknown.length) return;
    if (target === null || prev === null || unknown.length > 16) { unresolved += unknown.length; return; }
    const need = target - prev - known;
    const total = unknown.reduce((a, i) => a + rows[i]!.abs, 0);
    // need = credits - (total - credits) → credits = (need + total) / 2
    const credits2 = need + total;
    if (credits2 % 2 !== 0 || credits2 < 0) { unresolved += unknown.length; return; }
    const want = credits2 / 2;
    for (let mask = 0; mask < 1 << unknown.length; mask++) {
      let sum = 0;
      for (let b = 0; b < unknown.length; b++) if (mask & (1 << b)) sum += rows[unknown[b]!]!.abs;
      if (sum === want) {
        for (let b = 0; b < unknown.length; b++) signs[unknown[b]!] = mask & (1 << b) ? 1 : -1;
        return;
      }
    }
    unresolved += unknown.length;
  };
  for (let i = 0; i < rows.length; i++) {
    const bal = rows[i]!.balance;
    if (bal === null) continue;
    solve(blockStart, i + 1, bal);
    prev = bal;
    blockStart = i + 1;
  }
  solve(blockStart, rows.length, end);
  return { signs, unresolved };
}
