/**
 * A photo well out of focus undone by one regularised inverse filter of its Gaussian
 * (src/engine/ocr/blur-filter.ts, chosen in src/engine/ocr/upright.ts filteredBlur) instead of
 * Richardson–Lucy, whose 11–12 steps leave so wide a blur soft. Composed statement 443 (Helvetica
 * 9 pt), two pages photographed out of focus at 200 dpi (σ 2.2 px, 3.3 once drawn at 300 dpi;
 * measured 2.76 and 2.85): deconvolved by RL it read 20 of its 53 rows (F1 0.521); filtered, 52,
 * nothing silently wrong. A narrower defocus (σ under 2.5 px) keeps RL: see upright.ts.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';
import { f1 } from '../fixtures/generator/composer/score.js';

vi.setConfig({ testTimeout: 900_000 });
afterAll(() => closeEngines());

const defocus = CAPTURE_TRAITS.find((t) => t.name === 'defocus')!.options;

describe('a page well out of focus undone by one filter of its Gaussian', () => {
  it('composed 443 out of focus at 200 dpi: its rows read (F1 0.52 with Richardson–Lucy), nothing silently wrong', async () => {
    const r = await readScannedComposed(443, 200, {}, defocus);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.9);
    expect(r.silent).toEqual([]);
  });
});
