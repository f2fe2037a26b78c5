/**
 * A scanned page's running head with a speck between its cells (scanplain branch; docs/ocr.md,
 * "Clean scans that did not reconcile"). Composed scan 543 at 150 dpi (low-150 capture): page
 * 2's head "Crédit Maritime du Nord | Relevé de compte courant" was read with a "|" between its
 * cells, so it was no identical furniture and no repeat of the statement's head: it was taken
 * for a heading of credits, and every row of page 2 whose D/C letter OCR lost was a credit (six
 * signs unsettled, one wrong). A cell of marks only repeats nothing and is no print of its own
 * (pdf/statement-head.ts); a page's first line that repeats the head heads no section (pdf/rows.ts).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('low-150 scan 543: page 2\'s running head read with a speck', () => {
  it('heads no section: page 2\'s rows keep their own signs; reconciles, nothing silently wrong', async () => {
    const low = CAPTURE_TRAITS.find((t) => t.name === 'low-150')!.options;
    const r = await readScannedComposed(543, 200, {}, low);
    const s = r.doc.statements[0]!;
    expect(s.transactions.every((t) => t.type === undefined || !/Maritime/.test(t.type))).toBe(true);
    expect(f1(r.match)).toBe(1);
    expect(r.reconciled).toBe(1);
    expect(r.silent).toEqual([]);
  });
});
