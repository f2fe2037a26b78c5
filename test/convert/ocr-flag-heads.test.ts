/**
 * A debit/credit column's head misread past its slash (scan13 branch; docs/ocr.md, "scan13").
 * Keystone-captured composed scan 587 (Helvetica 8.5 pt at 200 dpi, a "D/C" column right of
 * the amounts): the head was read "bic" on a line of its own and the C/D letters under it not
 * at all, so the head named no column, no letter was looked for and 20 signs were unsettled
 * (F1 0.683). A flag head's misreadings (case, "b" for "D", the slash as "i", or lost) are the
 * head when a column's head stands on its line, and the letters are then read from their ink.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { flagHeadOf } from '../../src/engine/ocr/flag-heads.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('a flag head misread', () => {
  it('"bic", "Dic", "DC" beside a column head are "D/C"; alone, or "BIC" beside "IBAN", no head', () => {
    expect(flagHeadOf('bic', ['Transaction', 'Amount'])).toBe('D/C');
    expect(flagHeadOf('bIC', ['Date'])).toBe('D/C');
    expect(flagHeadOf('DC', ['Balance'])).toBe('D/C');
    expect(flagHeadOf('bic')).toBeNull();
    expect(flagHeadOf('BIC', ['IBAN'])).toBeNull();
    // A row's line (a date's month "Dic" beside "DEBIT CARD"), and a month name anywhere: no head.
    expect(flagHeadOf('Dic', ['04', 'DEBIT', 'CARD', 'PURCHASE', '26,91-'])).toBeNull();
    expect(flagHeadOf('Dic', ['Date', 'Amount'])).toBeNull();
    expect(flagHeadOf('DIC')).toBe('D/C');
    expect(flagHeadOf('AfIBij')).toBe('Af/Bij');
    // A speck at its front, the "j" read as ")" (low-150 scan 544): beside "Bedrag" the head.
    expect(flagHeadOf('_AfIBi)', ['Bedrag'])).toBe('Af/Bij');
    expect(flagHeadOf('_AfIBi)')).toBeNull();
  });

  it('keystone scan 587: "D/C" read "bic", its letters read from their ink; signs settled, nothing silently wrong', async () => {
    const keystone = CAPTURE_TRAITS.find((t) => t.name === 'keystone')!.options;
    const r = await readScannedComposed(587, 200, {}, keystone);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.95);
    expect(r.silent).toEqual([]);
  });

  it('low-150 scan 544: "Af/Bij" read "_AfIBi)", its rows\' signs read from the letters under it', async () => {
    const low = CAPTURE_TRAITS.find((t) => t.name === 'low-150')!.options;
    const r = await readScannedComposed(544, 300, {}, low);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.95);
    expect(r.silent).toEqual([]);
  });
});
