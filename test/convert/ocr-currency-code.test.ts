/**
 * A currency code read in small letters after its label (scan10 branch): composed scan 384
 * (Helvetica 8 pt, 300 dpi) printed "Currency: INR", read "iNR" — the statement's currency came
 * out "iNR", no currency at all. A labelled code is matched in any case; the code is capitals.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { detectCurrency } from '../../src/engine/pdf/currency.js';
import type { Line } from '../../src/engine/pdf/lines.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { officeScan } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const lines = (...texts: string[]): Line[] => texts.map((text, index) => ({ page: 1, y: index * 12, size: 9, x0: 40, x1: 500, cells: [], text, key: '', index }));

describe('a labelled currency code read in small letters', () => {
  it('is the ISO code, in capitals', () => {
    expect(detectCurrency(lines('Currency: iNR', 'Opening balance 1,000.00'), null).code).toBe('INR');
    expect(detectCurrency(lines('Divisa: eur'), null).code).toBe('EUR');
  });

  it('composed scan 384 at 300 dpi: INR', async () => {
    const pdf = await composeStatementPdf(384);
    const bytes = await scannedPdf(pdf.bytes, officeScan(384, 300));
    const doc = await convertDocument({ fileName: 'composed-scan-384.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    expect(doc.statements.map((s) => s.currencyCode)).toEqual(['INR']);
  });
});
