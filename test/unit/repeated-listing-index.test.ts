import { describe, expect, it } from 'vitest';
import { findRepeatedPages, type ListingRow, type RepeatedPage } from '../../src/engine/statement/repeated-listing.js';
import { Rng } from '../fixtures/generator/prng.js';

/**
 * The rule as first written: every earlier row scanned for each row of a page. The indexed
 * rule must find the same repeats, rows, pages and kept rows on any listing.
 */
function byScanning(rows: ListingRow[]): RepeatedPage[] {
  const letters = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, '');
  const alike = (a: ListingRow, b: ListingRow) => {
    if (a.date !== b.date) return false;
    const la = letters(a.description), lb = letters(b.description), n = Math.min(5, la.length, lb.length);
    return la.slice(0, n) === lb.slice(0, n);
  };
  const same = (a: ListingRow, b: ListingRow) => a.cents === b.cents && alike(a, b) && (a.balance === null || b.balance === null || a.balance === b.balance);
  const pages = [...new Set(rows.map((r) => r.page))].sort((a, b) => a - b);
  const out: RepeatedPage[] = [];
  const repeated = new Set<number>();
  for (const page of pages.slice(1)) {
    const here = rows.map((_, i) => i).filter((i) => rows[i]!.page === page);
    const earlier = rows.map((_, i) => i).filter((i) => rows[i]!.page < page && !repeated.has(rows[i]!.page));
    if (!earlier.length || here.length < 3) continue;
    const used = new Set<number>(), sameAs = new Set<number>(), unmatched: number[] = [];
    for (const i of here) {
      const j = earlier.find((k) => !used.has(k) && same(rows[k]!, rows[i]!));
      if (j === undefined) { unmatched.push(i); continue; }
      used.add(j); sameAs.add(rows[j]!.page);
    }
    const matched = here.length - unmatched.length;
    if (matched < 3 || matched < here.length * 0.75) continue;
    repeated.add(page);
    const kept = unmatched.filter((i) => !earlier.some((k) => alike(rows[k]!, rows[i]!)));
    out.push({ page, rows: here.filter((i) => !kept.includes(i)), sameAs: [...sameAs].sort((a, b) => a - b), kept });
  }
  return out;
}

/** A listing of 2-9 pages, small ones among them, some of them reprints of earlier ones (rows shuffled, a few misread or missing). */
function listing(seed: number): ListingRow[] {
  const rng = new Rng(seed);
  const rnd = () => rng.next();
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const rows: ListingRow[] = [];
  const pages = 2 + Math.floor(rnd() * 8);
  for (let page = 1; page <= pages; page++) {
    const earlier = rows.filter((r) => r.page < page);
    if (earlier.length >= 3 && rnd() < 0.4) {
      const from = pick([...new Set(earlier.map((r) => r.page))]);
      for (const r of earlier.filter((x) => x.page === from).sort(() => rnd() - 0.5)) {
        if (rnd() < 0.1) continue;
        rows.push({ ...r, page, cents: rnd() < 0.1 ? r.cents + 100 : r.cents, balance: rnd() < 0.3 ? null : r.balance });
      }
      if (rnd() < 0.5) rows.push({ page, date: `2025-1-${1 + Math.floor(rnd() * 28)}`, cents: 1 + Math.floor(rnd() * 5000), description: pick(['ATM', 'Fee', 'Transfer']), balance: null });
      continue;
    }
    const n = rnd() < 0.3 ? Math.floor(rnd() * 3) : Math.floor(rnd() * 12);
    for (let k = 0; k < n; k++) {
      rows.push({ page, date: `2025-1-${1 + Math.floor(rnd() * 6)}`, cents: pick([500, 1250, 2000, 999, 12_345]), description: pick(['Card purchase', 'Card payment', 'Fee', 'Deposit', 'Cheque 101']), balance: rnd() < 0.5 ? null : Math.floor(rnd() * 3) * 100 });
    }
  }
  // Rows in any order (a reading may list a page's rows after a later page's): the first match is still the earliest row.
  return rows.map((r) => ({ r, k: rnd() })).sort((a, b) => a.k - b.k).map((x) => x.r);
}

describe('repeated listings found by index', () => {
  it('finds what scanning every earlier row finds, on 400 drawn listings with reprinted pages', () => {
    let repeats = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const rows = listing(seed);
      const want = byScanning(rows);
      repeats += want.length;
      expect(findRepeatedPages(rows), `seed ${seed}`).toEqual(want);
    }
    // The drawn listings do hold repeats: the comparison is not of empty answers.
    expect(repeats).toBeGreaterThan(50);
  });
});
