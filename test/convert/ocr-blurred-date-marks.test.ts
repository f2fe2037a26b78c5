/**
 * Row dates whose thin marks blur lost, read as the date they print, flagged:
 * - "03 mar25" for "03 mar 25": the space before a two-digit year closed (composed 2107,
 *   Helvetica 8.5 pt defocused σ 2.2 at 200 dpi, every row of the page);
 * - "030325", "06/0325" for "03/03/25", "06/03/25": one or both slashes lost (composed 2119,
 *   Times 7 pt shaken 7 px at 200 dpi, most rows of the page);
 * - "2025.02" "06" for "2025.02.06": Courier's point as wide as a space, read as two words a
 *   space apart (composed 2106 defocused σ 2.2 at 300 dpi, every date: 4 rows of 33 read).
 * With the period's connector misread too ("01 mar 2025 ai 31 mar 2025"), no row had a date: every
 * one was dated from New Year's Day, or the month's other rows (F1 0.045 and 0.156).
 * Built from the generator's own text layer read as OCR words, the dates' marks taken out as blur
 * takes them and the period's connector misread.
 */
import { describe, expect, it } from 'vitest';
import { extractPdf, type PdfText } from '../../src/engine/pdf/extract.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { withSeparatorsLost, withYearApart } from '../../src/engine/pdf/misread-dates.js';
import { yearFirstDateApart } from '../../src/engine/pdf/lines.js';
import { markOcrConfidence } from '../../src/engine/ocr/confidence.js';
import { LOW_CONFIDENCE } from '../../src/engine/ocr/limits.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';

function asBlurredOcr(text: PdfText, date: (s: string, i: number) => string | null): PdfText {
  let n = 0;
  const pages = text.pages.map((p) => ({
    ...p,
    items: p.items.map((it) => {
      const str = (date(it.str, n) ?? it.str).replace(/ (al|au|to|through|a) (?=\d)/, ' ai ');
      if (str !== it.str) n++;
      return { ...it, str, font: 'OCR', conf: 90 };
    }),
  }));
  return { ...text, pages, info: { ...text.info, image: true, ocrPages: text.pages.map((p) => p.page) } };
}

async function rows(seed: number, date: (s: string, i: number) => string | null) {
  const pdf = await composeStatementPdf(seed);
  const text = asBlurredOcr(await extractPdf(pdf.bytes, `composed-${seed}.pdf`), date);
  const doc = readStatements({ fileName: `composed-scan-${seed}.pdf`, bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
  markOcrConfidence(doc, text.pages);
  const key = (t: { date: string; amount: number }) => `${t.date} ${t.amount}`;
  return { want: pdf.truth.flatMap((s) => s.transactions.map(key)), got: doc.statements.flatMap((s) => s.transactions), key };
}

describe('a row date whose marks blur lost', () => {
  it('"03 mar25": the date, flagged (composed 2107)', async () => {
    const { want, got, key } = await rows(2107, (s) => (/^\d{1,2} \p{L}{3} \d{2}$/u.test(s) ? s.replace(/ (\d{2})$/, '$1') : null));
    expect(got.map(key)).toEqual(want);
    for (const t of got) expect(t.amountConfidence).toBeLessThan(LOW_CONFIDENCE);
  });

  it('"030325", "06/0325": the date, flagged (composed 2119)', async () => {
    const { want, got, key } = await rows(2119, (s, i) => (/^\d{2}\/\d{2}\/\d{2}$/.test(s) ? (i % 2 ? s.replace(/\//g, '') : s.replace(/\/(?=\d{2}$)/, '')) : null));
    expect(got.map(key)).toEqual(want);
    for (const t of got) expect(t.amountConfidence).toBeLessThan(LOW_CONFIDENCE);
  });

  it('"2025.02" "06": one date (composed 2106)', async () => {
    const pdf = await composeStatementPdf(2106);
    const text = await extractPdf(pdf.bytes, 'composed-2106.pdf');
    // Each date cut into two words at its last point, boxed ink-tight (Courier's side bearings off).
    const pages = text.pages.map((p) => ({
      ...p,
      items: p.items.flatMap((it) => {
        const m = /^(\d{4}\.\d{2})\.(\d{2})$/.exec(it.str);
        const ocr = { font: 'OCR', conf: 90 };
        if (!m) return [{ ...it, ...ocr }];
        const per = it.w / it.str.length, bearing = 0.2 * it.size;
        return [{ ...it, ...ocr, str: m[1]!, w: 7 * per - bearing }, { ...it, ...ocr, str: m[2]!, x: it.x + 8 * per + bearing, w: 2 * per - bearing }];
      }),
    }));
    const doc = readStatements({ fileName: 'composed-scan-2106.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, { ...text, pages, info: { ...text.info, image: true, ocrPages: pages.map((p) => p.page) } });
    const key = (t: { date: string; amount: number }) => `${t.date} ${t.amount}`;
    expect(doc.statements.flatMap((s) => s.transactions.map(key))).toEqual(pdf.truth.flatMap((s) => s.transactions.map(key)));
  });

  it('takes a month name of the data and groups of two digits only', () => {
    expect(yearFirstDateApart('2025.02', '06', 6, 8)).toBe('2025.02.06');
    expect(yearFirstDateApart('2025.', '02.03', 6, 8)).toBe('2025.02.03');
    expect(yearFirstDateApart('2025', '02.03', 6, 8)).toBe('2025.02.03');
    expect(yearFirstDateApart('2025', '02', 6, 8)).toBeNull();
    expect(yearFirstDateApart('2025.02', '06', 20, 8)).toBeNull();
    expect(yearFirstDateApart('12.05', '2025', 6, 8)).toBeNull();
    expect(withYearApart('03 mar25')).toBe('03 mar 25');
    expect(withYearApart('5-Dec2024')).toBe('5-Dec 2024');
    expect(withYearApart('03 abc25')).toBeNull();
    expect(withYearApart('03 mar 25')).toBeNull();
    expect(withSeparatorsLost('030325')).toBe('03-03-25');
    expect(withSeparatorsLost('1403/25')).toBe('14-03-25');
    expect(withSeparatorsLost('03/03/25')).toBeNull();
    expect(withSeparatorsLost('30325')).toBeNull();
    expect(withSeparatorsLost('2503031')).toBeNull();
  });
});
