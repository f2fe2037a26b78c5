/**
 * Accuracy gate of the PDF engine: every generated layout, converted by the
 * real engine, must give back every transaction (date, description, amount, printed balance),
 * the start/end balances and totals exactly, reconcile, and name the bank and account.
 * On failure the message lists the differences, starting with the first differing row.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions, type AccountTypeOption } from '../../src/contract/api/conversion-options.js';
import { sequenceStatements } from '../../src/engine/statement/select.js';
import { statementFileStatus, type FileStatusContext } from '../../src/engine/statement/file-status.js';
import { CARD_LAYOUTS, LAYOUTS, makeStatementSpec, renderStatementPdf, type SpecOptions } from '../fixtures/generator/index.js';
import { compareStatements, sameAccountNumber, sameBankName } from '../fixtures/generator/compare.js';

interface Case {
  name: string;
  spec: SpecOptions;
  accounttype: AccountTypeOption;
}

const cases: Case[] = [
  ...LAYOUTS.map((layout): Case => ({ name: layout, spec: { seed: 1, layout }, accounttype: CARD_LAYOUTS.includes(layout) ? 'CCard' : 'Bank' })),
  { name: 'chase autoDetect', spec: { seed: 2, layout: 'chase' }, accounttype: 'autoDetect' },
  { name: 'creditcard autoDetect', spec: { seed: 2, layout: 'creditcard' }, accounttype: 'autoDetect' },
  { name: 'chase 3 months', spec: { seed: 3, layout: 'chase', months: 3, startDate: '2024-11-01' }, accounttype: 'Bank' },
  { name: 'wellsfargo 2 months Dec-Jan cycle', spec: { seed: 4, layout: 'wellsfargo', months: 2, startDate: '2024-11-16' }, accounttype: 'Bank' },
  { name: 'bofa 2 accounts', spec: { seed: 5, layout: 'bofa', accounts: 2 }, accounttype: 'Bank' },
  { name: 'creditunion 2 accounts x 2 months', spec: { seed: 6, layout: 'creditunion', accounts: 2, months: 2, startDate: '2024-12-01' }, accounttype: 'Bank' },
  { name: 'creditunion parentheses', spec: { seed: 4, layout: 'creditunion' }, accounttype: 'Bank' },
  { name: 'creditunion DR/CR', spec: { seed: 2, layout: 'creditunion' }, accounttype: 'Bank' },
  { name: 'creditunion unsigned amounts, signs from balances, "08 Dec 24" dates', spec: { seed: 3, layout: 'creditunion', startDate: '2024-12-01' }, accounttype: 'Bank' },
  { name: 'creditcard 2 cards', spec: { seed: 8, layout: 'creditcard', accounts: 2 }, accounttype: 'CCard' },
  { name: 'citi 300 rows over several pages', spec: { seed: 9, layout: 'citi', transactionsPerMonth: 300 }, accounttype: 'Bank' },
  { name: 'pnc 200 rows over several pages', spec: { seed: 10, layout: 'pnc', transactionsPerMonth: 200, hard: true }, accounttype: 'Bank' },
  { name: 'creditcard 2 months', spec: { seed: 7, layout: 'creditcard', months: 2, startDate: '2024-12-10' }, accounttype: 'CCard' },
  { name: 'ukcurrent Dec with OD balances', spec: { seed: 12, layout: 'ukcurrent', hard: true, startDate: '2024-12-01', transactionsPerMonth: 60 }, accounttype: 'Bank' },
  { name: 'neobank 100 rows, header on page 1 only', spec: { seed: 13, layout: 'neobank', transactionsPerMonth: 100 }, accounttype: 'Bank' },
  { name: 'sparkasse 2 months', spec: { seed: 14, layout: 'sparkasse', months: 2, startDate: '2024-12-01' }, accounttype: 'Bank' },
  { name: 'sparkasse Soll/Haben columns', spec: { seed: 17, layout: 'sparkasse', hard: true }, accounttype: 'Bank' },
  { name: 'regionalcu hard (long wrapped rows)', spec: { seed: 15, layout: 'regionalcu', hard: true, transactionsPerMonth: 60 }, accounttype: 'Bank' },
  { name: 'landscape checking + savings, Dec 16 - Jan 15', spec: { seed: 16, layout: 'landscape', accounts: 2, startDate: '2024-12-16' }, accounttype: 'Bank' },
  ...(['chase', 'wellsfargo', 'citi', 'capitalone', 'usbank', 'td', 'creditunion', 'creditcard'] as const).map((layout): Case => ({
    name: `${layout} hard cases`, spec: { seed: 21, layout, hard: true, transactionsPerMonth: 80, startDate: '2024-12-16' }, accounttype: layout === 'creditcard' ? 'CCard' : 'Bank',
  })),
];

const ctx = (fileName: string, i: number): FileStatusContext => ({
  fileName, fileConversionId: i + 1, resfile: `${fileName}.json`, statementid: i + 1, tid: `t${i}`, trackingId: `trk${i}`,
  remaining: 0, numInLast3Days: 0, webhook: '',
});

describe('PDF engine against generated statements (accuracy gate)', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const rendered = await renderStatementPdf(makeStatementSpec(c.spec));
      const fileName = `${c.name.replace(/\W+/g, '-')}.pdf`;
      const options = defaultConversionOptions({ accounttype: c.accounttype });
      const doc = await convertDocument({ fileName, bytes: rendered.bytes, options });
      expect(doc.error, 'whole-file error').toBeUndefined();
      expect(doc.format).toBe('pdf');
      expect(doc.pdf?.pagecount).toBe(rendered.pageCount);

      const diffs = compareStatements(rendered.truth, doc.statements);
      expect(diffs, `differences:\n  ${diffs.join('\n  ')}`).toEqual([]);

      const seq = sequenceStatements(doc, options);
      expect(seq).toHaveLength(rendered.truth.length);
      seq.forEach((s, i) => {
        const truth = rendered.truth[i]!;
        const fs = statementFileStatus(ctx(fileName, i), doc, s, options);
        const where = `statement ${i + 1}: ${fs.suggestion}`;
        expect(fs.reconciled, where).toBe(true);
        expect(fs.balancesValid, where).toBe(true);
        expect(fs.firstBrokenBalanceRow, where).toBeNull();
        expect(fs.likelyMissingTransactions, where).toBe(false);
        expect(sameBankName(truth.bankName, fs.bankName), `bankName ${fs.bankName}`).toBe(true);
        expect(sameAccountNumber(truth.accountNumber, fs.accountNumber, truth.accountTypeStr === 'CCard'), `accountNumber ${fs.accountNumber}`).toBe(true);
        expect(fs.numTransactions).toBe(truth.transactions.length);
        expect(fs.startDate).toBe(truth.startDate);
        expect(fs.endDate).toBe(truth.endDate);
        expect(fs.accounttypestr).toBe(truth.accountTypeStr);
        expect(fs.detectedDocTypeText).toBe(truth.docType);
      });
    });
  }
});
