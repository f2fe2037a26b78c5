/**
 * The PDF engine on classes of statement nobody on the team had seen, built from how real
 * statements of other countries print (no reading code knows them): Swiss apostrophe
 * thousands with a value-date column after the amounts; French space thousands, year-less
 * day-first dates and the balances as rows of the Débit/Crédit columns (negative when printed
 * under Débit); Dutch Af/Bij as columns or as a flag column beside one unsigned amount, with
 * IBAN-only account numbers and "t/m" periods; Italian Dare/Avere with 3-line narratives and
 * balance lines placed under the columns; Brazilian D/C after the amount, in its cell or its
 * own column, with day-end balances; Spanish signed Importe or Cargo/Abono columns; Indian
 * Chq./Ref.No. and Value Dt columns with Cr/Dr balances and a summary grid; a sterling card
 * whose foreign purchases print foreign amounts and rates in the description (or in a column
 * of their own beside the amount) and whose
 * purchases table sits under a title that names no direction; Mexican "05/ENE" dates with two
 * balance columns and rows broken across pages; an online activity printout listed newest
 * first (read oldest first) whose later pages word the column heads differently; a mobile
 * bank's description-first table with "-12,50 €" amounts and its totals printed as the
 * table's last, undated lines; an Indian table with a branch-code column after the balance;
 * a Kenyan statement whose Credit column comes before its Debit column and whose currency is
 * only the code KES and whose pages end with a row of page totals. Each over several seeds and
 * shapes (months, accounts, hundreds of rows, Dec→Jan periods), read with accounttype
 * autoDetect and compared field by field with the generator's truth; currency too.
 */
import { describe, expect, it } from 'vitest';
import type { SpecOptions } from '../fixtures/generator/index.js';
import { readGeneratedLayout } from '../fixtures/generator/read-layout.js';
import { parseMoneyCell } from '../../src/engine/pdf/tokens.js';

const read = (spec: SpecOptions) => readGeneratedLayout(spec);

const shapes: { name: string; spec: SpecOptions }[] = [
  { name: "swiss: 1'234.56 CHF, Belastung/Gutschrift, Valuta column after the amounts", spec: { seed: 1, layout: 'swiss' } },
  { name: 'swiss: 2 months, hard (overdrawn, long rows), Dec→Jan', spec: { seed: 2, layout: 'swiss', months: 2, hard: true, startDate: '2024-12-16' } },
  { name: 'swiss: business account with 250 rows over pages', spec: { seed: 3, layout: 'swiss', transactionsPerMonth: 250 } },
  { name: 'french: "1 234,56", DD/MM without a year, SOLDE PRÉCÉDENT and NOUVEAU SOLDE rows', spec: { seed: 2, layout: 'french' } },
  { name: 'french: no-break-space thousands, Dec→Jan', spec: { seed: 1, layout: 'french', startDate: '2024-12-16' } },
  { name: 'french hard: overdrawn balances printed under Débit, 2 months', spec: { seed: 7, layout: 'french', hard: true, months: 2, transactionsPerMonth: 60 } },
  { name: 'french: current and savings accounts in one file', spec: { seed: 9, layout: 'french', accounts: 2 } },
  { name: 'dutch: Af | Bij columns, IBAN account, "t/m" period', spec: { seed: 2, layout: 'dutch' } },
  { name: 'dutch: one unsigned Bedrag column and an Af/Bij flag column', spec: { seed: 1, layout: 'dutch' } },
  { name: 'dutch: flag column, 2 months, hard', spec: { seed: 3, layout: 'dutch', months: 2, hard: true, transactionsPerMonth: 60 } },
  { name: 'italian: Dare/Avere, 3-line narratives, Saldo iniziale/finale lines', spec: { seed: 1, layout: 'italian' } },
  { name: 'italian hard: negative Saldo iniziale under Dare, 2 months', spec: { seed: 7, layout: 'italian', hard: true, months: 2, transactionsPerMonth: 60 } },
  { name: 'brazil: "1.234,56 D" in the amount cell, day-end balances', spec: { seed: 2, layout: 'brazil' } },
  { name: 'brazil: D/C in its own column', spec: { seed: 1, layout: 'brazil' } },
  { name: 'brazil: conta corrente and poupança, Dec→Jan', spec: { seed: 9, layout: 'brazil', accounts: 2, startDate: '2024-12-16' } },
  { name: 'spanish: one signed Importe column and Saldo', spec: { seed: 2, layout: 'spanish' } },
  { name: 'spanish: Cargo | Abono | Saldo, hard, 2 months', spec: { seed: 1, layout: 'spanish', hard: true, months: 2, transactionsPerMonth: 60 } },
  { name: 'hdfc: Chq./Ref.No. and Value Dt columns, plain balances, summary grid', spec: { seed: 2, layout: 'hdfc' } },
  { name: 'hdfc: Cr/Dr balances, 200 rows', spec: { seed: 1, layout: 'hdfc', transactionsPerMonth: 200 } },
  { name: 'fxcard: foreign amounts and rates in descriptions, "-£" credits', spec: { seed: 2, layout: 'fxcard' } },
  { name: 'fxcard: "£ CR" credits, hard, 2 months', spec: { seed: 1, layout: 'fxcard', hard: true, months: 2 } },
  { name: 'fxcard: foreign amounts ("USD 45.20") in a column of their own beside the amount', spec: { seed: 3, layout: 'fxcard', hard: true } },
  { name: 'fxcard: foreign-amount column, "-£" credits', spec: { seed: 6, layout: 'fxcard', transactionsPerMonth: 60 } },
  { name: 'mexico: "05/ENE" dates, two balance columns, rows broken across pages', spec: { seed: 2, layout: 'mexico', transactionsPerMonth: 60 } },
  { name: 'mexico: day-first period against month-first figures inside descriptions', spec: { seed: 1, layout: 'mexico', transactionsPerMonth: 60 } },
  { name: 'mexico: Dec→Jan, 2 months, hard', spec: { seed: 3, layout: 'mexico', months: 2, hard: true, startDate: '2024-12-16' } },
  { name: 'activity: newest first, balances running backwards, continuation pages worded differently', spec: { seed: 1, layout: 'activity', transactionsPerMonth: 60 } },
  { name: 'activity: newest first across Dec→Jan, a time after each date, hard', spec: { seed: 2, layout: 'activity', hard: true, startDate: '2024-12-16', transactionsPerMonth: 80 } },
  { name: 'n26: description first, "-12,50 €" amounts, totals as the table\'s last undated lines', spec: { seed: 1, layout: 'n26' } },
  { name: 'n26: 2 months, hard', spec: { seed: 2, layout: 'n26', months: 2, hard: true, transactionsPerMonth: 60 } },
  { name: 'axis: a branch-code column after the balance, TRANSACTION TOTAL and CLOSING BALANCE rows', spec: { seed: 1, layout: 'axis' } },
  { name: 'axis: savings and current accounts, 2 months', spec: { seed: 2, layout: 'axis', accounts: 2, months: 2 } },
  { name: 'kenya: Credit column before Debit, currency printed as a code only', spec: { seed: 2, layout: 'kenya' } },
  { name: 'kenya: a "Page Total" row at the foot of each page', spec: { seed: 1, layout: 'kenya', transactionsPerMonth: 120 } },
  { name: 'kenya: page totals under a label no data file knows (the sums tell)', spec: { seed: 3, layout: 'kenya', transactionsPerMonth: 120 } },
  { name: 'kenya: hard, 150 rows', spec: { seed: 4, layout: 'kenya', hard: true, transactionsPerMonth: 150 } },
];

