/**
 * Month names, numeric dates and debit/credit letters OCR misread by a glyph (150-dpi faxes:
 * "20 Noy 2024 through 19 Dee 2024", "2025 OL 07", "I)" for "D"). Read as nothing, a period was
 * lost and every row dated in the current year (composed 533 faxed: F1 0.000), rows took the
 * date above, and signs were left unsettled. Now such a word is read as the one month, digit or
 * letter it is a misreading of (src/engine/data/ocr-confusables.ts), only on OCR'd pages, only
 * where the date or sign is otherwise unread and it agrees with the rows around it and the
 * period; the rows and the period read so are flagged. Three composed seeds faxed (OCR is slow)
 * and the reader on OCR words laid out as a page (the engine's own PdfText).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PdfText } from '../../src/engine/pdf/extract.js';
import { statementLines, wordsPage } from '../fixtures/ocr-words.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { markOcrConfidence } from '../../src/engine/ocr/confidence.js';
import { LOW_CONFIDENCE } from '../../src/engine/ocr/limits.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { misreadMonth, withMisreadDigits, withMisreadMonths } from '../../src/engine/pdf/misread-dates.js';
import { misreadMarkFigure } from '../../src/engine/pdf/misread-flags.js';
import { parseMoneyCell } from '../../src/engine/pdf/tokens.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const fax = CAPTURE_TRAITS.find((t) => t.name === 'fax-150')!.options;

describe('a word one glyph from a month name', () => {
  it('is that month only when it is one month of the language and no month itself', () => {
    expect(misreadMonth('Noy', 'en')).toBe(11);
    expect(misreadMonth('Dee', 'en')).toBe(12);
    expect(misreadMonth('0ct', 'en')).toBe(10);
    expect(misreadMonth('Auq', 'en')).toBe(8);
    expect(misreadMonth('Des', 'de')).toBe(12);
    // Two glyphs off, a month name itself, or no month of the language.
    expect(misreadMonth('New', 'en')).toBeNull();
    expect(misreadMonth('Mar', 'en')).toBeNull();
    expect(misreadMonth('dei', 'es')).toBeNull();
    expect(withMisreadMonths('Statement period: 20 Noy 2024 through 19 Dee 2024', 'en')).toBe('Statement period: 20 nov 2024 through 19 dec 2024');
    // Only in a date's place: by a day.
    expect(withMisreadMonths('Des Moines branch', 'en')).toBeNull();
  });

  it('reads a numeric date whose digits are lookalike letters, never a figure', () => {
    expect(withMisreadDigits('2025 OL 07')).toBe('2025-01-07');
    expect(withMisreadDigits('O8 OL 2025')).toBe('08-01-2025');
    expect(withMisreadDigits('2025-01-07')).toBeNull();
    expect(withMisreadDigits('12.05 10')).toBeNull();
  });
});

describe('a debit/credit mark glued to its figure, misread by a glyph', () => {
  const parse = (t: string) => parseMoneyCell(t, false);
  it('is the one mark the document prints cleanly it misreads ("OR" for DR, "C8" for CR)', () => {
    const marks = new Map([['cr', 6], ['dr', 9]]);
    expect(misreadMarkFigure('2 423.90 OR', marks, parse)).toEqual({ cents: -242390, explicit: true, marker: 'DR' });
    expect(misreadMarkFigure('3 486.87 C8', marks, parse)).toEqual({ cents: 348687, explicit: true, marker: 'CR' });
    // A mark the document does not print cleanly, or a word no mark is a glyph from.
    expect(misreadMarkFigure('2 423.90 OR', new Map([['cr', 6]]), parse)).toBeNull();
    expect(misreadMarkFigure('2 423.90 OK', marks, parse)).toBeNull();
  });
});

const text = wordsPage;
const read = (t: PdfText) => {
  const doc = readStatements({ fileName: 'scan.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, t);
  if (t.info.ocrPages) markOcrConfidence(doc, t.pages);
  return doc.statements[0]!;
};

/** A statement of 20 Nov – 19 Dec 2024 whose period and rows print day-month dates as given. */
const page = (period: string, dates: string[]) => statementLines(dates, period);
const PERIOD = '20 Noy 2024 through 19 Dee 2024';

describe('a period and row dates printed with a misread month name', () => {
  it('on a scan: the period read and flagged, a row dated by its month, flagged', () => {
    const s = read(text(page(PERIOD, ['20 Nov', '26 Noy', '29 Nov', '05 Dec', '11 Dee', '16 Dec']), true));
    expect([s.startDate, s.endDate]).toEqual(['2024-11-20', '2024-12-19']);
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-11-20', '2024-11-26', '2024-11-29', '2024-12-05', '2024-12-11', '2024-12-16']);
    expect((s.hints ?? []).join(' ')).toContain('month names OCR misread');
    expect(s.suspectCount).toBeGreaterThanOrEqual(3);
    for (const i of [1, 4]) expect(s.transactions[i]!.amountConfidence).toBeLessThan(LOW_CONFIDENCE);
  });

  it('on a scan: a row whose mended month runs against the rows around it is not taken as that month', () => {
    // "Mav" is May by one glyph, between two rows of November: not May. The day read and the
    // rows around it leave one day nearest what was read, 27 Nov (pdf/garbled-dates.ts), flagged.
    const s = read(text(page('20 Nov 2024 through 19 Dec 2024', ['20 Nov', '26 Nov', '27 Mav', '29 Nov', '05 Dec']), true));
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-11-20', '2024-11-26', '2024-11-27', '2024-11-29', '2024-12-05']);
    expect(s.transactions[2]!.amountConfidence).toBeLessThan(LOW_CONFIDENCE);
  });

  it('in a text layer: no period is read from a word that is no month', () => {
    const s = read(text(page(PERIOD, ['20 Nov', '29 Nov', '05 Dec', '16 Dec']), false));
    expect(s.startDate).not.toBe('2024-11-20');
    expect((s.hints ?? []).join(' ')).not.toContain('month names OCR misread');
  });
});

describe('faxed at 150 dpi (composed seeds, real OCR)', () => {
  it('composed 533: its period "20 Noy 2024 through 19 Dee 2024" read, flagged; rows in 2024', async () => {
    const r = await readScannedComposed(533, 200, {}, fax);
    expect(r.silent).toEqual([]);
    // Without: no period, every row dated 2026 (F1 0.000).
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.5);
    expect(r.doc.statements[0]!.startDate).toBe('2024-11-20');
    expect((r.doc.statements[0]!.hints ?? []).join(' ')).toContain('month names OCR misread');
  });

  it('composed 531: dates whose digits read as letters ("2025 OL 07") dated by them, flagged', async () => {
    const r = await readScannedComposed(531, 200, {}, fax);
    expect(r.silent).toEqual([]);
    // Without: 9 rows of 28 read right (they took the date above).
    expect(r.match.tp).toBeGreaterThanOrEqual(11);
  });

  it('composed 620: D/C letters read "I>", ">" taken as D where the column prints D cleanly, flagged', async () => {
    const r = await readScannedComposed(620, 300, {}, fax);
    expect(r.silent).toEqual([]);
    const hints = (r.doc.statements[0]!.hints ?? []).join(' ');
    expect(hints).toMatch(/rows' debit\/credit letter was read from what OCR misread/);
    // Without: 18 signs unsettled.
    expect(Number(/(\d+) amount sign\(s\) could not be settled/.exec(hints)?.[1] ?? 0)).toBeLessThanOrEqual(14);
  });
});
