/**
 * A statement's summary figures garbled beside their labels (scan11 branch; docs/ocr.md, "Heads
 * read past matching, letters' echoes, summary figures"). Courier at 7.5 pt, composed scan 434
 * (Italian, 300 dpi, balances printed only in the summary above the table): "Saldo iniziale |
 * 13 NS)59" and "Saldo finale | ILA AS)AW" — both balances lost, so nothing could be
 * reconciled. No column holds a summary's figure, so the column cells' second reading never
 * reached it; a known balance or total label beside print about a figure's width that is no
 * figure is now read again on a strip, kept only as a figure with the page's decimal mark, flagged.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { officeScan, silentlyWrong } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('composed scan 434: the summary\'s balances garbled (Courier 7.5 pt)', () => {
  it('reads both balances as printed, flagged as read twice; nothing silently wrong', async () => {
    const pdf = await composeStatementPdf(434);
    const bytes = await scannedPdf(pdf.bytes, officeScan(434, 300));
    const doc = await convertDocument({ fileName: 'composed-scan-434.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const s = doc.statements[0]!;
    expect(s.startBalance).toBe(pdf.truth[0]!.startBalance);
    expect(s.endBalance).toBe(pdf.truth[0]!.endBalance);
    expect(s.suspectCount ?? 0).toBeGreaterThan(0);
    expect(silentlyWrong(pdf.truth, doc.statements).silent).toEqual([]);
  });
});
