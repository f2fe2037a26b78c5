/**
 * A row no figure of the page prints, left out by the balances (scan12 branch; docs/ocr.md,
 * "Specks that cancel a minus, page counts read as letters, rows no figure prints"). Composed
 * scan 525 photographed (keystone capture, 200 dpi): a speck on a wrapped description line was
 * read as a lone "7", taken as a row of 7.00 (confidence 0: no word prints 7.00); the next row's
 * running balance then broke by 7.00, and the balance oracle took that row's surely read
 * "-343,28" as "-350.28" to carry it, so the statement reconciled on a made-up row and a
 * changed figure. Now the row no figure prints is left out when the balances agree without it,
 * and the read figure stands.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { officeScan, silentlyWrong } from '../fixtures/generator/composer/scan-score.js';
import { scoreReading } from '../fixtures/generator/composer/score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('composed scan 525, keystone photo: a speck read as a lone digit', () => {
  it('leaves the row out, keeps the figure as read, and reconciles', async () => {
    const pdf = await composeStatementPdf(525);
    const keystone = CAPTURE_TRAITS.find((t) => t.name === 'keystone')!.options;
    const bytes = await scannedPdf(pdf.bytes, officeScan(525, 200, keystone));
    const doc = await convertDocument({ fileName: 'composed-scan-525.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const { match } = scoreReading(pdf, doc);
    expect(match).toEqual({ tp: match.want, got: match.want, want: pdf.truth[0]!.transactions.length });
    const s = doc.statements[0]!;
    expect(s.nonTransactions?.some((n) => n.startsWith('figure no word prints'))).toBe(true);
    const w = silentlyWrong(pdf.truth, doc.statements);
    expect(w.silent).toEqual([]);
    expect(w.reconciled).toBe(1);
  });
});
