import type { AccountTypeStr, ScorecardInput, StoredStatement, StoredTransaction } from '../../src/contract/model.js';
import { classifyTransaction } from '../../src/scorecard/index.js';
import { addDays, isWeekend } from '../../src/contract/dates.js';

/**
 * Hand-made applications with known answers. Transactions are classified by the real
 * categorizer, exactly as the service does when it stores them.
 */
export type Row = [date: string, description: string, dollars: number];

export interface StatementSpec {
  accountIdx: number;
  accountNumber: string;
  type?: AccountTypeStr;
  start: string;
  end: string;
  startBalance: number; // dollars
  rows: Row[];
  excluded?: boolean;
  currency?: string;
  owner?: string;
  /** Printed ending balance in dollars when it differs from start + transactions (an unreconciled statement). */
  printedEnd?: number;
  fileName?: string;
}

let nextId = 1;

export function application(specs: StatementSpec[], opts: { finduntrue?: boolean; inProgress?: number } = {}): ScorecardInput {
  const statements: StoredStatement[] = specs.map((spec, i) => {
    const id = i + 1;
    const transactions: StoredTransaction[] = spec.rows.map(([date, description, dollars]) => {
      const amount = Math.round(dollars * 100);
      const c = classifyTransaction({ description, amount }, { finduntrue: opts.finduntrue ?? true });
      return { id: nextId++, statementId: id, accountIdx: spec.accountIdx, date, description, amount, categories: c.categories, trueval: c.trueval };
    });
    const sum = transactions.reduce((a, t) => a + t.amount, 0);
    const startBalance = Math.round(spec.startBalance * 100);
    const endBalance = spec.printedEnd === undefined ? startBalance + sum : Math.round(spec.printedEnd * 100);
    return {
      id, tid: `T${id}`, fileName: spec.fileName ?? `stmt-${id}.pdf`, accountIdx: spec.accountIdx, accountNumber: spec.accountNumber,
      accountTypeStr: spec.type ?? 'Checking', bankName: 'First Test Bank', ownerName: spec.owner ?? 'Acme Widgets LLC',
      startDate: spec.start, endDate: spec.end, startBalance, endBalance, ...(spec.currency ? { currency: spec.currency } : {}),
      totCredits: transactions.filter((t) => t.amount > 0).reduce((a, t) => a + t.amount, 0),
      totDebits: -transactions.filter((t) => t.amount < 0).reduce((a, t) => a + t.amount, 0),
      reconciled: endBalance === startBalance + sum, excludedTransactions: spec.excluded ?? false, transactions,
    };
  });
  return { appid: 7, appnumber: 'APP-7', statements, numFileConversionsInProgress: opts.inProgress ?? 0 };
}

/** Every weekday from `from` to `to` (inclusive) matching `pick(date)`. */
export function weekdays(from: string, to: string, pick: (d: string) => boolean = () => true): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (!isWeekend(d) && pick(d)) out.push(d);
  return out;
}

/**
 * Stacked MCAs, Jan–Feb 2025, one checking account, start $50,000:
 *  Kapitus $300 every weekday Jan 2 – Feb 28 (Daily; 22 in Jan, 20 in Feb),
 *  OnDeck $1,000 every Monday (Weekly; 4 + 4),
 *  Fora Financial $250 Mon/Wed/Fri in February (Every Other Day; 12),
 *  Credibly $2,000 on Jan 15 and Feb 14 (Monthly),
 *  card deposits $20,000 on Jan 2 and Feb 3.
 */
export function stackedMcaApp(): ScorecardInput {
  const dow = (d: string) => new Date(d + 'T00:00:00Z').getUTCDay();
  const jan: Row[] = [['2025-01-02', 'BANKCARD DEPOSIT MTOT DEP', 20_000]];
  const feb: Row[] = [['2025-02-03', 'BANKCARD DEPOSIT MTOT DEP', 20_000]];
  for (const d of weekdays('2025-01-02', '2025-02-28')) (d < '2025-02' ? jan : feb).push([d, 'KAPITUS SERVICING ACH DEBIT', -300]);
  for (const d of weekdays('2025-01-01', '2025-02-28', (x) => dow(x) === 1)) (d < '2025-02' ? jan : feb).push([d, 'ONDECK CAPITAL LOAN PMT', -1_000]);
  for (const d of weekdays('2025-02-01', '2025-02-28', (x) => [1, 3, 5].includes(dow(x)))) feb.push([d, 'FORA FINANCIAL ACH DEBIT', -250]);
  jan.push(['2025-01-15', 'CREDIBLY OF ARIZONA ACH DEBIT', -2_000]);
  feb.push(['2025-02-14', 'CREDIBLY OF ARIZONA ACH DEBIT', -2_000]);
  const janEnd = 50_000 + jan.reduce((a, r) => a + r[2], 0);
  return application([
    { accountIdx: 0, accountNumber: '1111', start: '2025-01-01', end: '2025-01-31', startBalance: 50_000, rows: jan },
    { accountIdx: 0, accountNumber: '1111', start: '2025-02-01', end: '2025-02-28', startBalance: janEnd, rows: feb },
  ]);
}

