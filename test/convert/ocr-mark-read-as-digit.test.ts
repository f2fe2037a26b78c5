/**
 * A currency mark printed after a figure read by OCR as one more digit ("3 431,008" and
 * "19 623,373" for "3 431,00 $" and "19 623,37 $": composed 2113 defocused and shaken). Read as
 * they stood such cells were no money and their rows were lost. In a document whose figures
 * print that mark after their cents, the digit after the cents is the mark.
 * Built from the generator's own text layer read as OCR words: every third amount's " $" read
 * as one of the digits OCR reads for it, as the recorded scans of 2113 read them.
 */
import { describe, expect, it } from 'vitest';
import { extractPdf, type PdfText } from '../../src/engine/pdf/extract.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { figureWithMarkRead, markPrintedAfterFigures } from '../../src/engine/pdf/mark-read-as-digit.js';
import { markOcrConfidence } from '../../src/engine/ocr/confidence.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';

/** The text layer as OCR words, every third amount's mark after it read as a digit ("8", "3", "5" in turn); the cells so changed. */
function markAsDigit(text: PdfText, amountsX1: number): { text: PdfText; changed: string[] } {
  let k = 0;
  const changed: string[] = [];
  const digits = ['8', '3', '5'];
  const pages = text.pages.map((p) => ({
    ...p,
    items: p.items.map((it) => {
      let str = it.str;
      // Amounts only (left of the balances): a balance read so is not what this guards.
      if (/\d[.,]\d{2} \$$/.test(str) && it.x + it.w < amountsX1 && k++ % 3 === 0) { str = str.replace(/ \$$/, digits[changed.length % 3]!); changed.push(str); }
      return { ...it, str, font: 'OCR', conf: 90 };
    }),
  }));
  return { text: { ...text, pages, info: { ...text.info, image: true, ocrPages: text.pages.map((p) => p.page) } }, changed };
}

const read = (text: PdfText) => {
  const doc = readStatements({ fileName: 'composed-scan-2113.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
  markOcrConfidence(doc, text.pages);
  return doc;
};
const key = (t: { date: string; amount: number }) => `${t.date} ${t.amount}`;

describe('a currency mark after a figure read as a digit', () => {
  it('is the mark, in a document whose figures print it after them (composed 2113, "3 431,00 $")', async () => {
    const pdf = await composeStatementPdf(2113);
    const layer = await extractPdf(pdf.bytes, 'composed-2113.pdf');
    // The balances' column starts right of every amount.
    const balanceX0 = Math.min(...layer.pages[0]!.items.filter((it) => /\d[.,]\d{2} \$$/.test(it.str) && it.x > 480).map((it) => it.x));
    const { text, changed } = markAsDigit(layer, balanceX0);
    expect(changed.length).toBeGreaterThan(3);
    const doc = read(text);
    expect(doc.statements.flatMap((s) => s.transactions.map(key))).toEqual(pdf.truth.flatMap((s) => s.transactions.map(key)));
  });

  it('is no mark where the figures print none after them: such a cell stays unread', () => {
    const lines = (texts: string[]) => [{ cells: texts.map((text) => ({ text })) }];
    expect(markPrintedAfterFigures(lines(['3 431,00 $', '41 465,58 $', '19 623,37 $', '61 088,95 $']))).toBe('$');
    expect(markPrintedAfterFigures(lines(['(3.171,25)', '35.190,23', '4.042,37', '39.232,60']))).toBeNull();
    // A mark on a few figures of many (a summary's) is not the document's.
    expect(markPrintedAfterFigures(lines(['1.00 $', '2.00 $', '3.00 $', '4.00', '5.00', '6.00', '7.00']))).toBeNull();
    expect(figureWithMarkRead('3 431,008', '$')).toBe('3 431,00 $');
    expect(figureWithMarkRead('3 431,008$', '$')).toBe('3 431,00 $');
    expect(figureWithMarkRead('640.108', '$')).toBe('640.10 $');
    expect(figureWithMarkRead('4615,045', '$')).toBe('4615,04 $');
    // A digit OCR is not known to read for the mark, a mark of another currency, a figure with its cents alone.
    expect(figureWithMarkRead('3 431,007', '$')).toBeNull();
    expect(figureWithMarkRead('3 431,008€', '$')).toBeNull();
    expect(figureWithMarkRead('3 431,00', '$')).toBeNull();
  });
});
