/**
 * Column heads OCR garbled past matching, in a table whose other heads it read (scan11 branch;
 * docs/ocr.md, "Heads read past matching, letters' echoes, summary figures"). Composed scan 446
 * (Italian, Times 8 pt at 300 dpi, one signed column of unsigned figures beside a running
 * balance): "Importo (CHF)" read "papers (CHF)", so the table was found with a date, a
 * description and a balance column and every figure of its 30 rows stood under no column: no
 * row read. The one unread head over a column of figures is the side the heads leave unnamed.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('composed scan 446: the amount head read "papers"', () => {
  it('reads the rows under it, reconciled, nothing silently wrong', async () => {
    const r = await readScannedComposed(446, 300);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.95);
    expect(r.reconciled).toBe(1);
    expect(r.silent).toEqual([]);
  });
});