/** Revenue mix, March 2025, start $1,000 (see test for the expected split). */
export function revenueMixApp(finduntrue: boolean): ScorecardInput {
  return application([{
    accountIdx: 0, accountNumber: '1111', start: '2025-03-01', end: '2025-03-31', startBalance: 1_000, rows: [
      ['2025-03-03', 'BANKCARD DEPOSIT MTOT DEP', 5_000],
      ['2025-03-04', 'INCOMING WIRE TRANSFER FROM ACME CORP', 2_500],
      ['2025-03-05', 'DEPOSIT', 1_000],
      ['2025-03-06', 'ONLINE TRANSFER FROM SAV 9912', 3_000],
      ['2025-03-07', 'LOAN PROCEEDS 7781', 10_000],
      ['2025-03-10', 'AMAZON REFUND', 200],
      ['2025-03-11', 'ACH REVERSAL ACME', 150],
      ['2025-03-12', 'KAPITUS FUNDING WIRE', 20_000],
      ['2025-03-14', 'ADP WAGE PAY 123456', -4_000],
      ['2025-03-17', 'GEICO AUTO PAY', -300],
      ['2025-03-18', 'CON ED OF NY BILL PAY', -250],
      ['2025-03-19', 'E-ZPASS NY REPLENISH', -50],
      ['2025-03-20', 'ONLINE TRANSFER TO SAV 9912', -1_000],
    ],
  }], { finduntrue });
}

/**
 * Two accounts and a negative stretch, April 2025.
 * Checking 1111 (Apr 1–30, start $500): check −800 on Apr 7, NSF fee −35 Apr 8, overdraft fee
 * −35 Apr 9, mobile deposit +1,000 Apr 10 → negative Apr 7, 8, 9.
 * Savings 2222 (Apr 15 – May 14, start $2,000): interest +1 on Apr 30.
 */
export function negativeTwoAccountsApp(): ScorecardInput {
  return application([
    { accountIdx: 0, accountNumber: '1111', start: '2025-04-01', end: '2025-04-30', startBalance: 500, rows: [
      ['2025-04-07', 'CHECK 1001', -800],
      ['2025-04-08', 'NSF FEE ITEM 1001', -35],
      ['2025-04-09', 'OVERDRAFT ITEM FEE', -35],
      ['2025-04-10', 'MOBILE DEPOSIT REF 4471', 1_000],
    ] },
    { accountIdx: 1, accountNumber: '2222', type: 'Savings', start: '2025-04-15', end: '2025-05-14', startBalance: 2_000, rows: [
      ['2025-04-30', 'INTEREST PAYMENT', 1],
    ] },
  ]);
}

/** One transaction of most categories, June 2025, start $5,000 (a tour of the rulebook). */
export function categoryTourApp(): ScorecardInput {
  return application([{ accountIdx: 0, accountNumber: '1111', start: '2025-06-01', end: '2025-06-30', startBalance: 5000, rows: [
  ['2025-06-02', 'NORTHWESTERN MU ISA PAYMENT', -120], ['2025-06-03', 'SCHWAB BROKERAGE MONEYLINK', -1000], ['2025-06-04', 'KAPITUS REFUND', 150],
  ['2025-06-05', 'BANKCARD DEPOSIT MTOT DEP', 4200], ['2025-06-06', 'TOYOTA MOTOR CREDIT ACH PMT', -455.10], ['2025-06-06', 'NAVIENT SL PAYMENT', -210],
  ['2025-06-09', 'ROCKET MORTGAGE PAYMENT', -2100], ['2025-06-10', 'SOFI LOAN PMT', -330], ['2025-06-11', 'ZELLE TO JOHN SMITH', -75], ['2025-06-11', 'ZELLE FROM JANE DOE', 125],
  ['2025-06-12', 'COINBASE INC 8889', -500], ['2025-06-13', 'MIDLAND CREDIT MGMT ACH', -90], ['2025-06-16', 'THE HOME DEPOT #6712', -812.44], ['2025-06-16', 'SBA EIDL LOAN PMT', -731],
  ['2025-06-17', 'ATM WITHDRAWAL 123 MAIN ST', -200], ['2025-06-18', 'GEICO AUTO PAY', -160], ['2025-06-18', 'KAPITUS ORIGINATION FEE', -499], ['2025-06-19', 'DEPOSITED ITEM RETURNED CK 442', -640],
  ['2025-06-20', 'TRITON RECOVERY GROUP PMT', -400], ['2025-06-20', 'DRAFTKINGS 617 DEPOSIT', -100], ['2025-06-23', 'SQ *ACME 8123', 310.25], ['2025-06-23', 'HCCLAIMPMT AETNA AS01', 980],
  ['2025-06-24', 'RTS FINANCIAL ADVANCE', 2500], ['2025-06-25', 'BEGINNING BALANCE', 0], ['2025-06-25', 'SUNPASS*ACC123', -40], ['2025-06-26', 'ALIBABA.COM SINGAPORE', -1300],
  ['2025-06-27', 'IRS USATAXPYMT 2204', -1500], ['2025-06-27', 'AMEX EPAYMENT ACH PMT', -2200], ['2025-06-30', 'AMAZON MKTPLACE PMTS', 640], ['2025-06-30', 'CAPITAL ONE CRCARDPMT', -300],
  ['2025-06-30', 'FEDWIRE CREDIT VIA JPMORGAN ACME', 9000],
] }]);
}
