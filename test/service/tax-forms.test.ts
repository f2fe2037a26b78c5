import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStatusSchema } from '../../src/contract/api/file-status.js';
import { TAX_KINDS, renderTaxForm } from '../fixtures/generator/forms/tax.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { renderPackage } from '../fixtures/generator/package.js';
import { jsonFile, mtjson, newAccount, startTestService, type Client, type TestService } from './helpers.js';

let svc: TestService;
let c: Client;
beforeAll(async () => {
  svc = await startTestService();
  c = await newAccount(svc, 'pdfinsightstp', { conversions: 100 });
});
afterAll(async () => { await svc?.stop(); });

const pdf = (bytes: Uint8Array, name: string) => ({ name, bytes, type: 'application/pdf' });

describe('tax forms over HTTP', () => {
  it.each(TAX_KINDS.flatMap((k) => [[k, 'taxform'], [k, 'autoDetect']] as const))('%s with accounttype=%s: named, key figures read, ids masked', async (kind, accounttype) => {
    const f = await renderTaxForm(7, kind);
    const r = await c.post('/uploadpdfs', { appnumber: `TX-${kind}-${accounttype}`, accounttype }, [pdf(f.bytes, `${kind}.pdf`)]);
    expect(r.status).toBe(200);
    const item = r.json.file_status[0];
    expect(() => FileStatusSchema.parse(item)).not.toThrow();
    expect(item).toMatchObject({ fail: false, TaxForms: kind, docType: 1, detectedDocTypeText: 'Tax Form' });
    const t = item.taxForm;
    expect(t.taxYear).toBe(f.truth.taxYear);
    for (const [k, v] of Object.entries(f.truth.figures)) expect(t[k], k).toBe(v);
    expect(t.ein).toBe(f.truth.ein);
    expect(t.tin).toBe(f.truth.tin);
    expect(t.unread).toEqual([]);
    // Never the full number anywhere in the answer.
    expect(r.text).not.toMatch(/\b\d{3}-\d{2}-\d{4}\b/);
    expect(r.text).not.toMatch(/\b\d{2}-\d{7}\b/);
    expect(r.json.appinfo.totaltaxforms).toBe(1);
    expect(r.json.appinfo.totaltaxreturns).toBe(['1040 Schedule C', '1120', '1120-S', '1065'].includes(kind) ? 1 : 0);
  });

  it('a lending package (statement, W-2, insurance page): the statement is stored and every item names the parts, the W-2 with its figures', async () => {
    const p = await renderPackage(3, 'chase');
    const r = await c.post('/uploadpdfs', { appnumber: 'TX-package', accounttype: 'autoDetect' }, [pdf(p.bytes, 'package.pdf')]);
    expect(r.status).toBe(200);
    const items = r.json.file_status;
    expect(items.map((i: { numTransactions: number; fail: boolean }) => [i.numTransactions, i.fail])).toEqual([[p.statements[0]!.transactions.length, false]]);
    for (const item of items) expect(() => FileStatusSchema.parse(item)).not.toThrow();
    const parts = items[0].documentParts;
    expect(parts.map((x: { pages: number[]; kind: string; readAs: string }) => [x.pages, x.kind, x.readAs])).toEqual([
      [p.pages.statement, 'Bank Statement', 'statements'], [p.pages.tax, 'Tax Form', 'taxForm'], [p.pages.filler, 'Insurance Form', 'unrecognised'],
    ]);
    expect([parts[1].taxForm.wages, parts[1].taxForm.tin]).toEqual([p.tax.figures.wages, p.tax.tin]);
    // The package's W-2 counts as a tax form of the application, beside its statement.
    expect(r.json.appinfo.totaltaxforms).toBe(1);
    expect(r.text).not.toMatch(/\b\d{3}-\d{2}-\d{4}\b/);
  });

  it('taxscorelist sets the declared gross receipts beside the deposits of the same year', async () => {
    const f = await renderTaxForm(21, '1120-S');
    const year = f.truth.taxYear!;
    const stmt = mtjson([{ start: `${year}-03-01`, end: `${year}-03-31`, startBalance: 100_000, txns: [
      { date: `${year}-03-04`, description: 'CUSTOMER DEPOSIT', amount: 4_000_000 },
      { date: `${year}-03-18`, description: 'CUSTOMER DEPOSIT', amount: 1_000_000 },
    ] }]);
    const r = await c.post('/uploadpdfs', { appnumber: 'TX-SC', accounttype: 'autoDetect', includescorecard: 'true', format: 'jsonobject', sections: 'taxscorelist' },
      [pdf(f.bytes, '1120s.pdf'), jsonFile(stmt, 'bank.json')]);
    expect(r.status).toBe(200);
    const forms = r.json.scorecard.taxscorelist.forms;
    expect(forms.columns).toContain('receipts_to_deposits');
    expect(forms.data).toHaveLength(1);
    expect(forms.data[0]).toMatchObject({ form: '1120-S', tax_year: year, gross_receipts: f.truth.figures.grossReceipts, net_profit: f.truth.figures.netProfit, bank_true_revenue: 50_000 });
    expect(forms.data[0].receipts_to_deposits).toBe(Math.round((f.truth.figures.grossReceipts! / 50_000) * 100) / 100);
    const sc = await c.post('/scorecard', { appid: r.json.appinfo.appid, sections: 'taxscorelist' });
    expect(sc.json.taxscorelist.forms.data[0].form).toBe('1120-S');
    const xls = await c.post('/makexls', { appid: r.json.appinfo.appid });
    expect(xls.status).toBe(200);
    expect(xls.text.slice(0, 2)).toBe('PK');
  });

  it('a bank statement sent as taxform fails naming the forms read', async () => {
    const st = await renderStatementPdf(makeStatementSpec({ seed: 3, layout: 'chase', months: 1 }));
    const r = await c.post('/uploadpdfs', { appnumber: 'TX-NOT', accounttype: 'taxform' }, [pdf(st.bytes, 'stmt.pdf')]);
    expect(r.json.file_status[0].fail).toBe(true);
    expect(r.json.file_status[0].error).toMatch(/not a tax form .*W-2/);
  });

  it('a figure the form should print but does not is null and named in unread, never guessed', async () => {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText('Form W-2 Wage and Tax Statement 2023', { x: 40, y: 750, size: 14, font });
    page.drawText('1 Wages, tips, other compensation', { x: 40, y: 700, size: 7, font });
    page.drawText('2 Federal income tax withheld', { x: 300, y: 700, size: 7, font });
    page.drawText('1,234.00', { x: 300, y: 685, size: 10, font });
    const r = await c.post('/uploadpdfs', { appnumber: 'TX-GAP', accounttype: 'taxform' }, [pdf(await doc.save(), 'w2.pdf')]);
    const t = r.json.file_status[0].taxForm;
    expect(t).toMatchObject({ kind: 'W-2', taxYear: 2023, wages: null, federalWithheld: 1234, ein: '', tin: '' });
    expect(t.unread).toEqual(['wages', 'socialSecurityWages', 'socialSecurityWithheld', 'medicareWages', 'medicareWithheld', 'ein', 'tin']);
    expect(r.json.file_status[0].suggestion).toBe('could not read: wages, socialSecurityWages, socialSecurityWithheld, medicareWages, medicareWithheld, ein, tin');
  });
});
