import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { LAYOUTS, makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { convertDocument } from '../../src/engine/index.js';
import { ConversionOptionsSchema } from '../../src/contract/api/conversion-options.js';
import { analyzeFile, scoresDocument } from '../../src/service/fraud/index.js';

const options = ConversionOptionsSchema.parse({});
/** Reasons that read the PDF itself (metadata, saves, type and alignment of amounts). */
const PDF_REASONS = ['editing-tool', 'modified-after-creation', 'incremental-updates', 'redefined-objects', 'font-differs-in-column', 'misaligned-amount'];

describe('no false alarms on untouched statements', () => {
  it('every generator layout (summary boxes, bold totals, check tables, card summaries) gives no PDF signal', async () => {
    const found: Record<string, string[]> = {};
    for (const layout of LAYOUTS) {
      const pdf = await renderStatementPdf(makeStatementSpec({ seed: 11, layout, months: 2 }));
      const doc = await convertDocument({ fileName: `${layout}.pdf`, bytes: pdf.bytes, options });
      const file = await analyzeFile(pdf.bytes, `${layout}.pdf`, doc, options);
      expect(file, layout).not.toBeNull();
      found[layout] = file!.file.filter((f) => PDF_REASONS.includes(f.key)).map((f) => f.text);
    }
    expect(found).toEqual(Object.fromEntries(LAYOUTS.map((l) => [l, []])));
  });
});

describe('documents that get no score', () => {
  it('an image-only PDF (no text layer) gets none', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 300]).drawRectangle({ x: 20, y: 20, width: 200, height: 100, color: rgb(0.2, 0.2, 0.2) });
    const bytes = await doc.save();
    const parsed = await convertDocument({ fileName: 'scan.pdf', bytes, options });
    expect(parsed.pdf?.image).toBe(true);
    expect(scoresDocument(parsed)).toBe(false);
    expect(await analyzeFile(bytes, 'scan.pdf', parsed, options)).toBeNull();
  });

  it('data formats get none', () => {
    for (const format of ['ofx', 'csv', 'mtjson', 'plaid'] as const) {
      expect(scoresDocument({ format, detectedDocType: 'Bank Statement', statements: [] })).toBe(false);
    }
  });
});