describe('money printed the ways other countries print it', () => {
  it('reads a currency after the figure, typographic apostrophes and space thousands', () => {
    expect(parseMoneyCell('-12,50 €')).toMatchObject({ cents: -1250, explicit: true });
    expect(parseMoneyCell('+1.234,56 €')).toMatchObject({ cents: 123456, explicit: true });
    expect(parseMoneyCell('1 234,56 €')?.cents).toBe(123456);
    expect(parseMoneyCell('1,234.56 USD')?.cents).toBe(123456);
    // "CAD" ends in D: the currency goes before the D/C marker is looked for.
    expect(parseMoneyCell('1,234.56 CAD')).toMatchObject({ cents: 123456, marker: null });
    expect(parseMoneyCell('1.234,56 D')).toMatchObject({ cents: -123456, marker: 'DR' });
    expect(parseMoneyCell('1’234.56')?.cents).toBe(123456);
    expect(parseMoneyCell("-1'234.56")?.cents).toBe(-123456);
  });
});

describe('PDF engine on statement classes nobody on the team had seen', () => {
  for (const s of shapes) {
    it(s.name, async () => {
      const { diffs } = await read(s.spec);
      expect(diffs, `differences:\n  ${diffs.join('\n  ')}`).toEqual([]);
    });
  }

  it('type, bank and currency come from the document', async () => {
    const got: string[] = [];
    for (const layout of ['swiss', 'french', 'dutch', 'italian', 'brazil', 'spanish', 'hdfc', 'fxcard', 'mexico', 'activity', 'n26', 'axis', 'kenya'] as const) {
      const { doc } = await read({ seed: 5, layout });
      const s = doc.statements[0];
      got.push(`${layout}: ${doc.detectedDocType} ${s?.accountTypeStr} ${s?.currencyCode} ${s?.bankName}`);
    }
    expect(got).toEqual([
      'swiss: Bank Statement Checking CHF PostFinance',
      'french: Bank Statement Checking EUR Société Générale',
      'dutch: Bank Statement Checking EUR ABN AMRO',
      'italian: Bank Statement Checking EUR Intesa Sanpaolo',
      'brazil: Bank Statement Checking BRL Banco do Brasil',
      'spanish: Bank Statement Checking EUR BBVA',
      'hdfc: Bank Statement Checking INR HDFC Bank',
      'fxcard: Credit Card Statement CCard GBP NatWest',
      'mexico: Bank Statement Checking MXN BBVA México',
      'activity: Bank Statement Checking USD Regions Bank',
      'n26: Bank Statement Checking EUR N26',
      'axis: Bank Statement Checking INR Axis Bank',
      'kenya: Bank Statement Checking KES Equity Bank',
    ]);
  });
});
