/**
 * A figure read surely but narrower in text than its box: a glyph of its print lost (scan10
 * branch; docs/ocr.md, "A currency mark that eats a digit"). Times at 7 pt with the euro sign
 * glued to each figure (composed scan 6 with centred rows, 300 dpi): "€21.923,48" read
 * "€1.923,48" at 84 and "€27.783,15" read "€7.783,15" at 80, by the fast and the checking model
 * alike — wrong figures read surely, that only a running balance could catch. The page's figures
 * and dates of the same make-up tell its width; such a figure is read again after the mark's glyph, and kept
 * so only when that reading fits its box (flagged either way).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { makeUp } from '../../src/engine/ocr/figure-width.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { officeScan } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('a figure\'s make-up', () => {
  it('digits and currency marks, and narrow marks; none for words with letters', () => {
    expect(makeUp('€21.923,48')).toBe('8+2');
    expect(makeUp('(626.89)')).toBe('5+3');
    expect(makeUp('5 404,86')).toBe('6+2');
    expect(makeUp('1.000,00 CR')).toBeNull();
  });
});

describe('composed scan 6, centred rows, euro sign glued to its figures (300 dpi)', () => {
  it('reads the running balances whose first digit the mark ate', async () => {
    const pdf = await composeStatementPdf(6, { wrapValues: 'middle' });
    const bytes = await scannedPdf(pdf.bytes, officeScan(6, 300));
    const doc = await convertDocument({ fileName: 'composed-scan-6.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const rows = doc.statements.flatMap((s) => s.transactions);
    const truth = pdf.truth.flatMap((s) => s.transactions);
    // Each row read keeps the balance printed beside it.
    const balanceOf = (date: string, amount: number) => rows.find((x) => x.date === date && x.amount === amount)?.balance;
    expect(balanceOf('2024-11-20', -180600)).toBe(truth.find((x) => x.date === '2024-11-20' && x.amount === -180600)!.balance);
    expect(truth.some((x) => x.balance === 2778315)).toBe(true);
    expect(rows.map((x) => x.balance)).toContain(2778315);
    // No balance read short of a digit.
    expect(rows.map((x) => x.balance)).not.toContain(192348);
    expect(rows.map((x) => x.balance)).not.toContain(778315);
  });
});
