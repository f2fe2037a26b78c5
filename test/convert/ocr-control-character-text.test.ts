/**
 * A scan whose text layer holds nothing a reader sees: a few items of control characters a page
 * (an image-only PDF re-written by a print pipeline, Linux's pdftops + ps2pdf: "\u0003" of a
 * font without a map). Those pages counted as text: no OCR, and "no statement found". Items of
 * control characters and spaces only are no text (pdf/upright-text.ts): the pages are images and
 * are read by OCR.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PDFDocument, PDFHexString, StandardFonts, beginText, endText, moveText, setFontAndSize, showText, PDFName } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { extractPdf } from '../../src/engine/pdf/extract.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { transactionF1 } from '../fixtures/transaction-f1.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

/** `bytes` with three items of the control character U+0003 drawn on each page, as the re-written scan holds them. */
async function withControlCharacters(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const page of doc.getPages()) {
    const key = page.node.newFontDictionary('F0', font.ref);
    for (const [x, y] of [[578, 246], [36, 226], [180, 226]] as const) {
      page.pushOperators(beginText(), setFontAndSize(key as PDFName, 11), moveText(x, y), showText(PDFHexString.of('03')), endText());
    }
  }
  return doc.save();
}

describe('a scan whose text layer is control characters only', () => {
  it('is an image PDF: its pages are read by OCR', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 4, layout: 'chase', transactionsPerMonth: 10 }));
    const bytes = await withControlCharacters(await scannedPdf(r.bytes, { dpi: 300, seed: 4 }));
    const text = await extractPdf(bytes, 'rewritten-scan.pdf');
    expect(text.pages.map((p) => p.items.length)).toEqual(text.pages.map(() => 0));
    expect(text.info.image).toBe(true);
    const doc = await convertDocument({ fileName: 'rewritten-scan.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    expect(doc.pdf!.ocrPages).toEqual(text.pages.map((p) => p.page));
    expect(transactionF1(r.truth, doc.statements)).toBeGreaterThanOrEqual(0.9);
  });
});
