/**
 * Figures whose decimal mark a blurred scan lost ("3400€" for "34,00 €", "475255" for
 * "4.752,55": composed 2102, 2103 and 2119 shaken 7 px), or whose mark after the cents it
 * doubled or gave a stray point ("0,00€€", "56,46.€"). Read as they stood such figures were no
 * money (the row lost) or whole units a hundred times too large. In a document that prints its
 * figures with cents, their last two digits are the cents; read so, they are flagged (no word of
 * the page prints them so), never trusted.
 * Built from the generator's own text layer read as OCR words: every third figure with its marks
 * taken out, as blur takes them.
 */
import { describe, expect, it } from 'vitest';
import { extractPdf, type PdfText } from '../../src/engine/pdf/extract.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { lostDecimalMarkFigure } from '../../src/engine/pdf/lost-decimal-mark.js';
import { markOcrConfidence } from '../../src/engine/ocr/confidence.js';
import { LOW_CONFIDENCE } from '../../src/engine/ocr/limits.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';

/**
 * The text layer as OCR words, every third figure (of those `figure` matches) with its marks
 * lost as `lose` takes them off (by default every mark before a digit); the figures so changed.
 */
function marksLost(text: PdfText, figure = /^\S*\d[.,]\d{2}\b/, lose = (s: string) => s.replace(/[.,](?=\d)/g, '')): { text: PdfText; lost: string[] } {
  let k = 0;
  const lost: string[] = [];
  const pages = text.pages.map((p) => ({
    ...p,
    items: p.items.map((it) => {
      let str = it.str;
      if (figure.test(str) && k++ % 3 === 0) { str = lose(str); lost.push(str); }
      return { ...it, str, font: 'OCR', conf: 90 };
    }),
  }));
  return { text: { ...text, pages, info: { ...text.info, image: true, ocrPages: text.pages.map((p) => p.page) } }, lost };
}

describe('a figure whose decimal mark blur lost', () => {
  // 2103: Spanish, euros after the figure ("2.132,92 €"); 2116: English, dollars, debits in brackets ("(3.171,25)").
  for (const seed of [2103, 2116]) {
    it(`is read with its last two digits the cents, flagged (composed ${seed})`, async () => {
      const pdf = await composeStatementPdf(seed);
      const { text, lost } = marksLost(await extractPdf(pdf.bytes, `composed-${seed}.pdf`));
      expect(lost.length).toBeGreaterThan(5);
      const doc = readStatements({ fileName: `composed-scan-${seed}.pdf`, bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
      markOcrConfidence(doc, text.pages);
      const key = (t: { date: string; amount: number }) => `${t.date} ${t.amount}`;
      expect(doc.statements.flatMap((s) => s.transactions.map(key))).toEqual(pdf.truth.flatMap((s) => s.transactions.map(key)));
      // Each row whose figure was so read is flagged, unless a word of the page prints it whole
      // (a repeated debit's other row).
      const whole = new Set(text.pages.flatMap((p) => p.items.filter((it) => /\d[.,]\d{2}\b/.test(it.str)).map((it) => it.str.replace(/\D/g, ''))));
      const guessed = doc.statements.flatMap((s) => s.transactions).filter((t) => !whole.has(String(Math.abs(t.amount))) && lost.some((l) => l.replace(/\D/g, '') === String(Math.abs(t.amount))));
      expect(guessed.length).toBeGreaterThan(3);
      for (const t of guessed) expect(t.amountConfidence).toBeLessThan(LOW_CONFIDENCE);
    });
  }

  it('is read so where the figure kept its group marks (composed 2113, "3 431,00 $" read "3 43100 $")', async () => {
    const pdf = await composeStatementPdf(2113);
    // Grouped figures only: the decimal comma goes, the group's space stays.
    const { text, lost } = marksLost(await extractPdf(pdf.bytes, 'composed-2113.pdf'), /^\d{1,3} \d{3},\d{2} \$$/, (str) => str.replace(',', ''));
    expect(lost.length).toBeGreaterThan(5);
    const doc = readStatements({ fileName: 'composed-scan-2113.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
    markOcrConfidence(doc, text.pages);
    const key = (t: { date: string; amount: number }) => `${t.date} ${t.amount}`;
    expect(doc.statements.flatMap((s) => s.transactions.map(key))).toEqual(pdf.truth.flatMap((s) => s.transactions.map(key)));
  });

  it('on a text page of a document partly scanned, a whole figure is read as printed (units)', async () => {
    // A credit union's statement: its first page a scan, the others a text layer printing its
    // card purchases in whole dollars ("-171"); read as marks lost they came out as cents.
    const pdf = await composeStatementPdf(2111);
    const text = await extractPdf(pdf.bytes, 'composed-2111.pdf');
    const whole: number[] = [];
    const pages = text.pages.map((p) => ({
      ...p,
      items: p.items.map((it) => {
        if (p.page === 1) return { ...it, font: 'OCR', conf: 90 };
        const m = /^(\d{3}),\d{2}$/.exec(it.str);
        if (!m) return it;
        whole.push(Number(m[1]));
        return { ...it, str: m[1]! };
      }),
    }));
    expect(whole.length).toBeGreaterThan(2);
    const doc = readStatements({ fileName: 'composed-2111.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, { ...text, pages, info: { ...text.info, image: false, ocrPages: [1] } });
    const page2 = doc.statements.flatMap((s) => s.transactions).filter((t) => t.page === 2).map((t) => Math.abs(t.amount));
    for (const units of whole) expect(page2).not.toContain(units);
    expect(page2.filter((a) => whole.some((u) => u * 100 === a)).length).toBeGreaterThan(0);
  });

  it('takes digits with at most a space where the mark was; not a day, a figure with its mark, or words', () => {
    expect(lostDecimalMarkFigure('475255')).toBe('4752.55');
    expect(lostDecimalMarkFigure('3400€€')).toBe('34.00');
    expect(lostDecimalMarkFigure('14264 54€')).toBe('14264.54');
    expect(lostDecimalMarkFigure('775291 -')).toBe('7752.91-');
    expect(lostDecimalMarkFigure('(317125)')).toBe('(3171.25)');
    expect(lostDecimalMarkFigure('(317125')).toBe('(3171.25)');
    expect(lostDecimalMarkFigure('56,46.€')).toBe('56,46 €');
    expect(lostDecimalMarkFigure('0,00€€')).toBe('0,00 €');
    expect(lostDecimalMarkFigure('(1.234,56 €')).toBe('(1.234,56 €)');
    expect(lostDecimalMarkFigure('3 32375')).toBe('3 323.75');
    expect(lostDecimalMarkFigure('5 23216 $')).toBe('5 232.16');
    expect(lostDecimalMarkFigure('47.92234 €')).toBe('47.922.34');
    // A whole figure in groups, or a group's digits beside a lone pair, is no figure that lost its mark.
    expect(lostDecimalMarkFigure('1,234,567')).toBeNull();
    expect(lostDecimalMarkFigure('12 345')).toBeNull();
    expect(lostDecimalMarkFigure('3 323 75')).toBeNull();
    expect(lostDecimalMarkFigure('12')).toBeNull();
    expect(lostDecimalMarkFigure('34,00')).toBeNull();
    expect(lostDecimalMarkFigure('CHECK 4140')).toBeNull();
    expect(lostDecimalMarkFigure('317125)')).toBeNull();
  });
});
