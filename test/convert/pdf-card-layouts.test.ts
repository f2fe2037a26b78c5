/**
 * The PDF engine on the classes of credit-card statement real ones showed: the Regulation Z
 * form (the CFPB's sample statement) whose transactions sit under sub-headings of one table
 * with two dates and a reference number per row, whose Fees and Interest Charged sections end
 * in their own "TOTAL … FOR THIS PERIOD" lines, whose interest charges may be printed without a
 * date (one line per balance type, most $0.00), and after which an Interest Charge Calculation
 * table prints figures that are no rows; and a New Zealand card whose one heading names both
 * directions ("General Payments & Charges"), so only each amount's own mark gives its sign (a
 * minus on payments, a trailing CR on credits), with "03 Sept"/"05 June" dates, a "PROCESS
 * DATE" column, amounts due (Current Payment, Overdue Payment) beside its summary, a dated
 * "Interest Brought Forward" charge and a summary printed as labels over figures; a card of
 * several card members whose purchases sit under bold sub-headings naming no direction ("JORDAN
 * ELLIS #1234: Transactions") after "Payments, Credits and Adjustments". Each over
 * several seeds and shapes (months, cards, hundreds of rows, Dec→Jan), read with accounttype
 * autoDetect and compared field by field with the generator's truth (the holder's side: payments
 * positive, charges negative); currency too. And a card whose rows do not account for its
 * summary says so, with the summary's figures and the rows' (never silently wrong).
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import type { SpecOptions } from '../fixtures/generator/index.js';
import { readGeneratedLayout } from '../fixtures/generator/read-layout.js';
import { drawnPdf } from '../fixtures/drawn-pdf.js';

const read = (spec: SpecOptions) => readGeneratedLayout(spec);

const shapes: { name: string; spec: SpecOptions }[] = [
  { name: 'regzcard: undated interest lines ($0.00 ones no rows), "-$" payments, YTD totals and interest-charge table after', spec: { seed: 2, layout: 'regzcard' } },
  { name: 'regzcard: dated interest, "-500.00" payments without "$"', spec: { seed: 1, layout: 'regzcard' } },
  { name: 'regzcard hard: a late fee under Fees, long wrapped descriptions, 2 months', spec: { seed: 4, layout: 'regzcard', hard: true, months: 2 } },
  { name: 'regzcard: 120 rows over pages (column heads repeated, sections continued)', spec: { seed: 8, layout: 'regzcard', transactionsPerMonth: 120 } },
  { name: 'regzcard: Dec→Jan cycle, two cards', spec: { seed: 5, layout: 'regzcard', accounts: 2, startDate: '2024-12-16' } },
  { name: 'regzcard as Chase words it: "Date of" over "Transaction", "$ Amount", a total after every section', spec: { seed: 6, layout: 'regzcard' } },
  { name: 'regzcard: undated interest lines broken across a page (heads repeated between them)', spec: { seed: 26, layout: 'regzcard', hard: true, months: 2 } },
  { name: 'regzcard as Chase words it: hard, 2 months, Dec→Jan', spec: { seed: 3, layout: 'regzcard', hard: true, months: 2, startDate: '2024-12-16' } },
  { name: 'capcard: card members\' purchases under "NAME #1234: Transactions" sub-headings, "- $500.00" credits, "Jan 5" dates, summary as labels over figures with operators', spec: { seed: 1, layout: 'capcard' } },
  { name: 'capcard: undated interest lines, hard, 2 months, Dec→Jan', spec: { seed: 2, layout: 'capcard', hard: true, months: 2, startDate: '2024-12-16' } },
  { name: 'capcard: 140 rows over pages, two cards', spec: { seed: 3, layout: 'capcard', transactionsPerMonth: 140, accounts: 2 } },
  { name: 'nzcard: "-2,934.00" payments and "45.00 CR" credits under "General Payments & Charges", summary as labels over figures', spec: { seed: 2, layout: 'nzcard' } },
  { name: 'nzcard: every credit "CR", "Interest Brought Forward" charge, credits lumped with charges in the summary', spec: { seed: 1, layout: 'nzcard' } },
  { name: 'nzcard hard, 2 months', spec: { seed: 3, layout: 'nzcard', hard: true, months: 2 } },
  { name: 'nzcard: 150 rows over pages', spec: { seed: 4, layout: 'nzcard', transactionsPerMonth: 150 } },
  { name: 'nzcard: Dec→Jan cycle, two cards', spec: { seed: 5, layout: 'nzcard', accounts: 2, startDate: '2024-12-20' } },
];

describe('PDF engine on credit-card statements as issuers print them', () => {
  for (const s of shapes) {
    it(s.name, async () => {
      const { diffs } = await read(s.spec);
      expect(diffs, `differences:\n  ${diffs.join('\n  ')}`).toEqual([]);
    });
  }

  it('type, bank and currency come from the document', async () => {
    const got: string[] = [];
    for (const layout of ['regzcard', 'nzcard', 'capcard'] as const) {
      const { doc } = await read({ seed: 7, layout });
      const s = doc.statements[0];
      got.push(`${layout}: ${doc.detectedDocType} ${s?.accountTypeStr} ${s?.currencyCode} ${s?.bankName}`);
    }
    expect(got).toEqual([
      'regzcard: Credit Card Statement CCard USD Citibank, N.A.',
      'nzcard: Credit Card Statement CCard NZD Kiwibank',
      'capcard: Credit Card Statement CCard USD Capital One',
    ]);
  });
});

describe('a card whose rows do not account for its summary', () => {
  it('says so, with what the summary printed and what the rows give', async () => {
    // A listing of two charges under a summary that also printed a payment and more purchases.
    const lines: string[][] = [['Credit Card Statement'], ['Opening/Closing Date 01/01/25 - 01/31/25'], ['Account Summary'],
      ['Previous Balance', '$500.00'], ['Payments', '-$300.00'], ['Purchases', '+$420.00'], ['Interest Charged', '+$5.00'], ['New Balance', '$625.00'],
      ['Minimum Payment Due', '$25.00'], ['Payment Due Date', '02/25/25'], ['Credit Limit', '$5,000.00'], ['Available Credit', '$4,375.00'],
      ['Transactions'], ['Date', 'Description', 'Amount'], ['01/05', 'GROCERY STORE', '100.00'], ['01/09', 'FUEL STATION', '20.00']];
    const parsed = await convertDocument({ fileName: 'short.pdf', bytes: await drawnPdf(lines), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const s = parsed.statements[0]!;
    expect(parsed.detectedDocType).toBe('Credit Card Statement');
    expect([s.startBalance, s.endBalance, s.transactions.map((t) => t.amount)]).toEqual([-50000, -62500, [-10000, -2000]]);
    expect(reconcile(s, 0).reconciled).toBe(false);
    expect(s.hints?.join(' ')).toMatch(/The printed summary accounts for the change \(credits 300\.00, debits 425\.00\); the rows read give credits 0\.00, debits 120\.00: 300\.00 of credits missing and 305\.00 of debits missing/);
  });
});

describe("a card's notices and projections after its listing", () => {
  it('"NO INTEREST CHARGED ON THIS STATEM ENT" is no section and "Estimated interest - next month" no charge', async () => {
    const lines: string[][] = [['Credit Card Statement'], ['Opening/Closing Date 01/01/25 - 01/31/25'], ['Account Summary'],
      ['Previous Balance', '$500.00'], ['Payments', '-$300.00'], ['Purchases', '+$120.00'], ['New Balance', '$320.00'],
      ['Minimum Payment Due', '$25.00'], ['Credit Limit', '$5,000.00'],
      ['Transactions'], ['Date', 'Description', 'Amount'], ['01/05', 'GROCERY STORE', '100.00'], ['01/09', 'FUEL STATION', '20.00'],
      ['01/12', 'PAYMENT THANK YOU', '300.00CR'], [''],
      // The PDF splits the heading's last word, as a real card statement's text layer did.
      ['', 'NO INTEREST CHARGED ON THIS STATEM ENT'], ['', 'Estimated interest - next month', '40.51']];
    const parsed = await convertDocument({ fileName: 'notice.pdf', bytes: await drawnPdf(lines), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const s = parsed.statements[0]!;
    expect(s.transactions.map((t) => t.amount)).toEqual([-10000, -2000, 30000]);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});
