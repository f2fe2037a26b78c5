/**
 * A PDF of several documents (a lending package) is split into its documents, each read by
 * its own reader: statement pages as a statement (its type decided once over its own pages),
 * a W-2 as a tax form, the rest reported with the kind their pages were guessed to be. The
 * split is recorded in the result (`parts`, and the evidence). One document is never split:
 * a statement with a cheque image page, a tax form, a statement alone.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { renderPackage } from '../fixtures/generator/package.js';
import { renderTaxForm } from '../fixtures/generator/forms/tax.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { compareStatements } from '../fixtures/generator/compare.js';

const convert = (bytes: Uint8Array, accounttype: 'autoDetect' | 'Bank' = 'autoDetect') => convertDocument({ fileName: 'package.pdf', bytes, options: defaultConversionOptions({ accounttype }) });

async function concat(...files: Uint8Array[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const bytes of files) {
    const src = await PDFDocument.load(bytes);
    for (const p of await doc.copyPages(src, src.getPageIndices())) doc.addPage(p);
  }
  return doc.save();
}

describe('a lending package: a statement, a W-2 and a page no reader takes', () => {
  for (const [seed, layout] of [[1, 'chase'], [2, 'pnc'], [3, 'creditcard'], [4, 'ukcurrent']] as const) {
    it(`${layout} statement + W-2 + insurance application (seed ${seed}): each part read by its reader`, async () => {
      const p = await renderPackage(seed, layout);
      const doc = await convert(p.bytes);
      expect(doc.error).toBeUndefined();
      expect(compareStatements(p.statements, doc.statements)).toEqual([]);
      expect(doc.detectedDocType).toBe(p.statements[0]!.docType);
      expect(doc.parts?.map((x) => [x.pages, x.kind, x.readAs, x.statements ?? 0])).toEqual([
        [p.pages.statement, p.statements[0]!.docType, 'statements', p.statements.length],
        [p.pages.tax, 'Tax Form', 'taxForm', 0],
        [p.pages.filler, 'Insurance Form', 'unrecognised', 0],
      ]);
      const w2 = doc.parts![1]!.taxForm!;
      expect([w2.kind, w2.taxYear, w2.wages, w2.federalWithheld, w2.ein]).toEqual(['W-2', p.tax.taxYear, p.tax.figures.wages, p.tax.figures.federalWithheld, p.tax.ein]);
      expect(doc.parts![2]!.evidence).toMatch(/^Insurance Form: .*named insured/);
      expect(doc.docTypeEvidence).toBe(`A package of 3 documents: pages ${p.pages.statement.join(', ')} ${p.statements[0]!.docType}; page ${p.pages.tax[0]} Tax Form; page ${p.pages.filler[0]} Insurance Form`);
    });
  }

  it('is split with accounttype Bank too (the statement part is read as asked)', async () => {
    const p = await renderPackage(5, 'wellsfargo');
    const doc = await convert(p.bytes, 'Bank');
    expect(compareStatements(p.statements, doc.statements)).toEqual([]);
    expect(doc.parts?.map((x) => x.readAs)).toEqual(['statements', 'taxForm', 'unrecognised']);
  });

  it('without a statement, the package is a tax form: its W-2 is the document\'s, the other page reported', async () => {
    const p = await renderPackage(6, 'chase');
    const src = await PDFDocument.load(p.bytes);
    const only = await PDFDocument.create();
    for (const pg of await only.copyPages(src, [p.pages.tax[0]! - 1, p.pages.filler[0]! - 1])) only.addPage(pg);
    const doc = await convert(await only.save());
    expect(doc.error).toBeUndefined();
    expect([doc.detectedDocType, doc.taxForm?.kind, doc.taxForm?.wages]).toEqual(['Tax Form', 'W-2', p.tax.figures.wages]);
    expect(doc.parts?.map((x) => [x.pages, x.kind, x.readAs])).toEqual([[[1], 'Tax Form', 'taxForm'], [[2], 'Insurance Form', 'unrecognised']]);
  });
});

describe('one document is not split', () => {
  it('a statement alone, a W-2 alone', async () => {
    const st = await renderStatementPdf(makeStatementSpec({ seed: 7, layout: 'chase', transactionsPerMonth: 90 }));
    expect((await convert(st.bytes)).parts).toBeUndefined();
    const w2 = await convert((await renderTaxForm(7, 'W-2')).bytes);
    expect([w2.parts, w2.detectedDocType, w2.taxForm?.kind]).toEqual([undefined, 'Tax Form', 'W-2']);
  });

  it('a statement followed by a page of cheque images stays one statement (cheque pages are printed inside statements)', async () => {
    const st = await renderStatementPdf(makeStatementSpec({ seed: 8, layout: 'chase' }));
    const cheques = await PDFDocument.create();
    const font = await cheques.embedFont(StandardFonts.Helvetica);
    const page = cheques.addPage([612, 792]);
    ['Check images', 'PAY TO THE ORDER OF Blue Ridge Supply', 'Four hundred and 00/100 DOLLARS', 'MEMO invoice 1043', 'AUTHORIZED SIGNATURE', 'Void after 180 days']
      .forEach((t, i) => page.drawText(t, { x: 50, y: 740 - i * 18, size: 10, font }));
    const doc = await convert(await concat(st.bytes, await cheques.save()));
    expect(doc.parts).toBeUndefined();
    expect(compareStatements(st.truth, doc.statements)).toEqual([]);
  });
});
