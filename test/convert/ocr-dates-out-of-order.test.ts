/**
 * A scan's row date that lost or misread a digit and still parses ("24/2" for "21/2", "jan 25"
 * for "02 jan 25" read as 25 January) was taken as printed though out of the statement's order.
 * Of the rows whose dates read cleanly, those outside the longest run in order are now read as
 * garbled (pdf/dates-out-of-order.ts): flagged, and dated by ./garbled-dates.ts where the rows
 * around them and their glyphs leave one day. Real scans of composed statements: OCR is slow.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { LOW_CONFIDENCE } from '../../src/engine/ocr/limits.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const fax = CAPTURE_TRAITS.find((t) => t.name === 'fax-150')!.options;

describe('row dates read out of the statement\'s order', () => {
  it('composed 699 faxed: "24/2" between rows of the 20th and the 24th read for "21/2" is the 21st, flagged', async () => {
    // Before: dated the 24th.
    const r = await readScannedComposed(699, 200, {}, fax);
    expect(r.silent).toEqual([]);
    const row = r.doc.statements[0]!.transactions.find((t) => t.amount === -240474);
    expect(row?.date).toBe('2025-02-21');
    expect(row!.amountConfidence).toBeLessThan(LOW_CONFIDENCE);
  });

  it('composed 961 faxed: rows of 2-9 January whose day was lost ("jan 25", parsed as 25 January) are flagged, none read surely out of order', async () => {
    const r = await readScannedComposed(961, 200, {}, fax);
    expect(r.silent).toEqual([]);
    const rows = r.doc.statements[0]!.transactions;
    const first10th = rows.findIndex((t) => t.date === '2025-01-10');
    expect(first10th).toBeGreaterThan(1);
    // Before: eleven rows dated the 25th above the 10th, four of them at 80 % or more.
    for (const t of rows.slice(0, first10th)) if (t.date > '2025-01-10') expect(t.amountConfidence).toBeLessThan(LOW_CONFIDENCE);
    expect(rows.slice(0, first10th).filter((t) => t.date === '2025-01-25')).toEqual([]);
  });
});
