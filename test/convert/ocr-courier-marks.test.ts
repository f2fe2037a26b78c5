/**
 * Courier at 9 pt, last session's leftovers (scan12 branch; docs/ocr.md, "Specks that cancel a
 * minus, page counts read as letters, rows no figure prints"):
 * - composed scan 435 (Singapore dollars, 200 dpi): page 1's head "Money In" read as two cells a
 *   Courier space apart ("Money" "In"), each an unknown word, so the heads were not taken and the
 *   table was read loosely into garbage (rows' balances as amounts, F1 0.20); and "S$" read with
 *   its S as a digit or mark ("5$924.18", "(8$3,131.85)", "$§3,615.23"), no figure;
 * - composed scan 438 (euros, 300 dpi): "1.952,65 €" read "1.952,65" "©", the row lost.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { withDollarMark } from '../../src/engine/ocr/words.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { officeScan, silentlyWrong } from '../fixtures/generator/composer/scan-score.js';
import { scoreReading } from '../fixtures/generator/composer/score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('an "S$" read with its S as a digit or mark', () => {
  it('is a dollar mark before a whole figure, nothing else', () => {
    expect(withDollarMark('5$924.18')).toBe('$924.18');
    expect(withDollarMark('(8$3,131.85)')).toBe('($3,131.85)');
    expect(withDollarMark('$§3,615.23')).toBe('$3,615.23');
    expect(withDollarMark('5%1,035.39')).toBe('$1,035.39');
    // A "5" after the dollar may be printed so; digits alone are digits.
    expect(withDollarMark('$518,286.41')).toBeNull();
    expect(withDollarMark('55278,865.33')).toBeNull();
    expect(withDollarMark('5$')).toBeNull();
  });
});

async function scanned(seed: number, dpi: number) {
  const pdf = await composeStatementPdf(seed);
  const bytes = await scannedPdf(pdf.bytes, officeScan(seed, dpi));
  const doc = await convertDocument({ fileName: `composed-scan-${seed}.pdf`, bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
  return { pdf, doc };
}

describe('composed scans in Courier 9 pt', () => {
  it('435: page 1\'s heads are taken with "Money In" read apart; nothing silently wrong', async () => {
    const { pdf, doc } = await scanned(435, 200);
    const { match } = scoreReading(pdf, doc);
    // Before: 4 of 22 rows right, 18 read. Now the table is read by its heads.
    expect(match.tp).toBeGreaterThanOrEqual(12);
    expect(match.got - match.tp).toBeLessThanOrEqual(5);
    expect(doc.statements[0]!.hints?.join(' ')).not.toMatch(/No transaction table header/);
    expect(silentlyWrong(pdf.truth, doc.statements).silent).toEqual([]);
  });
  it('438: the row whose euro sign was read "©" is read', async () => {
    const { doc } = await scanned(438, 300);
    expect(doc.statements[0]!.transactions.some((t) => t.amount === 195265)).toBe(true);
  });
});
