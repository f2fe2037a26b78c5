/**
 * A figure whose decimal point OCR read as a colon (scanplain branch; docs/ocr.md, "Clean scans
 * that did not reconcile"). Composed scan 755 at 200 dpi read a Staples charge "-289.46" as
 * "-289:46" at confidence 91: no money as read, the row was lost and the statement was 289.46
 * off. On a scan, a figure with a colon or semicolon for its decimal mark, whose whole part can
 * be no day or hour, is read with the document's mark, and flagged as printed by no word
 * (pdf/decimal-mark-misread.ts). "11:20" stays a time.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { misreadDecimalMark } from '../../src/engine/pdf/decimal-mark-misread.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('a decimal point read as a colon', () => {
  it('reads figures, never a day, month or hour', () => {
    expect(misreadDecimalMark('-289:46', false)).toBe('-289.46');
    expect(misreadDecimalMark('4,615:06', false)).toBe('4,615.06');
    expect(misreadDecimalMark('407;61', true)).toBe('407,61');
    expect(misreadDecimalMark('1.407;61', true)).toBe('1.407,61');
    expect(misreadDecimalMark('11:20', false)).toBeNull();
    expect(misreadDecimalMark('03:26', true)).toBeNull();
  });

  it('composed scan 755 at 200 dpi: the row of "-289:46" read, flagged; reconciles, nothing silently wrong', async () => {
    const r = await readScannedComposed(755, 200);
    const s = r.doc.statements[0]!;
    const row = s.transactions.find((t) => t.amount === -28946);
    expect(row).toBeDefined();
    expect(row!.amountConfidence).toBe(0);
    expect(f1(r.match)).toBe(1);
    expect(r.reconciled).toBe(1);
    expect(r.silent).toEqual([]);
  });
});
