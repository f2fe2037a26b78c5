/**
 * A PDF of several documents (a lending package) is split into its documents, each read by
 * its own reader: statement pages as a statement (its type decided once over its own pages),
 * a W-2 as a tax form, the rest reported with the kind their pages were guessed to be. The
 * split is recorded in the result (`parts`, and the evidence). One document is never split:
 * a statement with a cheque image page, a tax form, a statement alone.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { renderPackage } from '../fixtures/generator/package.js';
import { chequeImagesPage } from '../fixtures/generator/cheque-page.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { renderTaxForm } from '../fixtures/generator/forms/tax.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { compareStatements } from '../fixtures/generator/compare.js';
import { classifyPages, splitPackage } from '../../src/engine/pdf/doc-type.js';
import type { Line } from '../../src/engine/pdf/lines.js';
import { concatPdf } from '../fixtures/concat-pdf.js';

afterAll(() => closeEngines());

const convert = (bytes: Uint8Array, accounttype: 'autoDetect' | 'Bank' | 'CCard' = 'autoDetect') => convertDocument({ fileName: 'package.pdf', bytes, options: defaultConversionOptions({ accounttype }) });

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
    const doc = await convert(await concatPdf(st.bytes, await cheques.save()));
    expect(doc.parts).toBeUndefined();
    expect(compareStatements(st.truth, doc.statements)).toEqual([]);
  });

  // The captions under cheque images ("#1043 12/15/2024 $246.90") look like rows; read by OCR,
  // two cheques side by side make one line with a date and an amount.
  for (const [seed, layout, furniture] of [[2, 'wellsfargo', false], [5, 'usbank', true], [9, 'wellsfargo', true]] as const) {
    it(`a scanned page of cheque images adds no row to the ledger (${layout}, seed ${seed}${furniture ? ', with the running head' : ''})`, async () => {
      const st = await renderStatementPdf(makeStatementSpec({ seed, layout }));
      const pages = (await PDFDocument.load(st.bytes)).getPageCount();
      const withCheques = await concatPdf(st.bytes, await chequeImagesPage(seed, furniture));
      const doc = await convert(await scannedPdf(withCheques, { dpi: 200, seed }, [pages + 1]));
      expect(doc.parts).toBeUndefined();
      expect(compareStatements(st.truth, doc.statements)).toEqual([]);
      expect(doc.docTypeEvidence).toContain(`no rows read from page ${pages + 1} Cheque: pay to the order of`);
    }, 60_000);
  }
});

describe('statements merged into one PDF (a broker\'s file of a client\'s documents)', () => {
  const merged = async (...parts: [number, Parameters<typeof makeStatementSpec>[0]['layout']][]) => {
    const rendered = await Promise.all(parts.map(([seed, layout]) => renderStatementPdf(makeStatementSpec({ seed, layout }))));
    return { truth: rendered.flatMap((r) => r.truth), bytes: await concatPdf(...rendered.map((r) => r.bytes)) };
  };

  it('an Indian statement (day first) and a US one (month first): each read in its own date order', async () => {
    const m = await merged([14, 'indian'], [24, 'chase']);
    const doc = await convert(m.bytes);
    expect(compareStatements(m.truth, doc.statements)).toEqual([]);
  });

  it('a checking statement and a card statement: each of its own type, the card\'s evidence recorded', async () => {
    const m = await merged([15, 'wellsfargo'], [25, 'creditcard']);
    const doc = await convert(m.bytes);
    expect(compareStatements(m.truth, doc.statements)).toEqual([]);
    expect(doc.statements.map((s) => s.docType)).toEqual(['Bank Statement', 'Credit Card Statement']);
    expect(doc.docTypeEvidence).toMatch(/; statement 2 Credit Card Statement: /);
  });

  it('with accounttype CCard every statement is read as a card, as asked', async () => {
    const m = await merged([15, 'wellsfargo'], [25, 'creditcard']);
    const doc = await convert(m.bytes, 'CCard');
    expect(doc.statements.map((s) => s.docType)).toEqual(['Credit Card Statement', 'Credit Card Statement']);
  });
});

describe('the kind of each page of a package, by its own words', () => {
  const page = (n: number, ...texts: string[]): Line[] => texts.map((text, i) => ({ page: n, y: i * 12, size: 9, x0: 40, x1: 500, cells: [], text, key: '', index: i }));
  const lines = [
    ...page(1, 'ACME CORP.  Earnings Statement', 'Period ending 07/18/2024  Pay date 07/25/2024', 'Earnings  rate  hours  this period  year to date', 'Deductions  Federal Income Tax  Social Security Tax  Medicare Tax', 'Net Pay 812.40'),
    ...page(2, 'DRIVER', 'STATE OF NOWHERE  LICENSE', 'CLASS D   REST NONE', 'DOB 04/02/1990', 'SEX M  HGT 5-10  EYES BRN'),
    ...page(3, 'ACME CORP.  Pay date 07/25/2024', 'This amount: $812.40', 'BANK NAME   VOID VOID VOID', 'Memo payroll'),
    ...page(4, 'ACCOUNT STATEMENT  Statement Period 1 May 2024 to 31 May 2024', 'Investment option name  Option code  Units  Unit Price  Value', 'Balanced Fund  210  1,329.7909  13.00  17,287.28'),
    ...page(5, 'Form W-2 Wage and Tax Statement 2023', 'Department of the Treasury - Internal Revenue Service', 'Social security wages  Medicare wages and tips', 'Employer identification number (EIN)  Federal income tax withheld'),
    ...page(6, 'Homeowners Insurance Application', 'Named Insured  Policy Number HO-2231', 'Coverage A - Dwelling  Deductible  Premium', 'Effective Date 03/01/2025'),
  ];

  it('pay stub, ID, cheque, investment statement, W-2, insurance form: six kinds, six parts', () => {
    expect(classifyPages(lines).map((p) => p.kind)).toEqual(['Pay Stub', 'Identity Document', 'Cheque', 'Investment Statement', 'Tax Form', 'Insurance Form']);
    expect(splitPackage(lines)?.map((p) => [p.pages, p.kind, p.reader])).toEqual([
      [[1], 'Pay Stub', 'taxForm'], [[2], 'Identity Document', null], [[3], 'Cheque', null],
      [[4], 'Investment Statement', 'statement'], [[5], 'Tax Form', 'taxForm'], [[6], 'Insurance Form', null],
    ]);
  });

  it("a form's instructions that speak of pay periods and deductions are no pay stub: they join the form", () => {
    const w4 = [
      ...page(1, "Form W-4 Employee's Withholding Certificate 2025", 'Department of the Treasury Internal Revenue Service', 'Step 1: Enter Personal Information', 'Social security number'),
      ...page(2, 'General Instructions', 'Your withholding will be computed for each pay period using your deductions.', 'Compare the federal income tax withheld on your pay stub;', 'Social Security and Medicare taxes are not affected.'),
      ...page(3, 'ACME CORP.  Earnings Statement', 'Pay date 07/25/2024  Gross pay 1,000.00', 'Deductions  Federal Income Tax  Social Security Tax  Medicare Tax', 'Net Pay 812.40'),
    ];
    expect(classifyPages(w4).map((p) => p.kind)).toEqual(['Tax Form', null, 'Pay Stub']);
    expect(splitPackage(w4)?.map((p) => [p.pages, p.kind])).toEqual([[[1, 2], 'Tax Form'], [[3], 'Pay Stub']]);
  });

  it('a page that says too little joins the part before it; a page of rows joins the statement before it', () => {
    const more = [
      ...page(1, 'Business Checking  Statement of Account', 'Beginning balance 1,000.00  Ending balance 900.00', 'Deposits  Withdrawals  Daily balance'),
      ...page(2, '01/05 CARD PURCHASE 10.00 990.00', '01/06 CARD PURCHASE 40.00 950.00', '01/09 CARD PURCHASE 50.00 900.00'),
      ...page(3, 'Form W-2 Wage and Tax Statement 2023', 'Department of the Treasury - Internal Revenue Service', 'Social security wages  Medicare wages and tips'),
      ...page(4, 'Copy C for employee\'s records'),
      ...page(5, '01/12 CARD PURCHASE 10.00 890.00', '01/13 CARD PURCHASE 10.00 880.00', '01/14 CARD PURCHASE 10.00 870.00'),
    ];
    expect(splitPackage(more)?.map((p) => [p.pages, p.kind])).toEqual([[[1, 2, 5], 'Bank Statement'], [[3, 4], 'Tax Form']]);
  });

  it("a page of two phrases of another kind and none of the part before it is no continuation of that part (the lending package's cheque after the licence)", () => {
    const pkg = [
      ...lines.filter((l) => l.page <= 2),
      // The payroll cheque as one OCR reading gave it: 'DOLLARS' lost, two cheque phrases left.
      ...page(3, 'ANY COMPANY CORP.  Payroll check', 'Pay date: 7/25/2008  Social Security No. 987-65-4321', 'This amount:  $291.90', 'AMX NAME VOID VOID VOID'),
      ...lines.filter((l) => l.page >= 4),
    ];
    expect(classifyPages(pkg).map((p) => p.kind)).toEqual(['Pay Stub', 'Identity Document', null, 'Investment Statement', 'Tax Form', 'Insurance Form']);
    expect(splitPackage(pkg)?.map((p) => [p.pages, p.kind])).toEqual([
      [[1], 'Pay Stub'], [[2], 'Identity Document'], [[3], 'Cheque'], [[4], 'Investment Statement'], [[5], 'Tax Form'], [[6], 'Insurance Form'],
    ]);
    // A page with one such phrase, or none, still joins the part before it.
    const weak = [...lines.filter((l) => l.page <= 2), ...page(3, 'VOID VOID VOID'), ...lines.filter((l) => l.page >= 4)];
    expect(splitPackage(weak)?.map((p) => p.pages)).toEqual([[1], [2, 3], [4], [5], [6]]);
  });

  it("a busy statement's page whose wrapped descriptions name insurance premiums is the statement's, not an insurance form", () => {
    const rows = Array.from({ length: 10 }, (_, i) => [`01/${String(10 + i).padStart(2, '0')} NEXT INSURANCE  ${100 + i}.00  ${900 - i}.00`, 'PREMIUM 83772120']).flat();
    const busy = [
      ...page(1, 'Business Checking  Statement of Account', 'Beginning balance 1,000.00  Ending balance 900.00', 'Deposits  Withdrawals  Daily balance'),
      ...page(2, 'Date  Description  Effective Date  Amount  Balance', ...rows),
    ];
    expect(classifyPages(busy).map((p) => p.kind)).toEqual(['Bank Statement', null]);
    expect(splitPackage(busy)).toBeNull();
  });
});
