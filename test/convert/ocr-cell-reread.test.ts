/**
 * Figures a read document's balances put in doubt, read again on a crop of the page image and
 * kept only where the balances then agree better (src/engine/ocr/cell-reread.ts). The rule on a
 * made-up document read by a stand-in reader; one composed fax through the real engine (OCR is slow).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines, type OcrWord } from '../../src/engine/ocr/tesseract.js';
import { garbledFigure, rereadFailedCells, withFigureOf, type CropReader } from '../../src/engine/ocr/cell-reread.js';
import { parseMoneyCell } from '../../src/engine/pdf/tokens.js';
import type { ParsedDocument, ParsedStatement } from '../../src/contract/model.js';
import type { PdfText, TextItem } from '../../src/engine/pdf/extract.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const fax = CAPTURE_TRAITS.find((t) => t.name === 'fax-150')!.options;

/** A page of rows: each an amount (a debit) and the running balance after it, read at `conf`. */
function page(rows: [string, string, number][]): PdfText {
  const items: TextItem[] = rows.flatMap(([amount, balance, conf], i) => [
    { str: amount, x: 300, y: 100 + i * 20, w: 50, size: 10, font: 'ocr', conf },
    { str: balance, x: 400, y: 100 + i * 20, w: 50, size: 10, font: 'ocr', conf: 95 },
  ]);
  return { pages: [{ page: 1, width: 612, height: 792, items }], info: { ocrPages: [1] } } as unknown as PdfText;
}

/** The stand-in reader: opening 1,000.00, each line a debit and its balance, the closing the last balance. */
function readDoc(text: PdfText): ParsedDocument {
  const items = text.pages[0]!.items;
  const cents = (s: string) => Math.abs(parseMoneyCell(s)!.cents);
  const transactions = [];
  for (let i = 0; i < items.length; i += 2) transactions.push({ date: '2025-01-02', description: 'x', amount: -cents(items[i]!.str), balance: cents(items[i + 1]!.str), page: 1 });
  const s = { startBalance: 100000, endBalance: transactions[transactions.length - 1]!.balance, transactions } as unknown as ParsedStatement;
  return { format: 'pdf', detectedDocType: 'Bank Statement', statements: [s], pdf: {} } as unknown as ParsedDocument;
}

const images = new Map([[1, { image: { width: 800, height: 800, data: new Uint8Array(800 * 800).fill(255) }, ptPerPx: 1 }]]);
const word = (text: string, conf: number) => ({ text, conf }) as OcrWord;
/** A crop reader that reads `text` whichever way it is asked, counting its readings. */
const reads = (text: string) => {
  const seen: string[] = [];
  const reader: CropReader = async (_crop, how) => { seen.push(how); return [word(text, 60)]; };
  return { reader, seen };
};

describe('figures read again on a crop, kept by the balances', () => {
  it("takes a reading's digits with the cell's own marks and sign", () => {
    expect(withFigureOf('551,464.09', '$$1,464.09')).toBe('1,464.09');
    expect(withFigureOf('$81554.28 DR', '$$1554,28 Dk')).toBe('$1554.28 DR');
    expect(withFigureOf('-4.159,50', '€159,50')).toBe('-159,50');
    // The same figure, or no figure with cents, is no reading.
    expect(withFigureOf('1,464.09', '$1,464.09')).toBeNull();
    expect(withFigureOf('1,464.09', '1464..5')).toBeNull();
    // A garbled cell (no money as read) takes the reading's figure, its sign kept.
    expect(withFigureOf("2'643%.43", "2'643.43")).toBe("2'643.43");
    expect(withFigureOf('-343.7C', '343.70')).toBe('-343.70');
  });

  it('tells a garbled figure from words, dates and figures', () => {
    for (const t of ["2'643%.43", '343.7C', '6*435.82', "6'382.8%"]) expect(garbledFigure(t)).toBe(true);
    for (const t of ['1,464.09', '03.02.25', 'PAYMENT', '8869654766', '02/03', 'ST-9541631']) expect(garbledFigure(t)).toBe(false);
  });

  it('keeps a figure whose reading mends the running balances, flagged', async () => {
    // "200.00" read "8200.00" (a currency mark read as a digit): the balance after it breaks.
    const text = page([['100.00', '900.00', 95], ['8200.00', '700.00', 41], ['50.00', '650.00', 95]]);
    const { reader, seen } = reads('$$200.00');
    const r = await rereadFailedCells(readDoc(text), text, images, readDoc, reader);
    expect(r?.kept).toBe(1);
    expect(r!.doc.statements[0]!.transactions.map((t) => t.amount)).toEqual([-10000, -20000, -5000]);
    const item = r!.text.pages[0]!.items[2]!;
    expect(item.str).toBe('200.00');
    expect(item.conf).toBeLessThan(80);
    expect(r!.doc.statements[0]!.hints?.some((h) => /read again on a crop/.test(h))).toBe(true);
    expect(seen).toEqual(['block']);
  });

  it('leaves a figure as read, flagged by its confidence, when the new reading does not agree with the balances', async () => {
    const text = page([['100.00', '900.00', 95], ['8200.00', '700.00', 41], ['50.00', '650.00', 95]]);
    const { reader, seen } = reads('300.00');
    expect(await rereadFailedCells(readDoc(text), text, images, readDoc, reader)).toBeNull();
    // The break's figures (the amount, the balances either side) each read three ways (the fast
    // model's block as is and thresholded, the best model's line), none kept.
    expect(seen).toEqual(['block', 'block', 'line', 'block', 'block', 'line', 'block', 'block', 'line']);
    expect(text.pages[0]!.items[2]!.str).toBe('8200.00');
  });

  it('reads nothing again on a document that reconciles, nor on a page whose image was not kept', async () => {
    const right = page([['100.00', '900.00', 95], ['200.00', '700.00', 95], ['50.00', '650.00', 95]]);
    const a = reads('$$200.00');
    expect(await rereadFailedCells(readDoc(right), right, images, readDoc, a.reader)).toBeNull();
    expect(a.seen).toEqual([]);
    const wrong = page([['100.00', '900.00', 95], ['8200.00', '700.00', 41], ['50.00', '650.00', 95]]);
    const b = reads('$$200.00');
    expect(await rereadFailedCells(readDoc(wrong), wrong, new Map(), readDoc, b.reader)).toBeNull();
    expect(b.seen).toEqual([]);
  });

  it('composed 1226 faxed at 150 dpi (Courier 8.5, "S$" read as digits): figures read again on crops, the balances agreeing', async () => {
    // Read once, its "S$" marks were read as digits in front of seven figures ("551,464.09"):
    // F1 0.651. Read again on crops, the figures whose balances then agree are taken, flagged.
    const r = await readScannedComposed(1226, 300, {}, fax);
    expect(r.silent).toEqual([]);
    expect(f1(r.match)).toBeGreaterThan(0.85);
    expect(r.doc.statements[0]!.hints?.some((h) => /read again on a crop/.test(h))).toBe(true);
  });
});
