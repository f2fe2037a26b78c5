/**
 * A detail listing printed twice (a page scanned twice, a listing reprinted by type on a later
 * page): its rows are counted once, and the statement says which page repeated which. The rule
 * on rows, then whole generated statements with a page repeated (the OCR case is in ocr.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { findRepeatedPages, type ListingRow } from '../../src/engine/statement/repeated-listing.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';

const row = (page: number, date: string, cents: number, description: string, balance: number | null = null): ListingRow => ({ page, date, cents, description, balance });

const byDate: ListingRow[] = [
  row(1, '10-2', 423, 'POS PURCHASE WALMART', 6573),
  row(1, '10-3', 76301, 'PREAUTHORIZED CREDIT PAYROLL', 82874),
  row(1, '10-4', 1168, 'POS PURCHASE PLAYERS', 81706),
  row(1, '10-5', 998, 'CHECK 1234', 80708),
  row(1, '10-5', 2550, 'POS PURCHASE KWAN', 78158),
];

describe('repeated listing rule', () => {
  it('takes a later page of the same rows in another order, without balances, for a repeat', () => {
    const byType = [row(2, '10-3', 76301, 'PREAUTHORIZED CREDIT PAYROLL 0987654'), row(2, '10-2', 423, 'POS PURCHASE TERMINAL 2434'),
      row(2, '10-4', 1168, 'POS PURCHASE TERMINAL 4435'), row(2, '10-5', 2550, 'POS PURCHASE'), row(2, '10-5', 998, 'CHECK 1234')];
    expect(findRepeatedPages([...byDate, ...byType])).toEqual([{ page: 2, rows: [5, 6, 7, 8, 9], sameAs: [1], kept: [] }]);
  });

  it('leaves out a row misread in one copy, and keeps a row only the repeat has', () => {
    const rows = [...byDate, ...byDate.map((r) => ({ ...r, page: 2 }))];
    rows[9] = { ...rows[9]!, cents: 2551, balance: null }; // the same purchase, its amount misread
    expect(findRepeatedPages(rows)).toEqual([{ page: 2, rows: [5, 6, 7, 8, 9], sameAs: [1], kept: [] }]);
    // A row the first listing lacks (its reading missed it): no earlier row resembles it.
    const withExtra = [...byDate, ...byDate.map((r) => ({ ...r, page: 2 })), row(2, '10-7', 3157, 'POS PURCHASE HOME DEPOT')];
    expect(findRepeatedPages(withExtra)).toEqual([{ page: 2, rows: [5, 6, 7, 8, 9], sameAs: [1], kept: [10] }]);
  });

  it('compares a third copy with the first and leaves a continuation page alone', () => {
    const copy = (page: number) => byDate.map((r) => ({ ...r, page }));
    const continuation = [row(4, '10-8', 5908, 'POS PURCHASE', 72250), row(4, '10-12', 6900, 'CHECK 1236', 65350), row(4, '10-14', 18063, 'CHECK 1237', 47287)];
    const found = findRepeatedPages([...copy(1), ...copy(2), ...copy(3), ...continuation]);
    expect(found.map((f) => [f.page, f.sameAs])).toEqual([[2, [1]], [3, [1]]]);
  });

  it('does not take rows that differ in balance, description or number for a repeat', () => {
    const differentBalance = byDate.map((r) => ({ ...r, page: 2, balance: r.balance! + 100 }));
    expect(findRepeatedPages([...byDate, ...differentBalance])).toEqual([]);
    const differentText = byDate.map((r) => ({ ...r, page: 2, description: 'ATM WITHDRAWAL' }));
    expect(findRepeatedPages([...byDate, ...differentText])).toEqual([]);
    // Two identical purchases on a day are two rows: one earlier row stands for one repeated row.
    const same = [row(1, '1-2', 500, 'COFFEE'), row(1, '1-2', 500, 'COFFEE'), row(1, '1-2', 500, 'COFFEE')];
    const more = [row(2, '1-2', 500, 'COFFEE'), row(2, '1-2', 500, 'COFFEE'), row(2, '1-2', 500, 'COFFEE'), row(2, '1-2', 500, 'COFFEE'), row(2, '1-2', 500, 'COFFEE')];
    expect(findRepeatedPages([...same, ...more])).toEqual([]);
  });
});

/** The generated statement with its page `n` printed again at the end. */
async function withPageRepeated(bytes: Uint8Array, n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  const [copy] = await doc.copyPages(doc, [n - 1]);
  doc.addPage(copy!);
  return doc.save();
}

describe('a statement with a page printed twice', () => {
  it('counts the repeated page once, says so, and reconciles', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 11, layout: 'chase', transactionsPerMonth: 12 }));
    const bytes = await withPageRepeated(r.bytes, 1);
    const doc = await convertDocument({ fileName: 'twice.pdf', bytes, options: defaultConversionOptions({ accounttype: 'Bank' }) });
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    const want = r.truth.flatMap((t) => t.transactions.map((x) => `${x.date}|${x.amount}`)).sort();
    expect(s.transactions.map((t) => `${t.date}|${t.amount}`).sort()).toEqual(want);
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(s.repeatedListings).toEqual([expect.objectContaining({ page: pages, sameAs: [1], kept: 0 })]);
    expect(s.hints!.join(' ')).toMatch(new RegExp(`Page ${pages} lists again the transactions of page\\(s\\) 1: \\d+ of its rows are left out`));
    expect(s.nonTransactions!.some((t) => t.startsWith(`repeated listing, page ${pages}:`))).toBe(true);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('leaves an ordinary statement without the flag', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 11, layout: 'chase', transactionsPerMonth: 12 }));
    const doc = await convertDocument({ fileName: 'once.pdf', bytes: r.bytes, options: defaultConversionOptions({ accounttype: 'Bank' }) });
    expect(doc.statements[0]!.repeatedListings).toBeUndefined();
  });
});
