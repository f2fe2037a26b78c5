/**
 * Pages filed out of order (a stack scanned face up, a page re-scanned and appended) are read in
 * the order their printed numbers give, and the statement says so; each row keeps the file's
 * page it was read from. A run of pages that is not whole (a page missing, a number twice) is
 * left as filed: the statement then does not reconcile and says where.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { composeStatementPdf, type ComposedPdf } from '../fixtures/generator/composer/render.js';
import { scoreReading } from '../fixtures/generator/composer/score.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { printedPageNumber } from '../../src/engine/pdf/page-order.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';

afterAll(() => closeEngines());

/** A PDF of the given (0-based) pages of each source, in that order. */
async function filed(parts: { pdf: ComposedPdf; pages: number[] }[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const { pdf, pages } of parts) {
    const src = await PDFDocument.load(pdf.bytes);
    for (const p of await doc.copyPages(src, pages)) doc.addPage(p);
  }
  return doc.save();
}

const convert = (bytes: Uint8Array) => convertDocument({ fileName: 'filed.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
const orderHints = (doc: Awaited<ReturnType<typeof convert>>) => doc.statements.flatMap((s) => (s.hints ?? []).filter((h) => h.startsWith("The file's pages are out of order")));

describe('printed page numbers', () => {
  it.each([
    ['Page 2 of 5', { at: 2, of: 5 }],
    ['Seite 4 von 5', { at: 4, of: 5 }],
    ['Página 1 de 3', { at: 1, of: 3 }],
    ['Pagina 2 di 4', { at: 2, of: 4 }],
    ['Kestrel Ledger - Seite 2 von 4', { at: 2, of: 4 }],
    ['Page 3 / 3.', { at: 3, of: 3 }],
    ['Pagina l di 3', { at: 1, of: 3 }],
    ['Page 6 of 5', null],
    ['Page 1 of 1', null],
    ['Pages 1 to 3 of the agreement', null],
  ])('%s', (text, want) => expect(printedPageNumber(text)).toEqual(want));
});

describe('pages filed out of order', () => {
  it('two pages swapped are read in printed order; rows keep the file\'s page', async () => {
    const pdf = await composeStatementPdf(25);
    expect(pdf.pageCount).toBeGreaterThanOrEqual(4);
    const order = [...Array(pdf.pageCount).keys()];
    [order[1], order[2]] = [order[2]!, order[1]!];
    const doc = await convert(await filed([{ pdf, pages: order }]));
    expect(scoreReading(pdf, doc).problems).toEqual([]);
    expect(orderHints(doc)).toEqual([`The file's pages are out of order (page 2 prints 3 of ${pdf.pageCount}, page 3 prints 2 of ${pdf.pageCount}): read in their printed order, the file's pages 1, 3, 2, ${order.slice(3).map((p) => p + 1).join(', ')}.`]);
    // The rows read first after printed page 1 are on the file's page 3.
    const pages = doc.statements[0]!.transactions.map((t) => t.page);
    expect(pages.filter((p) => p !== 1)[0]).toBe(3);
  });

  it('a statement filed last page first (a stack fed face up) is read whole', async () => {
    const pdf = await composeStatementPdf(36);
    const order = [...Array(pdf.pageCount).keys()].reverse();
    const doc = await convert(await filed([{ pdf, pages: order }]));
    expect(scoreReading(pdf, doc).problems).toEqual([]);
    expect(orderHints(doc).length).toBe(doc.statements.length);
  });

  it('two statements in one file, the second reversed: each read whole, in its own order', async () => {
    const a = await composeStatementPdf(42), b = await composeStatementPdf(57);
    const pagesA = [...Array(a.pageCount).keys()], pagesB = [...Array(b.pageCount).keys()].reverse();
    const doc = await convert(await filed([{ pdf: a, pages: pagesA }, { pdf: b, pages: pagesB }]));
    expect(scoreReading({ truth: [...a.truth, ...b.truth] }, doc).problems).toEqual([]);
    const moved = pagesB.map((p, i) => a.pageCount + i + 1).reverse();
    expect(orderHints(doc)[0]).toContain(`read in their printed order, the file's pages ${[...pagesA.map((p) => p + 1), ...moved].join(', ')}.`);
  });

  it('a scanned statement filed last page first is read in printed order too (the numbers read by OCR)', async () => {
    const pdf = await composeStatementPdf(7);
    const order = [...Array(pdf.pageCount).keys()].reverse();
    const doc = await convert(await scannedPdf(await filed([{ pdf, pages: order }])));
    const r = scoreReading(pdf, doc);
    expect(r.problems.filter((p) => p.kind !== 'description')).toEqual([]);
    expect(r.match.tp).toBe(r.match.want);
    // File page k holds printed page n - k + 1: read from the file's last page to its first.
    expect(orderHints(doc)[0]).toContain(`read in their printed order, the file's pages ${order.map((_, i) => pdf.pageCount - i).join(', ')}.`);
  });

  it('a run with a page missing is left as filed, and the statement says it does not reconcile', async () => {
    const pdf = await composeStatementPdf(25);
    // Pages 1, 4, 3, 5…: page 2 is missing, so the numbers are no whole run.
    const order = [0, 3, 2, ...[...Array(pdf.pageCount).keys()].slice(4)];
    const doc = await convert(await filed([{ pdf, pages: order }]));
    expect(orderHints(doc)).toEqual([]);
    const r = reconcile(doc.statements[0]!, 0);
    expect(r.reconciled).toBe(false);
    expect(r.firstBroken).not.toBeNull();
  });
});
