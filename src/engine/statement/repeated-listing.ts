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

/** Row indexes by a key, each list in ascending index order (the first unused match is the earliest row). */
class RowIndex<K> {
  private readonly lists = new Map<K, number[]>();
  add(key: K, i: number): void {
    const list = this.lists.get(key);
    if (!list) { this.lists.set(key, [i]); return; }
    let at = list.length;
    while (at > 0 && list[at - 1]! > i) at--;
    list.splice(at, 0, i);
  }
  get(key: K): readonly number[] { return this.lists.get(key) ?? []; }
}

/**
 * The later pages that repeat earlier pages' rows. Each earlier row stands for at most one
 * row of a page (two identical purchases on one day are two rows, repeated as two). A page
 * taken for a repeat is not matched against again: a third copy is compared with the first.
 * Earlier rows are looked up by amount (a match) and by date (a resemblance), never scanned
 * whole for each row: a statement of thousands of rows costs about as much as its rows.
 */
export function findRepeatedPages(rows: ListingRow[]): RepeatedPage[] {
  const byPage = new Map<number, number[]>();
  rows.forEach((r, i) => { const list = byPage.get(r.page); if (list) list.push(i); else byPage.set(r.page, [i]); });
  const pages = [...byPage.keys()].sort((a, b) => a - b);
  const byCents = new RowIndex<number>(), byDate = new RowIndex<string>();
  const keep = (page: number) => { for (const i of byPage.get(page)!) { byCents.add(rows[i]!.cents, i); byDate.add(rows[i]!.date, i); } };
  const out: RepeatedPage[] = [];
  if (pages.length) keep(pages[0]!);
  for (const page of pages.slice(1)) {
    const here = byPage.get(page)!;
    if (here.length < MIN_MATCHED) { keep(page); continue; }
    const used = new Set<number>();
    const sameAs = new Set<number>();
    const unmatched: number[] = [];
    for (const i of here) {
      const j = byCents.get(rows[i]!.cents).find((k) => !used.has(k) && sameRow(rows[k]!, rows[i]!));
      if (j === undefined) { unmatched.push(i); continue; }
      used.add(j);
      sameAs.add(rows[j]!.page);
    }
    const matched = here.length - unmatched.length;
    if (matched < MIN_MATCHED || matched < here.length * MIN_SHARE) { keep(page); continue; }
    const kept = unmatched.filter((i) => !byDate.get(rows[i]!.date).some((k) => alike(rows[k]!, rows[i]!)));
    out.push({ page, rows: here.filter((i) => !kept.includes(i)), sameAs: [...sameAs].sort((a, b) => a - b), kept });
  }
  return out;
}
