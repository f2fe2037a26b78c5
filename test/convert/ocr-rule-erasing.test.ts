/**
 * When OCR whitens ruling lines (src/engine/ocr/forms.ts): a form's boxes hide their values
 * from the OCR engine, so forms are read with their rules erased; a statement's scan or photo
 * is read as printed (erasing "rules" on a photo took the strokes of enlarged glyphs and whole
 * rows with them). With autoDetect the pages are read as printed first, and read again with
 * their rules erased only when that gave no statement.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { FORM_FIELDS } from '../../src/contract/api/application-form.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { convertDocument } from '../../src/engine/index.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { renderApplicationForm } from '../fixtures/generator/forms/render.js';
import { scannedPdf } from '../fixtures/generator/scan.js';

// OCR is slow on a shared 2-core machine: generous bounds, never a speed assertion.
vi.setConfig({ testTimeout: 600_000 });
afterAll(async () => { await closeEngines(); });

/** Converts and counts OCR passes over the pages (each pass reports page 0 of N first). */
async function convertCounting(fileName: string, bytes: Uint8Array, accounttype: 'autoDetect' | 'Bank' | 'applicationForm') {
  let passes = 0;
  const doc = await convertDocument({ fileName, bytes, options: defaultConversionOptions({ accounttype }), onProgress: (p) => { if (p.stage === 'ocr' && p.page === 0) passes++; } });
  return { doc, passes };
}

describe('ruling lines and OCR', () => {
  it('autoDetect reads a scanned statement once, as printed, into the same rows as accounttype Bank', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 7, layout: 'chase', transactionsPerMonth: 10 }));
    const scan = await scannedPdf(r.bytes, { dpi: 300, skewDeg: 0.6, seed: 7 });
    const auto = await convertCounting('statement-scan.pdf', scan, 'autoDetect');
    const bank = await convertCounting('statement-scan.pdf', scan, 'Bank');
    expect(auto.passes).toBe(1);
    expect(auto.doc.statements.length).toBeGreaterThan(0);
    const rows = (d: typeof auto.doc) => d.statements.flatMap((s) => s.transactions.map((t) => `${t.date}|${t.amount}`));
    expect(rows(auto.doc)).toEqual(rows(bank.doc));
    expect(rows(auto.doc).length).toBeGreaterThan(0);
  });

  it('autoDetect reads a scanned application form a second time with its rules erased, into every field of its truth', async () => {
    const f = await renderApplicationForm(3, 'labeled');
    const scan = await scannedPdf(f.bytes, { dpi: 300, skewDeg: 0.5, seed: 2 });
    const auto = await convertCounting('application-scan.pdf', scan, 'autoDetect');
    expect(auto.passes).toBe(2);
    expect(auto.doc.detectedDocType).toBe('Application');
    const wrong = FORM_FIELDS.filter((k) => (auto.doc.form as Record<string, unknown> | undefined)?.[k] !== (f.truth[k] ?? ''));
    expect(wrong).toEqual([]);
    // Asked for as a form, the pages are read once, erased from the start.
    const asked = await convertCounting('application-scan.pdf', scan, 'applicationForm');
    expect(asked.passes).toBe(1);
    expect(asked.doc.form).toEqual(auto.doc.form);
  });
});
