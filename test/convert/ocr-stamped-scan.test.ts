/**
 * Scans with a few lines of real text drawn over them (a portal's "RECEIVED" stamp, a Bates
 * number, a fax header) are read by OCR as scans without text are; a text statement printed over
 * a full-page background picture is still read from its text. Generated statements, scanned by
 * test/fixtures/generator/scan.ts, through the real engine.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions, type ConversionOptions } from '../../src/contract/api/conversion-options.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { fewTextLines, stampedPicturePages } from '../../src/engine/ocr/stamped-pages.js';
import { ocrLayerPages } from '../../src/engine/ocr/ocr-layer.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractPdf } from '../../src/engine/pdf/extract.js';
import type { TextItem } from '../../src/engine/pdf/text-item.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { ocrLayeredPdf, scannedPdf } from '../fixtures/generator/scan.js';
import { overBackground, stamped } from '../fixtures/generator/stamps.js';
import { transactionF1 } from '../fixtures/transaction-f1.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const convert = (fileName: string, bytes: Uint8Array, options: Partial<ConversionOptions> = {}) =>
  convertDocument({ fileName, bytes, options: defaultConversionOptions({ accounttype: 'autoDetect', ...options }) });

const item = (str: string, y: number): TextItem => ({ str, x: 20, y, w: str.length * 4, size: 7, font: 'Helvetica' });
const page = (items: TextItem[]) => ({ page: 1, width: 612, height: 792, items });

describe('a few lines of text over a page (by example)', () => {
  it('a stamp, a header and a footer are few; a fourth line, or a long paragraph, is not; an empty page is not', () => {
    expect(fewTextLines(page([item('RECEIVED 11/02/2024', 14), item('DEAL 20931', 14.5), item('AF-0001041', 780)]))).toBe(true);
    expect(fewTextLines(page([item('From: +1 555 0100', 10), item('To: Underwriting', 22), item('Page 1/3', 34)]))).toBe(true);
    expect(fewTextLines(page([item('a', 10), item('b', 22), item('c', 34), item('d', 46)]))).toBe(false);
    expect(fewTextLines(page([item('x'.repeat(301), 10)]))).toBe(false);
    expect(fewTextLines(page([]))).toBe(false);
  });
});

describe('scans with a stamp over them', () => {
  it('a stamped scan is read by OCR (nothing was read before), says so, and is an image PDF', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 6, layout: 'usbank', transactionsPerMonth: 12 }));
    const scan = await stamped(await scannedPdf(r.bytes, { dpi: 300, seed: 5 }));
    const text = await extractPdf(scan, 'stamped.pdf');
    expect(text.pages.every((p) => p.items.length > 0)).toBe(true);
    expect(await stampedPicturePages(scan, text.pages)).toEqual(text.pages.map((p) => p.page));
    const doc = await convert('stamped.pdf', scan);
    expect(doc.error).toBeUndefined();
    expect(doc.pdf).toMatchObject({ image: true, ocrPages: text.pages.map((p) => p.page) });
    expect(transactionF1(r.truth, doc.statements)).toBeGreaterThanOrEqual(0.9);
    expect(doc.statements[0]!.hints?.join(' ')).toMatch(/are pictures of a page with a few lines of text over them/);
  });

  it('neverocr: a stamped scan is not read and says it needs OCR, naming the pages', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 8, layout: 'bofa', transactionsPerMonth: 10 }));
    const scan = await stamped(await scannedPdf(r.bytes, { dpi: 100, seed: 8 }));
    const doc = await convert('stamped.pdf', scan, { neverocr: true });
    expect(doc.requiresRerunWithOCR).toBe(true);
    expect(doc.pdf!.ocrPages).toBeUndefined();
    expect(doc.statements.flatMap((s) => s.transactions)).toHaveLength(0);
    expect(doc.error).toMatch(/Page\(s\) 1(, \d)* are images and were not read \(neverocr\)/);
  });

  it('a text statement over a full-page background picture is read from its text, exactly, without OCR', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 3, layout: 'chase', transactionsPerMonth: 20 }));
    const plain = await convert('plain.pdf', r.bytes);
    const bytes = await overBackground(r.bytes);
    const text = await extractPdf(bytes, 'background.pdf');
    expect(await stampedPicturePages(bytes, text.pages)).toEqual([]);
    const doc = await convert('background.pdf', bytes);
    expect(doc.pdf!.ocrPages).toBeUndefined();
    expect(doc.pdf!.image).toBe(false);
    expect(transactionF1(r.truth, doc.statements)).toBe(1);
    expect(doc.statements.map((s) => [s.startBalance, s.endBalance, s.transactions.length])).toEqual(plain.statements.map((s) => [s.startBalance, s.endBalance, s.transactions.length]));
  });

  it('a searchable scan (another program\'s noisy OCR layer) with a stamp over it is still read by our OCR; seven visible lines are no stamp', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 3, layout: 'chase', transactionsPerMonth: 12 }));
    const noisy = await stamped(await ocrLayeredPdf(r.bytes, { dpi: 300, skewDeg: 0.8, seed: 3 }, true));
    expect(await ocrLayerPages(noisy, [1])).toEqual([1]);
    const doc = await convert('stamped-layer.pdf', noisy);
    expect(doc.pdf!.ocrPages).toEqual([1]);
    expect(transactionF1(r.truth, doc.statements)).toBeGreaterThanOrEqual(0.9);
    expect(reconcile(doc.statements[0]!, 0).reconciled).toBe(true);
    // Seven lines of visible print over the layer: a page of its own text, not a stamp.
    const printed = await PDFDocument.load(noisy);
    const font = await printed.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 7; i++) printed.getPage(0).drawText(`Notice line ${i + 1}`, { x: 40, y: 60 + i * 10, size: 7, font });
    expect(await ocrLayerPages(await printed.save(), [1])).toEqual([]);
  });
});
