/**
 * Signs across a running balance OCR misread (scanplain branch; docs/ocr.md, "Clean scans that
 * did not reconcile"). One unsigned amount column, signs from the running balances: composed
 * scan 610 at 300 dpi read "-11 542,55" as "+ 542,55", so neither the row before it nor the one
 * after reached its balance by any signs, and both were read as debits (the second a
 * 16,932.62 credit). Together they reach the next balance from the one before exactly
 * (pdf/signs.ts); the misread balance is then left unread by the balance oracle.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('composed scan 610 at 300 dpi: a running balance misread between two unsigned rows', () => {
  it('reads the transfer of 25 June as a credit; both statements reconcile, nothing silently wrong', async () => {
    const r = await readScannedComposed(610, 300);
    const s = r.doc.statements[0]!;
    expect(s.transactions.find((t) => t.date === '2025-06-25' && Math.abs(t.amount) === 1693262)?.amount).toBe(1693262);
    expect(s.hints?.join(' ')).not.toMatch(/could not be settled/);
    expect(f1(r.match)).toBe(1);
    expect(r.reconciled).toBe(2);
    expect(r.silent).toEqual([]);
  });
});
