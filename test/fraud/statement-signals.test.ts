import { describe, expect, it } from 'vitest';
import type { ParsedStatement, ParsedTransaction } from '../../src/contract/model.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { ownerFindings, statementFindings } from '../../src/service/fraud/statement-signals.js';
import { scoreStatement } from '../../src/service/fraud/index.js';

function statement(txns: ParsedTransaction[], extra: Partial<ParsedStatement> = {}): ParsedStatement {
  const start = 100_000;
  const end = start + txns.reduce((a, t) => a + t.amount, 0);
  return {
    docType: 'Bank Statement', accountTypeStr: 'Checking', bankName: 'First Test Bank', accountNumber: '123456789', isStrongAccountNo: true,
    startBalance: start, endBalance: end, transactions: txns, ownerName: 'ACME TRUCKING LLC', address: { address1: '1 MAIN ST' }, ...extra,
  };
}
const t = (date: string, description: string, amount: number, balance?: number): ParsedTransaction => ({ date, description, amount, ...(balance !== undefined ? { balance } : {}) });
const keys = (s: ParsedStatement) => statementFindings(s, reconcile(s, 0)).map((f) => f.key);

describe('statement signals', () => {
  it('round large credits: most credits of $1,000+ in whole hundreds', () => {
    const round = statement([t('2025-03-03', 'DEPOSIT', 500_000), t('2025-03-04', 'DEPOSIT', 250_000), t('2025-03-05', 'DEPOSIT', 1_200_000),
      t('2025-03-06', 'DEPOSIT', 300_000), t('2025-03-07', 'DEPOSIT', 412_345), t('2025-03-10', 'CARD PURCHASE', -10_000)]);
    const f = statementFindings(round, reconcile(round, 0));
    expect(f.map((x) => x.key)).toEqual(['round-large-credits']);
    expect(f[0]!.text).toBe('4 of 5 credits of 1,000.00 or more are round amounts (e.g. 5,000.00, 2,500.00, 12,000.00)');
    const real = statement([t('2025-03-03', 'DEPOSIT', 512_344), t('2025-03-04', 'DEPOSIT', 250_000), t('2025-03-05', 'DEPOSIT', 1_200_017),
      t('2025-03-06', 'DEPOSIT', 300_000), t('2025-03-07', 'DEPOSIT', 412_345)]);
    expect(keys(real)).toEqual([]);
    // Three round credits are too few to judge.
    expect(keys(statement([t('2025-03-03', 'DEPOSIT', 500_000), t('2025-03-04', 'DEPOSIT', 250_000), t('2025-03-05', 'DEPOSIT', 100_000)]))).toEqual([]);
  });

  it('ACH entries on a weekend or a bank holiday; card purchases on a Saturday are normal', () => {
    const sat = statement([t('2025-03-08', 'ORIG CO NAME:GUSTO PAYROLL CCD', -250_000), t('2025-03-08', 'CARD PURCHASE SHELL OIL', -4_500)]);
    const f = statementFindings(sat, reconcile(sat, 0));
    expect(f).toEqual([{ key: 'ach-on-non-business-day', text: 'ACH entry "ORIG CO NAME:GUSTO PAYROLL CCD" -2,500.00 is dated 2025-03-08, a Saturday', evidence: [] }]);
    const holiday = statement([t('2025-07-04', 'STRIPE TRANSFER ACH CREDIT', 120_000), t('2025-07-07', 'ACH DEBIT IRS USATAXPYMT', -5_000)]);
    expect(statementFindings(holiday, reconcile(holiday, 0))[0]!.text).toBe('ACH entry "STRIPE TRANSFER ACH CREDIT" 1,200.00 is dated 2025-07-04, a bank holiday');
    expect(keys(statement([t('2025-03-08', 'CARD PURCHASE SHELL OIL', -4_500), t('2025-03-10', 'ACH CREDIT STRIPE', 90_000)]))).toEqual([]);
  });

  it('reconciliation failure and the row where the running balance breaks', () => {
    const s = statement([t('2025-03-03', 'DEPOSIT', 10_000, 110_000), t('2025-03-04', 'RENT', -50_000, 70_000), t('2025-03-05', 'FEE', -1_000, 69_000)], { endBalance: 69_000 });
    const f = statementFindings(s, reconcile(s, 0));
    expect(f.map((x) => x.key)).toEqual(['not-reconciled', 'broken-running-balance']);
    expect(f[0]!.text).toBe('Does not reconcile: start 1,000.00 + credits 100.00 − debits 510.00 = 590.00, printed ending balance 690.00');
    expect(f[1]!.text).toBe('Running balance breaks at row 2 (2025-03-04 "RENT"): expected 600.00, printed 700.00');
  });

  it('owner name or address that changes between statements of one file', () => {
    const a = statement([], { ownerName: 'Acme Trucking, LLC' });
    const b = statement([], { ownerName: 'ACME TRUCKING LLC' });
    const c = statement([], { ownerName: 'ACME TRUCKING LLC', address: { address1: '99 ELM AVE' } });
    const d = statement([], { ownerName: 'JOHN SMITH' });
    expect(ownerFindings(a, [a, b])).toEqual([]); // punctuation and case are no difference
    expect(ownerFindings(b, [b, c])[0]!.text).toBe('Owner address "1 MAIN ST" differs from "99 ELM AVE" in another statement of the same file');
    expect(ownerFindings(a, [a, d])[0]!.text).toBe('Owner "Acme Trucking, LLC" differs from "JOHN SMITH" in another statement of the same file');
    expect(ownerFindings(a, [a, statement([], { ownerName: '' })])).toEqual([]);
  });

  it('scoreStatement adds the statement signals to the file signals, each reason once, and a file seen in another application', () => {
    const s = statement([t('2025-03-08', 'ACH PMT ONDECK', -30_000), t('2025-03-09', 'ACH PMT ONDECK', -30_000)]);
    const f = scoreStatement({ file: [{ key: 'editing-tool', text: 'Produced with "Sejda" (Sejda 2.1), software that edits PDFs' }], statements: [] }, s, [s], reconcile(s, 0), { appnumbers: ['APP-7'] });
    expect(f.tpreasonsIndexes).toEqual([0, 9, 11]);
    expect(f.fraudscore).toBe(100 - 25 - 10 - 10);
    expect(f.tpreasons[1]).toMatch(/\(2 ACH entries on non-business days\)$/);
    expect(f.tpreasons[2]).toBe('The same file was uploaded before to application "APP-7"');
    expect(f.tpevidence![2]).toEqual([{ appnumber: 'APP-7' }]);
    expect(scoreStatement({ file: [], statements: [] }, statement([]), [], reconcile(statement([]), 0), { appnumbers: [] })).toEqual({ fraudscore: 100, tpreasonsIndexes: [], tpreasons: [], tpevidence: [] });
  });
});
