/**
 * A restored page's dates read a second time (src/engine/ocr/restored-dates.ts). Composed 932
 * (Helvetica 7 pt, dates "30-06" without a year) photographed out of focus at 300 dpi (σ 2.2 px,
 * undone by Richardson–Lucy): the page engine gave the date of its 21st row a box two and a half
 * lines tall and read the row above's "26-06" in it, at 96 %. The date fell between its
 * neighbours and the statement reconciled: a wrong row and nothing said. Read again on a strip
 * of its own line, the cell reads "30-06"; read two ways, the date is unread and its row flagged.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';
import { f1 } from '../fixtures/generator/composer/score.js';

vi.setConfig({ testTimeout: 900_000 });
afterAll(() => closeEngines());

const defocus = CAPTURE_TRAITS.find((t) => t.name === 'defocus')!.options;

describe("a restored page's dates read again", () => {
  it('composed 932 out of focus at 300 dpi: the date read from the row above is flagged, nothing silently wrong', async () => {
    const r = await readScannedComposed(932, 300, {}, defocus);
    expect(r.silent).toEqual([]);
    expect(r.reconciled).toBe(1);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.95);
  });
});
