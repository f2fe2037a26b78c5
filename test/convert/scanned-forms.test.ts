/**
 * Scanned tax forms read by OCR, field by field: each generator form kind rendered, scanned
 * (grey paper, specks, turned by up to a degree, 200 or 300 dpi) and converted. What is read
 * must be the truth; what is not read is empty and named in `unread` — never another number.
 * The bench (bench/tax-scans.ts) runs the same measure over more seeds. One page per kind
 * (OCR is ~2 s a page), a refused W-9, and a package whose W-2 page is a scan.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { convertDocument } from '../../src/engine/index.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { TAX_KINDS } from '../fixtures/generator/forms/tax.js';
import { scoreScan } from '../fixtures/generator/forms/tax-scan-score.js';
import { renderPackage } from '../fixtures/generator/package.js';
import { scannedPdf } from '../fixtures/generator/scan.js';

// OCR on a shared 2-core machine: generous bounds, never a speed assertion.
vi.setConfig({ testTimeout: 300_000 });
afterAll(async () => { await closeEngines(); });

describe('scanned tax forms', () => {
  // Seeds 3 and 4 alternate: 300 and 200 dpi, turned either way.
  it.each(TAX_KINDS.map((k, i) => [k, 3 + (i % 2)] as const))('%s (seed %i): named, its figures right or empty and named, none wrong', async (kind, seed) => {
    const s = await scoreScan(kind, seed);
    const wrong = s.fields.filter((f) => f.verdict === 'wrong').map((f) => `${f.field}: ${JSON.stringify(f.got)} ≠ ${JSON.stringify(f.want)}`);
    expect(wrong).toEqual([]);
    expect(s.doc.taxForm?.kind).toBe(kind);
    expect(s.fields.find((f) => f.field === 'taxYear')!.verdict).toBe('right');
    // Every field not read is named, so a client knows to look at it.
    expect(s.fields.filter((f) => !f.named).map((f) => f.field)).toEqual([]);
    // Most of the form is read (the bench's figure over six seeds is higher; one box may be lost to a speck).
    const right = s.fields.filter((f) => f.verdict === 'right').length;
    expect(right).toBeGreaterThanOrEqual(s.fields.length - 2);
  });

  it('a scanned W-9 is named and refused, not read as a W-2', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    page.drawText('Form W-9', { x: 40, y: 740, size: 20, font: bold });
    page.drawText('Request for Taxpayer Identification Number and Certification', { x: 150, y: 745, size: 12, font: bold });
    page.drawText('Department of the Treasury  Internal Revenue Service', { x: 150, y: 728, size: 8, font });
    page.drawText('1 Name (as shown on your income tax return)', { x: 40, y: 690, size: 8, font });
    page.drawText('SUMMIT BUILDERS INC', { x: 46, y: 674, size: 10, font });
    page.drawRectangle({ x: 360, y: 600, width: 200, height: 60, borderWidth: 0.6, borderColor: rgb(0, 0, 0) });
    page.drawText('Social security number', { x: 364, y: 648, size: 8, font });
    page.drawText('Employer identification number', { x: 364, y: 620, size: 8, font });
    page.drawText('81-3923018', { x: 370, y: 606, size: 10, font });
    page.drawText('Federal income tax withheld', { x: 40, y: 560, size: 8, font });
    const scan = await scannedPdf(await doc.save(), { dpi: 300, skewDeg: 0.6, seed: 5 });
    const out = await convertDocument({ fileName: 'w9.pdf', bytes: scan, options: defaultConversionOptions({ accounttype: 'taxform' }), ocrLimits: { parallelPages: 1 } });
    expect(out.taxForm, out.error).toBeUndefined();
    expect(out.error, JSON.stringify(out.taxForm)).toMatch(/a W-9 is not a form this service reads/);
  });

  it('a package whose W-2 page is a scan: the W-2 part is read from OCR\'s words', async () => {
    const p = await renderPackage(3, 'chase');
    const bytes = await scannedPdf(p.bytes, { dpi: 300, skewDeg: 0.5, seed: 3 }, p.pages.tax);
    const doc = await convertDocument({ fileName: 'package.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }), ocrLimits: { parallelPages: 1 } });
    const part = doc.parts?.find((x) => x.pages.join() === p.pages.tax.join());
    expect(part).toMatchObject({ kind: 'Tax Form', readAs: 'taxForm' });
    expect(part!.taxForm).toMatchObject({ kind: 'W-2', taxYear: p.tax.taxYear, tin: p.tax.tin });
    const t = part!.taxForm!;
    for (const [k, v] of Object.entries(p.tax.figures)) {
      const got = (t as Record<string, unknown>)[k];
      if (got === null) expect(t.unread).toContain(k);
      else expect(got, k).toBe(v);
    }
  });
});
