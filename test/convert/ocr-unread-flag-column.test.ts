/**
 * A debit/credit letter column whose head OCR did not read (scanplain branch; docs/ocr.md,
 * "Clean scans that did not reconcile"). Composed scan 746 at 300 dpi (Dutch, "Bedrag | Af/Bij",
 * no running balances): the head "Af/Bij" was read "TIBI)" at confidence 0, so no head named the
 * letters' column and all 18 signs of the first account were unsettled (read as debits; F1
 * 0.77). With one amount column named and no type column, a column of side words under the
 * heads, right of the amounts, both sides among them, is the type column (pdf/flag-column.ts).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('composed scan 746 at 300 dpi: the Af/Bij head read "TIBI)"', () => {
  it('signs every row by its printed letter; both accounts reconcile, nothing silently wrong', async () => {
    const r = await readScannedComposed(746, 300);
    const s = r.doc.statements[0]!;
    expect(s.hints?.join(' ')).not.toMatch(/could not be settled/);
    expect(s.transactions[0]!.amount).toBe(r.pdf.truth[0]!.transactions[0]!.amount);
    expect(f1(r.match)).toBe(1);
    expect(r.reconciled).toBe(2);
    expect(r.silent).toEqual([]);
  });
});
