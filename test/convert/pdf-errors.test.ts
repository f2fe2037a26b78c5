/**
 * Files the PDF engine cannot read give a clear, per-file answer (a ConversionError, or a
 * document with `error`), never a crash: empty, not a PDF, corrupt, encrypted, image-only,
 * not financial, a tax form.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { convertDocument, ConversionError } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { errorFileStatus } from '../../src/engine/statement/file-status.js';

const convert = (bytes: Uint8Array, fileName = 'doc.pdf', accounttype: 'Bank' | 'autoDetect' = 'Bank') =>
  convertDocument({ fileName, bytes, options: defaultConversionOptions({ accounttype }) });

async function errorOf(p: Promise<unknown>): Promise<ConversionError> {
  try { await p; } catch (e) { if (e instanceof ConversionError) return e; throw e; }
  throw new Error('expected a ConversionError');
}

/** A minimal PDF whose trailer asks for the standard security handler with an unknown password. */
function encryptedPdf(): Uint8Array {
  const src = ['%PDF-1.4',
    '1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj',
    '2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj',
    '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>> endobj',
    `4 0 obj <</Filter/Standard/V 1/R 2/O <${'a1'.repeat(32)}>/U <${'b2'.repeat(32)}>/P -4>> endobj`,
    `trailer <</Root 1 0 R/Size 5/Encrypt 4 0 R/ID[<${'0f'.repeat(16)}><${'0f'.repeat(16)}>]>>`, '%%EOF', ''].join('\n');
  return new TextEncoder().encode(src);
}

async function textPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((t, i) => page.drawText(t, { x: 50, y: 740 - i * 14, size: 10, font }));
  return doc.save();
}

describe('PDF files that cannot be read', () => {
  it('an empty file', async () => {
    const e = await errorOf(convert(new Uint8Array(0)));
    expect(e.message).toMatch(/doc\.pdf: the file is empty/);
  });

  it('a .pdf that is not a PDF', async () => {
    const e = await errorOf(convert(new TextEncoder().encode('hello, this is a text file')));
    expect(e.message).toMatch(/not a PDF file/);
  });

  it('a corrupt PDF', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 9 0 R>> endobj\ngarbage garbage\n%%EOF');
    const e = await errorOf(convert(bytes));
    expect(e.message).toMatch(/corrupt or unreadable|no pages/);
  });

  it('an encrypted PDF', async () => {
    const e = await errorOf(convert(encryptedPdf()));
    expect(e.message).toMatch(/encrypted with a password/);
  });

  it('a PDF with no text layer, with neverocr, says so and asks for OCR; without, OCR reads it and says it found no text', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).drawRectangle({ x: 50, y: 50, width: 400, height: 600, color: rgb(0.8, 0.8, 0.8) });
    const bytes = await doc.save();
    const read = await convert(bytes);
    expect(read).toMatchObject({ statements: [], pdf: { image: true, ocrPages: [1] }, error: 'doc.pdf: OCR found no text on the page image(s)' });
    expect(read.requiresRerunWithOCR).toBeUndefined();
    const out = await convertDocument({ fileName: 'doc.pdf', bytes, options: defaultConversionOptions({ accounttype: 'Bank', neverocr: true }) });
    expect(out.statements).toEqual([]);
    expect(out.pdf).toMatchObject({ image: true, pagecount: 1 });
    expect(out.requiresRerunWithOCR).toBe(true);
    expect(out.error).toMatch(/no text layer/);
    // The file_status item the service builds from it carries the same facts.
    const fs = errorFileStatus({ fileName: 'doc.pdf', fileConversionId: 1, resfile: 'r', statementid: null, tid: '', trackingId: '', remaining: 0, numInLast3Days: 0, webhook: '' }, out.error!, out);
    expect(fs).toMatchObject({ numTransactions: -1, image: true, requiresRerunWithOCR: true, pagecount: 1, fail: true });
  }, 300_000); // OCR on a shared machine: a generous bound, not a speed assertion

  it('a text PDF that is not financial', async () => {
    const out = await convert(await textPdf(['Minutes of the garden club', 'We planted tulips near the fence.', 'Next meeting in spring.']));
    expect(out.statements).toEqual([]);
    expect(out.error).toMatch(/no statement found/);
  });

  it('a tax form is recognised and named', async () => {
    const out = await convert(await textPdf(['Form W-2 Wage and Tax Statement 2024', 'Department of the Treasury - Internal Revenue Service', 'Social security wages', 'Medicare wages and tips']), 'w2.pdf', 'autoDetect');
    expect(out.detectedDocType).toBe('Tax Form');
    // Read into its key figures (src/engine/forms/tax-forms.ts); box 1 is not printed here.
    expect(out.error).toBeUndefined();
    expect(out.taxForm).toMatchObject({ kind: 'W-2', taxYear: 2024, wages: null });
    expect(out.taxForm!.unread).toContain('wages');
  });
  it('autoDetect tells an application form and an investment statement apart', async () => {
    const app = await convert(await textPdf(['Business Funding Application', 'Legal Business Name: Blue Harbor Cafe Inc', 'Federal Tax ID: 12-3456789', 'Amount Requested: $50,000', 'Owner Signature', 'Date Business Started: 2015']), 'app.pdf', 'autoDetect');
    expect(app.detectedDocType).toBe('Application');
    // An application form is read into its fields (src/engine/forms), not refused.
    expect(app.error).toBeUndefined();
    expect(app.form).toMatchObject({ legalName: 'Blue Harbor Cafe Inc', federalTaxId: '12-3456789', amountRequested: '$50,000', dateBusStart: '2015', nbFoundFields: 4 });
    const inv = await convert(await textPdf(['Brokerage Account Statement', 'Portfolio Summary', 'Holdings', 'Market Value 12,345.67', 'Dividends 45.00', 'Cost Basis 10,000.00', 'Unrealized Gain 2,345.67']), 'inv.pdf', 'autoDetect');
    expect(inv.detectedDocType).toBe('Investment Statement');
    expect(inv.error).toMatch(/investment statement/);
  });
});

