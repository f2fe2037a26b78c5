/**
 * A wide blur is deconvolved with more Richardson–Lucy iterations (src/engine/ocr/deblur.ts
 * iterationsFor: two per pixel of the blur's extent, 10–25): at 10 for every blur, composed
 * statement 410 photographed out of focus (σ 2.2 px at 300 dpi) read every row's running balance
 * as its amount (F1 0.00, not reconciled); read sharper, F1 1.00 and it reconciles. A sharper
 * reading of composed 409 (200 dpi, out of focus) found its balances and no row: such a statement
 * "reconciled" by itself with a wrong balance read as both; its balances are now left out and
 * flagged (src/engine/ocr/confidence.ts), never silently wrong.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { iterationsFor } from '../../src/engine/ocr/deblur.js';

vi.setConfig({ testTimeout: 900_000 });
afterAll(() => closeEngines());

const defocus = CAPTURE_TRAITS.find((t) => t.name === 'defocus')!.options;

describe('blurred captures deconvolved by the blur\'s extent', () => {
  it('more iterations for a wider blur, 10 to 25', () => {
    expect(iterationsFor({ kind: 'smear', angle: 0, length: 3, steepness: [] })).toBe(10);
    expect(iterationsFor({ kind: 'smear', angle: 0, length: 12, steepness: [] })).toBe(24);
    expect(iterationsFor({ kind: 'defocus', sigma: 4, steepness: [] })).toBe(25);
  });

  it('composed 410 out of focus at 300 dpi: its amounts read (F1 0.00 before), reconciled', async () => {
    const r = await readScannedComposed(410, 300, {}, defocus);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.95);
    expect(r.reconciled).toBe(1);
    expect(r.silent).toEqual([]);
  });

  it('composed 409 out of focus at 200 dpi: a statement of balances and no row is not said to reconcile', async () => {
    const r = await readScannedComposed(409, 200, {}, defocus);
    expect(r.silent).toEqual([]);
    for (const s of r.doc.statements.filter((x) => !x.transactions.length)) {
      expect([s.startBalance, s.endBalance]).toEqual([null, null]);
      expect(s.hints?.join(' ')).toMatch(/No transaction row could be read/);
    }
  });
});
