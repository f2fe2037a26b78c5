/**
 * A date read twice on a curled photo (scanphoto branch; docs/ocr.md, "Photos and marked-up
 * scans"). On a curled sheet a row's halves can stand at two baselines a third of a line apart
 * (composed 1301, Italian, dates printed once per day, 200 dpi: "22-11-24 ZELLE PAYMENT TO"
 * above "WESTSIDE D -2.144,01"); the line of the figures had no date word, so the ink under the
 * date column, the first half's own date, was read again (column-cells.ts readUnreadDate) and
 * added as a second date: a row of its own, the rows around it dated one row off, and the
 * statement reconciled with four rows silently wrong. Ink that a word of another line was read
 * from is no unread date.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';
import { f1 } from '../fixtures/generator/composer/score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('composed 1301 photographed curled, 200 dpi', () => {
  it('reads each date once: nothing silently wrong', async () => {
    const curl = CAPTURE_TRAITS.find((t) => t.name === 'curl')!.options;
    const r = await readScannedComposed(1301, 200, {}, curl);
    expect(r.silent).toEqual([]);
    expect(f1(r.match)).toBeGreaterThan(0.95);
  });
});
