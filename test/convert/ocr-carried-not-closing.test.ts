/**
 * A page's carried balance is no closing balance (scanplain branch; docs/ocr.md, "Clean scans
 * that did not reconcile"). Keystone-captured composed scan 582 at 300 dpi: the summary's
 * "Closing Balance" was read "Faxing Balance", so the only closing figure left was page 1's
 * "Carried forward -2,077.62", brought forward on page 2; every running balance agreed and the
 * statement did not reconcile against it. On a scan, a closing that only a page break carries
 * gives way to the last running balance, and the hint says why (pdf/assemble.ts).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('keystone scan 582: the closing label garbled, a carried balance left', () => {
  it('takes the last running balance for the closing, not the carried one; reconciles, nothing silently wrong', async () => {
    const keystone = CAPTURE_TRAITS.find((t) => t.name === 'keystone')!.options;
    const r = await readScannedComposed(582, 300, {}, keystone);
    const s = r.doc.statements[0]!;
    expect(s.endBalance).toBe(r.pdf.truth[0]!.endBalance);
    expect(r.reconciled).toBe(1);
    expect(r.silent).toEqual([]);
  });
});
