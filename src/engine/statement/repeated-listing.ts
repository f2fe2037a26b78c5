/**
 * A detail listing printed twice in one statement: a page scanned twice, or the same
 * transactions listed again on a later page in another order ("by date" with balances, then
 * "by type"). Read as they stand, every transaction would count twice. A later page whose rows
 * are, nearly all, rows of earlier pages (same date, same amount, same description start, the
 * same balance where both print one) is taken for a repeat: its rows are left out and the
 * caller says so. The first listing is kept: it is the one a statement prints first (by date,
 * with running balances). A row of the repeat that no earlier row resembles at all (not even by
 * date and description: a row the first reading missed) is kept and named; one that resembles
 * an earlier row but differs in amount is the same row misread in one copy, and is left out.
 */

/** One transaction row as the rule needs it. */
export interface ListingRow {
  page: number;
  /** The printed date, as a comparable key (year, month, day as read). */
  date: string;
  /** The amount without its sign, in cents (a by-type listing drops the sign into its heading). */
  cents: number;
  description: string;
  balance: number | null;
}

export interface RepeatedPage {
  page: number;
  /** Indexes (into the rows given) of this page's rows that are left out. */
  rows: number[];
  /** The earlier pages its rows repeat. */
  sameAs: number[];
  /** Indexes of its rows that no earlier row resembles: kept, as rows the first reading missed. */
  kept: number[];
}

/** Rows a page must repeat, and the share of its rows, before it is taken for a repeat. */
const MIN_MATCHED = 3;
const MIN_SHARE = 0.75;
/** Letters at the start of two descriptions that must agree (OCR may differ further on). */
const DESCRIPTION_LETTERS = 5;

function letters(s: string): string {
  return s.toUpperCase().replace(/[^A-Z]/g, '');
}

/** Same date and the same start of description: the same row, whatever its amount was read as. */
function alike(a: ListingRow, b: ListingRow): boolean {
  if (a.date !== b.date) return false;
  const la = letters(a.description), lb = letters(b.description);
  const n = Math.min(DESCRIPTION_LETTERS, la.length, lb.length);
  return la.slice(0, n) === lb.slice(0, n);
}

function sameRow(a: ListingRow, b: ListingRow): boolean {
  if (a.cents !== b.cents || !alike(a, b)) return false;
  return a.balance === null || b.balance === null || a.balance === b.balance;
}

/**
 * The later pages that repeat earlier pages' rows. Each earlier row stands for at most one
 * row of a page (two identical purchases on one day are two rows, repeated as two). A page
 * taken for a repeat is not matched against again: a third copy is compared with the first.
 */
export function findRepeatedPages(rows: ListingRow[]): RepeatedPage[] {
  const pages = [...new Set(rows.map((r) => r.page))].sort((a, b) => a - b);
  const out: RepeatedPage[] = [];
  const repeated = new Set<number>();
  for (const page of pages.slice(1)) {
    const here = rows.map((r, i) => i).filter((i) => rows[i]!.page === page);
    const earlier = rows.map((r, i) => i).filter((i) => rows[i]!.page < page && !repeated.has(rows[i]!.page));
    if (!earlier.length || here.length < MIN_MATCHED) continue;
    const used = new Set<number>();
    const sameAs = new Set<number>();
    const unmatched: number[] = [];
    for (const i of here) {
      const j = earlier.find((k) => !used.has(k) && sameRow(rows[k]!, rows[i]!));
      if (j === undefined) { unmatched.push(i); continue; }
      used.add(j);
      sameAs.add(rows[j]!.page);
    }
    const matched = here.length - unmatched.length;
    if (matched < MIN_MATCHED || matched < here.length * MIN_SHARE) continue;
    repeated.add(page);
    const kept = unmatched.filter((i) => !earlier.some((k) => alike(rows[k]!, rows[i]!)));
    out.push({ page, rows: here.filter((i) => !kept.includes(i)), sameAs: [...sameAs].sort((a, b) => a - b), kept });
  }
  return out;
}
