/**
 * A balance label whose words OCR read as cells of their own (scanplain branch; docs/ocr.md,
 * "Clean scans that did not reconcile"). Composed scan 710 at 300 dpi prints its summary below
 * the rows; "Solde initial -1 187,35" was read as "Solde | initial | -1 187,35", the words
 * wider apart than a space, so the label beside the figure was "initial", no label, and the
 * opening balance was lost. On a scan, two to four such cells that together are an opening or
 * closing label and little else are that label (pdf/rows.ts spreadLabel).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('composed scan 710 at 300 dpi: "Solde initial" read as two cells', () => {
  it('reads the opening balance as printed; nothing silently wrong', async () => {
    const r = await readScannedComposed(710, 300);
    const s = r.doc.statements[0]!;
    expect(s.startBalance).toBe(r.pdf.truth[0]!.startBalance);
    expect(s.endBalance).toBe(r.pdf.truth[0]!.endBalance);
    expect(r.silent).toEqual([]);
  });
});
