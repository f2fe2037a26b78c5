/**
 * One figure read with a minus makes a column of bare amounts look minus-marked, and every bare
 * row a credit (scanplain branch; docs/ocr.md, "Clean scans that did not reconcile"). Composed
 * low-150 scan 729 (Dutch, "Bedrag | Af/Bij" with the flag head read "AL/Bij_", so the letters
 * were words of the descriptions): a parking charge's "0,63" was read "(0,63)", and all 40 rows
 * were credits (F1 0.39). The printed running balances settle the bare rows' signs; a row lost
 * and a figure garbled left two of them unsettled, so that reading was refused. Where the signs
 * the balances settle break fewer than half the balances the minus-marked reading breaks, the
 * balances settle the bare rows and the rest are counted unsettled (pdf/assemble.ts).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('low-150 scan 729: a minus read on one charge of a column of bare amounts', () => {
  it('signs the rows by the running balances (debits read as debits); nothing silently wrong', async () => {
    const low = CAPTURE_TRAITS.find((t) => t.name === 'low-150')!.options;
    const r = await readScannedComposed(729, 200, {}, low);
    const rows = r.doc.statements[0]!.transactions;
    expect(rows.find((t) => t.date === '2025-03-03' && Math.abs(t.amount) === 80886)?.amount).toBe(-80886);
    expect(f1(r.match)).toBeGreaterThan(0.95);
    expect(r.silent).toEqual([]);
  });
});
