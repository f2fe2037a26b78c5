import type { StatementSpec } from './fixtures.js';

/**
 * One application computed by hand (test/scorecard/hand-computed.test.ts has the arithmetic):
 * three accounts, a gap month, overlapping statements, two currencies, two holders, an
 * unreconciled statement, loan proceeds, an MCA and a non-MCA loan, NSF and overdraft fees.
 *
 * 1111 Checking USD (checking-1111.json): Jan, Feb, — March missing —, Apr.
 * 2222 Savings USD (savings-2222.json): Jan 15 – Feb 14 and Feb 10 – Mar 9 (overlap Feb 10–14).
 * 3333 Checking GBP, holder JOHN SMITH (gbp-3333.json): April, prints an end balance 100 too high.
 */
export const HAND_SPECS: StatementSpec[] = [
  { accountIdx: 0, accountNumber: '1111', fileName: 'checking-1111.json', start: '2025-01-01', end: '2025-01-31', startBalance: 1_000, rows: [
    ['2025-01-02', 'BANKCARD DEPOSIT MTOT DEP', 5_000],
    ['2025-01-03', 'LOAN PROCEEDS 7781', 10_000],
    ['2025-01-06', 'KAPITUS SERVICING ACH DEBIT', -500],
    ['2025-01-10', 'SBA EIDL LOAN PMT', -700],
    ['2025-01-15', 'CHECK 1001', -16_000],
    ['2025-01-16', 'NSF FEE ITEM 1001', -35],
    ['2025-01-20', 'MOBILE DEPOSIT REF 4471', 2_000],
  ] },
  { accountIdx: 0, accountNumber: '1111', fileName: 'checking-1111.json', start: '2025-02-01', end: '2025-02-28', startBalance: 765, rows: [
    ['2025-02-03', 'BANKCARD DEPOSIT MTOT DEP', 6_000],
    ['2025-02-05', 'KAPITUS SERVICING ACH DEBIT', -500],
    ['2025-02-20', 'OVERDRAFT ITEM FEE', -35],
  ] },
  { accountIdx: 0, accountNumber: '1111', fileName: 'checking-1111.json', start: '2025-04-01', end: '2025-04-30', startBalance: 6_230, rows: [
    ['2025-04-01', 'BANKCARD DEPOSIT MTOT DEP', 4_000],
    ['2025-04-07', 'KAPITUS SERVICING ACH DEBIT', -500],
    ['2025-04-14', 'CHECK 1002', -11_573.69],
    ['2025-04-16', 'NSF FEE ITEM 1002', -35],
    ['2025-04-21', 'MOBILE DEPOSIT REF 5512', 3_000],
  ] },
  { accountIdx: 1, accountNumber: '2222', type: 'Savings', fileName: 'savings-2222.json', start: '2025-01-15', end: '2025-02-14', startBalance: 500, rows: [
    ['2025-01-31', 'DEPOSIT', 1],
  ] },
  { accountIdx: 1, accountNumber: '2222', type: 'Savings', fileName: 'savings-2222.json', start: '2025-02-10', end: '2025-03-09', startBalance: 501, rows: [
    ['2025-02-28', 'DEPOSIT', 1],
  ] },
  { accountIdx: 2, accountNumber: '3333', currency: 'GBP', owner: 'JOHN SMITH', fileName: 'gbp-3333.json', start: '2025-04-01', end: '2025-04-30', startBalance: 2_000, printedEnd: 3_600, rows: [
    ['2025-04-10', 'CLOVER SETTLEMENT MERCH DEP', 1_500],
  ] },
];

/** The same statements as MTJson files, one per account (what a broker would send). */
export function handMtJsonFiles(): { name: string; json: string }[] {
  const byFile = new Map<string, StatementSpec[]>();
  for (const s of HAND_SPECS) byFile.set(s.fileName!, [...(byFile.get(s.fileName!) ?? []), s]);
  return [...byFile.entries()].map(([name, specs]) => {
    const first = specs[0]!;
    const cents = (d: number) => Math.round(d * 100);
    const dollars = (c: number) => c / 100;
    return {
      name,
      json: JSON.stringify({ accounts: [{
        bank_name: 'First Test Bank', account_name: first.type ?? 'Checking', account_number: first.accountNumber,
        account_type: (first.type ?? 'Checking').toLowerCase(), account_owner: `${first.owner ?? 'Acme Widgets LLC'}\n12 Main St\nSpringfield, IL 62701`,
        ...(first.currency ? { currency: first.currency } : {}),
        statements: specs.map((s) => {
          const sum = s.rows.reduce((a, r) => a + cents(r[2]), 0);
          const end = s.printedEnd === undefined ? cents(s.startBalance) + sum : cents(s.printedEnd);
          return {
            start_date: s.start, end_date: s.end, start_balance: s.startBalance, end_balance: dollars(end),
            transactions: s.rows.map(([date, description, amount]) => ({ date, description, amount })),
          };
        }),
      }] }),
    };
  });
}
