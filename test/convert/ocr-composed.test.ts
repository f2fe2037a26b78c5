/**
 * Composed layouts (test/fixtures/generator/composer) as office scans: a few seeds, each
 * rendered, scanned (../fixtures/generator/composer/scan-score.ts: 300 or 200 dpi, the sheet
 * askew, specks) and read through the real OCR path, each holding a trait whose scan read
 * wrong before (see each; figures in docs/ocr.md, "Composed layouts scanned"). Each must keep
 * its rows (F1 on date and signed amount) and never report a wrong figure as reconciled.
 * Plus the OCR readings those fixes rest on, by example. One page each: OCR is slow.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { mendedFigure, pageFromWords } from '../../src/engine/ocr/words.js';
import type { OcrWord } from '../../src/engine/ocr/tesseract.js';
import { ocrFold } from '../../src/engine/pdf/header-row.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('OCR readings of figures and heads', () => {
  it('a group mark read as a colon, a decimal mark lost after whole groups: the one reading the digits leave', () => {
    expect(mendedFigure('1:739,00')).toBe('1.739,00');
    expect(mendedFigure('12;500.10')).toBe('12,500.10');
    expect(mendedFigure('5.45777')).toBe('5.457,77');
    expect(mendedFigure('1,234,56778')).toBe('1,234,567.78');
    expect(mendedFigure('(2.13197)')).toBe('(2.131,97)');
    // Not figures of that shape: left alone.
    for (const t of ['1.739,00', '12:30', '545777', '5.4577', '2025-01-15', '12.345']) expect(mendedFigure(t)).toBeNull();
  });

  it('a date split at its separator into two touching words is one date; a mended figure is flagged', () => {
    const word = (text: string, x0: number, x1: number): OcrWord => ({ text, conf: 95, x0, x1, y0: 0, y1: 20, baseline: 20, ascent: 20, line: 0 });
    const p = pageFromWords(1, [word('2025-01', 0, 70), word('-15', 74, 100), word('5.45777', 300, 370), word('2025-01', 500, 570), word('15', 640, 660)], 1, 800, 100);
    expect(p.items.map((i) => i.str)).toEqual(['2025-01-15', '5.457,77', '2025-01', '15']);
    expect(p.items[1]!.conf).toBeLessThan(80);
  });

  it('a head word with letters a scan confuses is still its column; a short one is not guessed', () => {
    expect(ocrFold('Saido_')).toBe(ocrFold('Saldo'));
    expect(ocrFold('Ba1ance')).toBe(ocrFold('Balance'));
    expect(ocrFold('Daturn')).toBe(ocrFold('Datum'));
  });
});

describe('composed layouts scanned', () => {
  for (const [seed, dpi, what] of [
    [16, 300, 'Spanish heads, "Saldo" read "Saido_": the balance column was taken for money in (F1 0.04)'],
    [11, 200, 'Portuguese amounts "5.457,77" read "5.45777" and "1.739,00" read "1:739,00" (F1 0.88)'],
    [13, 200, 'year-first dates read in two words, "2025-01 -15" (F1 0.958)'],
    [30, 300, 'Courier at 8 pt: read sparse, "1.705,75 €" came back "10S), 713)"; read again enlarged as one block (F1 0.08)'],
  ] as const) {
    it(`seed ${seed} at ${dpi} dpi: ${what}`, async () => {
      const r = await readScannedComposed(seed, dpi);
      expect(r.silent).toEqual([]);
      expect(f1(r.match)).toBeGreaterThanOrEqual(seed === 16 ? 1 : seed === 30 ? 0.9 : 0.97);
      if (seed === 16) expect(r.reconciled).toBe(1);
    });
  }
});
