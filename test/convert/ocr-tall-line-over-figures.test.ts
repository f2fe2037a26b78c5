/**
 * A row's first line measured tall over its own figure line (scanplain branch; docs/ocr.md,
 * "Clean scans that did not reconcile"). Composed scan 758 at 300 dpi: "SHOPIFY PAYOUT TRANSFER
 * | 6-16-25 | 6-16-25" measured 10.6 pt among rows of 7.9, and, in capitals, a sixth wider per
 * letter than the page's median (digits and capitals mixed): taken for a title, it ended the
 * table and its figure line "8800409 | 14.695,83" under it was dropped. A tall line whose next
 * line starts where it does and prints a figure under the table's money columns, no summary
 * label, is a row's first line (pdf/ocr-type-size.ts rowContinuesBelow).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('composed scan 758 at 300 dpi: a row\'s first line measured tall over its figures', () => {
  it('reads the Shopify payout of 16 June; reconciles, nothing silently wrong', async () => {
    const r = await readScannedComposed(758, 300);
    const rows = r.doc.statements.flatMap((s) => s.transactions);
    expect(rows.some((t) => t.date === '2025-06-16' && t.amount === 1469583)).toBe(true);
    expect(f1(r.match)).toBe(1);
    expect(r.reconciled).toBe(1);
    expect(r.silent).toEqual([]);
  });
});
