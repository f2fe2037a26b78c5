/**
 * A row's line OCR measured tall (scanplain branch; docs/ocr.md, "Clean scans that did not
 * reconcile"). An OCR word's size is its line's height, and a speck over a line makes a row's
 * second line of body type measure a third taller (composed scan 609 at 200 dpi:
 * "ST-892421101 ACME", 11.3 pt among rows of 8.3). It was taken for a title in larger type,
 * which ends the table: the row's figure line under it was dropped with it, its words went to
 * the next row, and "STRIPE TRANSFER" became a notice that cut two later rows in two. On a
 * scan a title must be larger by its letters' widths too (pdf/ocr-type-size.ts).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('composed scan 609 at 200 dpi: a row\'s line measured tall', () => {
  it('reads every row, the STRIPE TRANSFER row of 3 March too; reconciles, nothing silently wrong', async () => {
    const r = await readScannedComposed(609, 200);
    const rows = r.doc.statements.flatMap((s) => s.transactions);
    expect(rows.some((t) => t.date === '2025-03-03' && t.amount === 347029 && t.description.startsWith('STRIPE TRANSFER'))).toBe(true);
    expect(rows.filter((t) => t.description.startsWith('STRIPE TRANSFER')).length).toBe(3);
    expect(f1(r.match)).toBe(1);
    expect(r.reconciled).toBe(1);
    expect(r.silent).toEqual([]);
  });
});
