/**
 * A document that is by its own pages one kind no reader takes, an invoice above all (an
 * equipment finance deal's vendor invoice, its line items dated as a statement's rows are), was
 * read as a checking account of those line items: "transactions" that fed the scorecard. It is
 * now reported for what it is, with no statement; beside a statement in one file it is a part of
 * a package, and the statement is read as before. A statement whose rows name invoices stays one.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { invoicePdf } from '../fixtures/generator/invoice.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { compareStatements } from '../fixtures/generator/compare.js';
import { concatPdf } from '../fixtures/concat-pdf.js';

const convert = (bytes: Uint8Array) => convertDocument({ fileName: 'upload.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });

describe('a document that is no statement', () => {
  for (const lang of ['en', 'de'] as const) {
    it(`an invoice (${lang}) with dated line items is reported as an invoice, with no statement`, async () => {
      const doc = await convert(await invoicePdf(lang));
      expect(doc.statements).toEqual([]);
      expect(doc.error).toMatch(/^upload\.pdf: this is an invoice, not a statement \(Invoice: .+\); it has no transactions to read$/);
      expect(doc.parts?.map((p) => [p.pages, p.kind, p.readAs])).toEqual([[[1], 'Invoice', 'unrecognised']]);
    });
  }

  it('an invoice after a statement in one file is a part of a package: the statement is read as alone', async () => {
    const st = await renderStatementPdf(makeStatementSpec({ seed: 3, layout: 'chase' }));
    const doc = await convert(await concatPdf(st.bytes, await invoicePdf('en')));
    expect(compareStatements(st.truth, doc.statements)).toEqual([]);
    expect(doc.parts?.map((p) => [p.kind, p.readAs])).toEqual([[st.truth[0]!.docType, 'statements'], ['Invoice', 'unrecognised']]);
  });

  it('a checking statement whose rows pay and bill invoices stays a statement', async () => {
    const pen = await plainPdf();
    pen.text('Prairie Ridge Bank', 40, { bold: true, size: 12 }); pen.down(18);
    pen.text('BUSINESS CHECKING', 40, { bold: true }); pen.down(12);
    pen.text('Account number: 4410228731', 40); pen.down(12);
    pen.text('Statement period: 03/01/2023 to 03/31/2023', 40); pen.down(20);
    pen.text('Date', 40, { bold: true }); pen.text('Description', 110, { bold: true }); pen.right('Amount', 450, { bold: true }); pen.right('Balance', 540, { bold: true }); pen.down(14);
    pen.text('03/01/2023', 40); pen.text('Opening balance', 110); pen.right('11,500.00', 540); pen.down(12);
    const rows: [string, string, string, string][] = [
      ['03/03/2023', 'INVOICE 10442 PAYMENT BILL TO HARBOR ST', '-1,670.00', '9,830.00'],
      ['03/09/2023', 'STRIPE INVOICE QTY 3 SUBTOTAL PAYOUT', '2,410.55', '12,240.55'],
      ['03/20/2023', 'QUICKBOOKS INVOICE SALES TAX REMIT', '-87.92', '12,152.63'],
    ];
    for (const [d, text, amount, balance] of rows) { pen.text(d, 40); pen.text(text, 110); pen.right(amount, 450); pen.right(balance, 540); pen.down(12); }
    pen.text('03/31/2023', 40); pen.text('Closing balance', 110); pen.right('12,152.63', 540);
    const doc = await convert(await pen.save());
    expect(doc.error).toBeUndefined();
    expect(doc.statements).toHaveLength(1);
    expect(doc.statements[0]!.transactions.map((t) => t.amount)).toEqual([-167000, 241055, -8792]);
    expect(reconcile(doc.statements[0]!, 0).reconciled).toBe(true);
  });
});
