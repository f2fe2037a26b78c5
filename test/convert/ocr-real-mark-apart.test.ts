/**
 * A real's figures in Courier as a shaken photo's OCR gives them (composed 2106, Portuguese, BRL,
 * Courier 8.5, "R$1 776,44": shaken 7 px at 300 dpi, F1 0.431). Courier's space between the mark's
 * group and the rest is a word space, so OCR reads two words ("R$10" "564,75") standing further
 * apart than a cell's gap, and blur reads the "$" as an "S" ("RS1") or doubles it ("RS$1"). The
 * front group was left out of the figure (taken into the description, or cut off at the column's
 * edge): every amount and balance over 999 lost its thousands, the cents right.
 * Built from the generator's own text layer, read as OCR words: each figure with the real's mark
 * cut into its words, boxed ink-tight (a Courier glyph's side bearings off), the mark as blur
 * reads it; other items as they are (words a space apart are one cell either way).
 */
import { describe, expect, it } from 'vitest';
import { extractPdf, type PdfText } from '../../src/engine/pdf/extract.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { ocrRealMark } from '../../src/engine/pdf/lines.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';

function asOcrWords(text: PdfText, mark: string): PdfText {
  return {
    ...text,
    info: { ...text.info, image: true, ocrPages: text.pages.map((p) => p.page) },
    pages: text.pages.map((p) => ({
      ...p,
      items: p.items.flatMap((it) => {
        if (!it.str.includes('R$')) return [{ ...it, font: 'OCR', conf: 90 }];
        const per = it.w / Math.max(1, it.str.length);
        return [...it.str.matchAll(/\S+/g)].map((m) => {
          const x0 = it.x + m.index! * per + 0.2 * it.size, x1 = it.x + (m.index! + m[0].length) * per - 0.2 * it.size;
          return { ...it, str: m[0].replace(/^R\$/, mark), x: x0, w: x1 - x0, font: 'OCR', conf: 90 };
        });
      }),
    })),
  };
}

describe('a real\'s figure read as two OCR words', () => {
  for (const mark of ['R$', 'RS', 'RS$']) {
    it(`"${mark}1" "776,44": one figure, every row and balance read (composed 2106)`, async () => {
      const pdf = await composeStatementPdf(2106);
      const text = asOcrWords(await extractPdf(pdf.bytes, 'composed-2106.pdf'), mark);
      const doc = readStatements({ fileName: 'composed-scan-2106.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
      const key = (t: { date: string; amount: number }) => `${t.date} ${t.amount}`;
      expect(doc.statements.flatMap((s) => s.transactions.map(key))).toEqual(pdf.truth.flatMap((s) => s.transactions.map(key)));
      expect(doc.statements[0]!.startBalance).toBe(pdf.truth[0]!.startBalance);
      expect(doc.statements[0]!.endBalance).toBe(pdf.truth[0]!.endBalance);
    });
  }

  it('"RS$" before a figure is the real\'s mark; other words as read', () => {
    expect(ocrRealMark('RS$1')).toBe('R$1');
    expect(ocrRealMark('(RS$674,64')).toBe('(R$674,64');
    expect(ocrRealMark('RS$')).toBe('RS$');
    expect(ocrRealMark('RS10')).toBe('RS10');
    expect(ocrRealMark('CARS$5')).toBe('CARS$5');
  });
});
