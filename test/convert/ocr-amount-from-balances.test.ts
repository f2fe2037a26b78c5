/**
 * A scan's row whose amount cell OCR garbled past reading ("264145€" with its point lost,
 * "36.CC") while its date, description and running balance were read: it was dropped as a
 * dated line that is no transaction, and the balances around it broke. Its amount is now what
 * the balance above and its own say, where the rows on both sides vouch for those balances and
 * nothing was read between it and the row above (pdf/unread-amounts.ts); it stays flagged
 * (confidence 0: no glyph of it was read). Real scans of composed statements: OCR is slow.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const fax = CAPTURE_TRAITS.find((t) => t.name === 'fax-150')!.options;

describe('an amount OCR could not read, taken from the balances around it', () => {
  it('composed 611 scanned at 200 dpi: the row of 8,334.42 (its figure garbled) read from its balances, flagged; every row read, reconciled', async () => {
    // Before: the row was dropped, F1 0.968, unreconciled.
    const r = await readScannedComposed(611, 200);
    expect(r.silent).toEqual([]);
    const row = r.doc.statements[0]!.transactions.find((t) => t.date === '2025-03-10' && t.amount === 833442);
    expect(row?.amountConfidence).toBe(0);
    expect(f1(r.match)).toBe(1);
    expect(r.reconciled).toBe(1);
  });

  it('composed 629 faxed: no amount taken across a row lost between the balances (its "-2,194.00" would be in the difference)', async () => {
    const r = await readScannedComposed(629, 200, {}, fax);
    expect(r.silent).toEqual([]);
    expect(r.doc.statements[0]!.transactions.some((t) => t.amount === -269410)).toBe(false);
  });
});
