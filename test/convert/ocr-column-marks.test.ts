/**
 * A figure's marks misread where its digits are right (scan12 branch; docs/ocr.md, "Specks that
 * cancel a minus, page counts read as letters, rows no figure prints"):
 * - composed scan 487 (French, Times 8 pt at 200 dpi, figures printed without group marks,
 *   "4708.38 €"): "3714.75 €" read "3714:75 €"; a colon read for the decimal point was mended
 *   only in grouped figures ("-789:99", "1.234:56"), so the row was lost;
 * - composed scan 496 (French, Helvetica 8 pt at 300 dpi): "6 694,83 €" read "6 694,83" "€°",
 *   the mark with a speck; the cell was no money and its row lost.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { withColumnMarks } from '../../src/engine/ocr/column-cells.js';
import { withoutEdgeMarks } from '../../src/engine/ocr/words.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { officeScan } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('marks by example', () => {
  it('mends a colon-read point in an ungrouped figure, and a speck after a currency mark', () => {
    expect(withColumnMarks('3714:75 €', '.')).toBe('3714.75 €');
    expect(withColumnMarks('3714:75', '.')).toBe('3714.75');
    expect(withColumnMarks('3714.75', '.')).toBeNull();
    expect(withColumnMarks('23150258', ',')).toBeNull();
    expect(withoutEdgeMarks('€°')).toBe('€');
    expect(withoutEdgeMarks('°')).toBe('°');
  });
});

async function scanned(seed: number, dpi: number) {
  const pdf = await composeStatementPdf(seed);
  const bytes = await scannedPdf(pdf.bytes, officeScan(seed, dpi));
  const doc = await convertDocument({ fileName: `composed-scan-${seed}.pdf`, bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
  return { pdf, doc };
}

describe('composed scans read with a mark misread', () => {
  it('487: the row whose point was read as a colon is read, flagged', async () => {
    const { pdf, doc } = await scanned(487, 200);
    const want = pdf.truth[0]!.transactions.find((t) => t.amount === -371475)!;
    const got = doc.statements[0]!.transactions.find((t) => t.amount === -371475);
    expect(got?.date).toBe(want.date);
    expect(got?.amountConfidence).toBeLessThan(80);
  });
  it('496: the row whose currency mark was read with a speck is read', async () => {
    const { doc } = await scanned(496, 300);
    expect(doc.statements[0]!.transactions.some((t) => t.amount === 669483)).toBe(true);
  });
});
