import { describe, expect, it } from 'vitest';
import { buildScorecard, SECTION_NAMES } from '../../src/scorecard/index.js';
import type { Scorecard } from '../../src/scorecard/types.js';
import { categoryTourApp, negativeTwoAccountsApp, revenueMixApp, stackedMcaApp } from './fixtures.js';

type Obj = Record<string, any>;
const rows = (sc: Scorecard, name: string): Obj[] => (sc[name] as { data: Obj[] }).data;
const metric = (sc: Scorecard, label: string) => (sc.metrics.metricdata as [string, number, number][]).find((r) => r[0] === label)!;
const ids = (sc: Scorecard, name: string) => rows(sc, name).map((r) => r.id as number);

describe('stacked MCAs (daily + weekly + every other day + monthly)', () => {
  const input = stackedMcaApp();
  const sc = buildScorecard(input, { format: 'jsonobject' });

  it('mcacompanies: one row per lender per month with the frequency, then Totals', () => {
    const table = rows(sc, 'mcacompanies').map((r) => [r.lender, r.month, r.withdrawal_frequency, r.withdrawal_count, r.withdrawal_total, r.work_days]);
    expect(table).toEqual([
      // Work days: Mon–Fri less bank holidays (Jan 1, Jan 20, Feb 17 in 2025).
      ['Credibly', '2025-01', '', 1, 2000, 21],
      ['Credibly', '2025-02', 'Monthly', 1, 2000, 19],
      ['Credibly', 'Totals', 'Monthly', 2, 4000, 40],
      ['Fora Financial', '2025-02', 'Every Other Day', 12, 3000, 19],
      ['Fora Financial', 'Totals', 'Every Other Day', 12, 3000, 19],
      ['Kapitus', '2025-01', 'Daily', 22, 6600, 21],
      ['Kapitus', '2025-02', 'Daily', 20, 6000, 19],
      ['Kapitus', 'Totals', 'Daily', 42, 12600, 40],
      ['OnDeck', '2025-01', 'Weekly', 4, 4000, 21],
      ['OnDeck', '2025-02', 'Weekly', 4, 4000, 19],
      ['OnDeck', 'Totals', 'Weekly', 8, 8000, 40],
    ]);
  });

  it('monthlymca: withdrawals, positions and holdback per month', () => {
    expect(rows(sc, 'monthlymca').map((r) => [r.month, r.mca_withdrawals, r.num_withdrawals, r.positions, r.true_revenue, r.holdback_percent]))
      .toEqual([['2025-01', 12600, 27, 3, 20000, 63], ['2025-02', 15000, 37, 4, 20000, 75]]);
  });

  it('debtsummary: MCA per month and a Total row; ids trace back to the debits', () => {
    const d = rows(sc, 'debtsummary');
    expect(d.map((r) => [r.month, r.mca, r.non_mca_loan, r.total])).toEqual([['2025-01', 12600, 0, 12600], ['2025-02', 15000, 0, 15000], ['Total', 27600, 0, 27600]]);
    const byId = new Map(input.statements.flatMap((s) => s.transactions).map((t) => [t.id, t]));
    const jan = d[0]!.ids as number[];
    expect(jan).toHaveLength(27);
    expect(jan.reduce((a, id) => a + byId.get(id)!.amount, 0)).toBe(-1_260_000);
  });

  it('metrics: holdback, positions, debt withdrawals', () => {
    expect(metric(sc, 'True Revenue')).toEqual(['True Revenue', 20000, 240000]);
    expect(metric(sc, 'Total Debt Withdrawals')).toEqual(['Total Debt Withdrawals', 13800, 165600]);
    expect(metric(sc, 'Holdback Percent')).toEqual(['Holdback Percent', 69, 69]);
    expect(metric(sc, 'DTI Percent')).toEqual(['DTI Percent', 69, 69]);
    expect(metric(sc, 'MCA Positions')).toEqual(['MCA Positions', 4, 4]);
  });

  it('mcapayments / mcatrans list the funder debits with transaction ids; declinelist flags stacking', () => {
    expect(rows(sc, 'mcapayments')).toHaveLength(22 + 20 + 8 + 12 + 2);
    expect(rows(sc, 'mcatrans')).toHaveLength(64);
    expect(rows(sc, 'mcapayments').every((r) => typeof r.id === 'number' && r.amount < 0)).toBe(true);
    const stack = rows(sc, 'declinelist').find((r) => r.indicator === 'stacking')!;
    expect(stack.count).toBe(2);
  });
});

describe('true vs untrue revenue', () => {
  it('with finduntrue: only card, customer wire and plain deposits are revenue', () => {
    const sc = buildScorecard(revenueMixApp(true), { format: 'jsonobject' });
    const cs = rows(sc, 'combinedsummary')[0]!;
    expect([cs.total_credits, cs.true_credits, cs.num_true_credits, cs.non_true_credits, cs.num_non_true_credits]).toEqual([41850, 8500, 3, 33350, 5]);
    expect(rows(sc, 'truecredittrans').map((r) => r.description)).toEqual(['BANKCARD DEPOSIT MTOT DEP', 'INCOMING WIRE TRANSFER FROM ACME CORP', 'DEPOSIT']);
    expect(rows(sc, 'untruecredittrans').map((r) => r.description)).toEqual(['ONLINE TRANSFER FROM SAV 9912', 'LOAN PROCEEDS 7781', 'AMAZON REFUND', 'ACH REVERSAL ACME', 'KAPITUS FUNDING WIRE']);
    expect(metric(sc, 'True Revenue')).toEqual(['True Revenue', 8500, 102000]);
    expect(metric(sc, 'Total Revenue')).toEqual(['Total Revenue', 41850, 502200]);
    expect(metric(sc, 'Expenses')).toEqual(['Expenses', 4600, 55200]);
    expect(metric(sc, 'Profit')).toEqual(['Profit', 3900, 46800]);
  });

  it('without finduntrue: only transfers and reversals are untrue', () => {
    const sc = buildScorecard(revenueMixApp(false), { format: 'jsonobject' });
    const cs = rows(sc, 'combinedsummary')[0]!;
    expect([cs.true_credits, cs.non_true_credits]).toEqual([38700, 3150]);
  });

  it('payroll, insurance, tolls, utilities in operatingexpenses; transfers, loan proceeds, refunds in their lists', () => {
    const sc = buildScorecard(revenueMixApp(true), { format: 'jsonobject' });
    const oe = rows(sc, 'operatingexpenses')[0]!;
    expect([oe.payroll, oe.insurance, oe.tolls, oe.construction, oe.ecommerce, oe.mca_fees, oe.utilities, oe.total]).toEqual([4000, 300, 50, 0, 0, 0, 250, 4600]);
    expect(rows(sc, 'payroll').map((r) => r.amount)).toEqual([-4000]);
    expect(rows(sc, 'xfertrans').map((r) => r.amount)).toEqual([3000, -1000]);
    expect(rows(sc, 'xferitrans').map((r) => r.amount)).toEqual([3000]);
    expect(rows(sc, 'xferotrans').map((r) => r.amount)).toEqual([-1000]);
    expect(rows(sc, 'otherfinancingtransactions').map((r) => r.description)).toEqual(['LOAN PROCEEDS 7781']);
    expect(rows(sc, 'nondescriptrevenue').map((r) => r.description)).toEqual(['DEPOSIT']);
    expect(rows(sc, 'tolls')).toHaveLength(1);
    expect(rows(sc, 'insurance')).toHaveLength(1);
    expect(rows(sc, 'untruetrans').map((r) => r.amount)).toContain(-1000);
    // Large = at least max($5,000, 25 % of monthly true revenue): the $5,000 card deposit is exactly at the floor.
    expect(rows(sc, 'largecredittrans').map((r) => r.amount)).toEqual([5000, 10000, 20000]);
  });

  it('utilities is an array of the flat objects of the reference', () => {
    const sc = buildScorecard(revenueMixApp(true), { format: 'default' });
    const u = sc.utilities as Obj[];
    expect(u).toHaveLength(1);
    expect(Object.keys(u[0]!)).toEqual(['accountidx', 'account', 'id', 'date', 'description', 'amount', 'memo', 'number']);
    expect(u[0]).toMatchObject({ accountidx: 0, account: '1111', date: '2025-03-18', description: 'CON ED OF NY BILL PAY', amount: -250 });
  });
});

describe('negative stretch, NSF, two accounts', () => {
  const sc = buildScorecard(negativeTwoAccountsApp(), { format: 'jsonobject' });

  it('dailybalance: every calendar day, per account, null on days no statement of the account covers', () => {
    const d = rows(sc, 'dailybalance');
    expect(d).toHaveLength(44);
    expect(d[0]).toEqual({ date: '2025-04-01', balance_0: 500, balance_1: null, total: 500 });
    expect(d[6]).toEqual({ date: '2025-04-07', balance_0: -300, balance_1: null, total: -300 });
    expect(d[8]).toMatchObject({ date: '2025-04-09', balance_0: -370 });
    expect(d[14]).toEqual({ date: '2025-04-15', balance_0: 630, balance_1: 2000, total: 2630 });
    expect(d[29]).toEqual({ date: '2025-04-30', balance_0: 630, balance_1: 2001, total: 2631 });
    // Checking 1111 ends on Apr 30: its balance is not carried into May.
    expect(d[30]).toEqual({ date: '2025-05-01', balance_0: null, balance_1: 2001, total: 2001 });
    expect(d[43]).toEqual({ date: '2025-05-14', balance_0: null, balance_1: 2001, total: 2001 });
  });

  it('monthlynegativedays: one row per statement with negative days and the lowest balance', () => {
    expect(rows(sc, 'monthlynegativedays').map((r) => [r.month, r.account, r.negative_days, r.days, r.lowest_balance, r.lowest_date]))
      .toEqual([['2025-04', '1111', 3, 30, -370, '2025-04-09'], ['2025-04', '2222', 0, 30, 2000, '2025-04-15']]);
  });

  it('NSF and overdraft fees: lists, counts, metrics, decline indicators', () => {
    expect(rows(sc, 'nsftrans').map((r) => r.amount)).toEqual([-35]);
    expect(rows(sc, 'overtrans').map((r) => r.amount)).toEqual([-35]);
    expect(metric(sc, 'NSF Count')).toEqual(['NSF Count', 2, 24]);
    expect(metric(sc, 'Negative Days')).toEqual(['Negative Days', 3, 36]);
    const dl = rows(sc, 'declinelist');
    expect(dl.find((r) => r.indicator === 'nsf')).toMatchObject({ count: 2, total: 70 });
    expect(dl.find((r) => r.indicator === 'negative_days')).toMatchObject({ count: 3 });
  });

  it('average daily balance: every calendar day, weekends included', () => {
    // monthly: 1111's ADB over Apr 1–30 (15,225 ÷ 30 = 507.50) + 2222's over Apr 15 – May 14 (60,015 ÷ 30 = 2,000.50);
    // annual column: combined balance over the 44 covered days, 75,240 ÷ 44 = 1,710 (nothing carried into May for 1111).
    expect(metric(sc, 'Average Daily Balance')).toEqual(['Average Daily Balance', 2508, 1710]);
    const cs = rows(sc, 'combinedsummary')[0]!;
    expect([cs.statements, cs.average_balance, cs.minimum_balance, cs.nsf_count, cs.negative_days]).toEqual([2, 2508, -370, 2, 3]);
  });

  it('accountslist and thumbprints describe both accounts and statements', () => {
    expect(rows(sc, 'accountslist').map((r) => [r.accountidx, r.account, r.account_type, r.statements])).toEqual([[0, '1111', 'Checking', 1], [1, '2222', 'Savings', 1]]);
    expect(rows(sc, 'thumbprints').map((r) => [r.tid, r.reconciled, r.difference])).toEqual([['T1', true, 0], ['T2', true, 0]]);
  });

  it('dailycashflow: one row per day with activity', () => {
    expect(rows(sc, 'dailycashflow').map((r) => [r.date, r.credits, r.debits, r.net, r.end_balance])).toEqual([
      ['2025-04-07', 0, 800, -800, -300], ['2025-04-08', 0, 35, -35, -335], ['2025-04-09', 0, 35, -35, -370],
      ['2025-04-10', 1000, 0, 1000, 630], ['2025-04-30', 1, 0, 1, 2631],
    ]);
  });

  it('checks carry their check number', () => {
    const check = rows(sc, 'otherdebits').find((r) => r.description === 'CHECK 1001');
    expect(check).toBeDefined();
  });
});

describe('trailing true revenue windows', () => {
  it('truerev6mo: the 6 calendar months ending with the latest, then Total and Average over covered months', () => {
    const sc = buildScorecard(stackedMcaApp(), { format: 'jsonobject', sections: ['truerev6mo', 'truerev12mo'] });
    const t = rows(sc, 'truerev6mo');
    expect(t.map((r) => [r.month, r.true_revenue, r.covered])).toEqual([
      ['2024-09', 0, false], ['2024-10', 0, false], ['2024-11', 0, false], ['2024-12', 0, false],
      ['2025-01', 20000, true], ['2025-02', 20000, true], ['Total', 40000, true], ['Average', 20000, true],
    ]);
    expect(rows(sc, 'truerev12mo')).toHaveLength(14);
    expect(rows(sc, 'truerev12mo')[0]!.month).toBe('2024-03');
  });
});

describe('structure, filters, formats, failures', () => {
  const input = revenueMixApp(true);

  it('returns every section of the reference with labels, columns and data', () => {
    const sc = buildScorecard(input, { format: 'default' });
    expect(SECTION_NAMES).toHaveLength(73);
    for (const name of SECTION_NAMES) {
      expect(sc[name], name).toBeDefined();
      if (name === 'utilities') continue;
      const s = sc[name] as { labels: string[]; columns: string[]; data: unknown[][] };
      expect(s.labels.length, name).toBe(s.columns.length);
      for (const row of s.data) expect(row.length, name).toBe(s.columns.length);
    }
    expect(sc._metadata.warnings).toBe('');
  });

  it('sections filters, keeps reference order, and reports unknown names', () => {
    const sc = buildScorecard(input, { format: 'default', sections: ['payroll', 'metrics', 'debtsummary', 'nosuchsection'] });
    expect(Object.keys(sc)).toEqual(['_metadata', 'metrics', 'checks', 'debtsummary', 'payroll']);
    expect(sc._metadata.warnings).toMatch(/unknown section 'nosuchsection'/);
  });

  it('default rows are arrays; jsonobject rows are objects with the same values; metrics named in jsonobject', () => {
    const a = buildScorecard(input, { format: 'default', sections: ['combinedsummary'] });
    const b = buildScorecard(input, { format: 'jsonobject', sections: ['combinedsummary'] });
    const sa = a.combinedsummary as { columns: string[]; data: unknown[][] };
    const sb = b.combinedsummary as { data: Obj[] };
    expect(sa.data[0]).toEqual(sa.columns.map((c) => sb.data[0]![c]));
    expect(a.metrics.metricdata).toEqual(b.metrics.metricdata);
    expect((b.metrics as Obj).revenue_statistics.true_revenue).toEqual({ label: 'True Revenue', monthly: 8500, annual: 102000 });
    expect((a.metrics as Obj).revenue_statistics).toBeUndefined();
  });

  it('a failing section builder is reported in warnings and the others are kept', async () => {
    const { sectionBuilder } = await import('../../src/scorecard/sections/registry.js');
    const sc = buildScorecard(input, { format: 'default' }, (name) => (name === 'debtsummary'
      ? { kind: 'table', build: () => { throw new Error('boom'); } }
      : sectionBuilder(name)));
    expect(sc.debtsummary).toBeUndefined();
    expect(sc.payroll).toBeDefined();
    expect(sc._metadata.warnings).toBe("section 'debtsummary' encountered an error: boom");
  });

  it('_metadata is true to the data', () => {
    const base = revenueMixApp(true);
    base.statements[0]!.excludedTransactions = true;
    base.numFileConversionsInProgress = 2;
    const sc = buildScorecard(base, { format: 'default', sections: ['payroll'] });
    expect(sc._metadata).toEqual({ someTransactionsExcludedDueToValidationFailures: true, numFileConversionsInProgress: 2, warnings: '' });
    expect(buildScorecard(revenueMixApp(true), { format: 'default', sections: ['payroll'] })._metadata.someTransactionsExcludedDueToValidationFailures).toBe(false);
  });

  it('an application with no statements gives empty sections and zero metrics', () => {
    const sc = buildScorecard({ appid: 1, appnumber: 'E', statements: [], numFileConversionsInProgress: 1 }, { format: 'jsonobject' });
    expect(rows(sc, 'alltransactions')).toEqual([]);
    expect(rows(sc, 'dailybalance')).toEqual([]);
    expect(metric(sc, 'True Revenue')).toEqual(['True Revenue', 0, 0]);
    expect(sc._metadata.warnings).toBe('');
  });

  it('money is emitted in dollars with at most 2 decimals, summed in cents', () => {
    const sc = buildScorecard(input, { format: 'jsonobject' });
    const all = rows(sc, 'alltransactions');
    for (const r of all) expect(Math.round(r.amount * 100) / 100).toBe(r.amount);
    expect(ids(sc, 'alltransactions')).toEqual(input.statements[0]!.transactions.map((t) => t.id));
  });
});

describe('category tour: each transaction lands in its sections', () => {
  const sc = buildScorecard(categoryTourApp(), { format: 'jsonobject' });
  const descs = (name: string) => rows(sc, name).map((r) => r.description);

  it.each([
    ['lifeinsurance', 'NORTHWESTERN MU ISA PAYMENT'], ['investmentdebits', 'SCHWAB BROKERAGE MONEYLINK'], ['investments', 'SCHWAB BROKERAGE MONEYLINK'],
    ['mcarefund', 'KAPITUS REFUND'], ['mcatrans', 'KAPITUS REFUND'], ['mcafees', 'KAPITUS ORIGINATION FEE'], ['mcanorefunds', 'KAPITUS ORIGINATION FEE'],
    ['creditcardprocessortrans', 'BANKCARD DEPOSIT MTOT DEP'], ['autofinancepayments', 'TOYOTA MOTOR CREDIT ACH PMT'],
    ['studentloanpayments', 'NAVIENT SL PAYMENT'], ['mortgagepayments', 'ROCKET MORTGAGE PAYMENT'], ['personalloanpayments', 'SOFI LOAN PMT'],
    ['installmentpayment', 'SBA EIDL LOAN PMT'], ['nonmcaloans', 'SBA EIDL LOAN PMT'], ['combotrans', 'ROCKET MORTGAGE PAYMENT'],
    ['mobilepaymentsdebits', 'ZELLE TO JOHN SMITH'], ['mobilepayments', 'ZELLE FROM JANE DOE'], ['nefariouswithdrawals', 'COINBASE INC 8889'],
    ['nefarioustransactions', 'COINBASE INC 8889'], ['debtcollectortransactions', 'MIDLAND CREDIT MGMT ACH'], ['constructiondebits', 'THE HOME DEPOT #6712'],
    ['atmwithdrawals', 'ATM WITHDRAWAL 123 MAIN ST'], ['insurance', 'GEICO AUTO PAY'], ['returnedtrans', 'DEPOSITED ITEM RETURNED CK 442'],
    ['recoverytrans', 'TRITON RECOVERY GROUP PMT'], ['casinotrans', 'DRAFTKINGS 617 DEPOSIT'], ['paymentprocessortrans', 'SQ *ACME 8123'],
    ['healthcareclaims', 'HCCLAIMPMT AETNA AS01'], ['factoring', 'RTS FINANCIAL ADVANCE'], ['otherfinancingtransactions', 'RTS FINANCIAL ADVANCE'],
    ['nontransactionitems', 'BEGINNING BALANCE'], ['tolls', 'SUNPASS*ACC123'], ['chineseexposure', 'ALIBABA.COM SINGAPORE'],
    ['taxscorelist', 'IRS USATAXPYMT 2204'], ['creditcardaccountpayment', 'AMEX EPAYMENT ACH PMT'], ['creditcardaccountpayment', 'CAPITAL ONE CRCARDPMT'],
    ['ecommercetrans', 'AMAZON MKTPLACE PMTS'], ['truecredittrans', 'FEDWIRE CREDIT VIA JPMORGAN ACME'], ['largeelectronictrans', 'FEDWIRE CREDIT VIA JPMORGAN ACME'],
  ])('%s lists %s', (section, description) => {
    expect(descs(section)).toContain(description);
  });

  it('otherdebits holds only debits without a category', () => {
    expect(descs('otherdebits')).toEqual(['COINBASE INC 8889', 'ALIBABA.COM SINGAPORE']);
  });

  it('recoverycompanies groups by counterparty; monthlyrecovery sums per month', () => {
    expect(rows(sc, 'recoverycompanies').map((r) => [r.company, r.kind, r.count, r.total])).toEqual([
      ['MIDLAND CREDIT MGMT', 'Debt collector', 1, 90], ['TRITON RECOVERY GROUP', 'Recovery company', 1, 400],
    ]);
    expect(rows(sc, 'monthlyrecovery').map((r) => [r.month, r.recovery_total, r.debt_collector_total, r.total])).toEqual([['2025-06', 400, 90, 490]]);
  });

  it('declinelist raises casino, debt collector, recovery, returned, nefarious and chinese indicators', () => {
    expect(rows(sc, 'declinelist').map((r) => r.indicator)).toEqual(['returned', 'negative_days', 'casino', 'debt_collector', 'recovery', 'nefarious', 'chinese']);
    // Jun 27 tax + card payments take the balance to -197.29 until the Jun 30 wire.
    expect(rows(sc, 'declinelist').find((r) => r.indicator === 'negative_days')!.count).toBe(3);
  });
});

describe('reptrans (recurring)', () => {
  it('lists counterparties seen at least 5 times with similar amounts of at least $50', () => {
    const sc = buildScorecard(stackedMcaApp(), { format: 'jsonobject', sections: ['reptrans'] });
    const parties = new Map<string, number>();
    for (const r of rows(sc, 'reptrans')) parties.set(r.counterparty, r.occurrences);
    // Credibly (2 debits) and the two card deposits are too few.
    expect([...parties.entries()]).toEqual([['FORA FINANCIAL', 12], ['KAPITUS SERVICING', 42], ['ONDECK CAPITAL LOAN', 8]]);
  });
});

describe('bad input', () => {
  it('leaves out unusable statements and transactions, says so, and keeps the rest', () => {
    const input = revenueMixApp(true);
    const good = input.statements[0]!;
    const broken = { ...good, id: 99, tid: 'BAD', startDate: '2025-13-01', transactions: [] };
    const txns = [...good.transactions,
      { ...good.transactions[0]!, id: 9001, date: 'yesterday' },
      { ...good.transactions[0]!, id: 9002, amount: 12.5 },
      { ...good.transactions[0]!, id: 9003, date: '2052-03-03' }];
    const before = JSON.stringify(good);
    const sc = buildScorecard({ ...input, statements: [{ ...good, transactions: txns }, broken] }, { format: 'jsonobject' });
    expect(sc._metadata.warnings).toContain("statement BAD: start/end date '2025-13-01'/'2025-03-31' is not a YYYY-MM-DD date; statement left out");
    expect(sc._metadata.warnings).toContain('statement T');
    expect(sc._metadata.warnings).toMatch(/2 transaction\(s\) without a valid date or amount left out/);
    expect(sc._metadata.warnings).toMatch(/1 transaction\(s\) dated more than 31 days outside 2025-03-01..2025-03-31 left out/);
    expect(rows(sc, 'alltransactions')).toHaveLength(13);
    expect(rows(sc, 'dailybalance')).toHaveLength(31);
    expect(JSON.stringify(good)).toBe(before);
  });

  it('bounds the daily calendar: a statement far older than the rest, or longer than 400 days, is left out and named', () => {
    const input = revenueMixApp(true);
    const good = input.statements[0]!;
    const ancient = { ...good, id: 97, tid: 'OLD', startDate: '1999-03-01', endDate: '1999-03-31', transactions: [] };
    const endless = { ...good, id: 98, tid: 'LONG', startDate: '2024-01-01', endDate: '2025-03-31', transactions: [] };
    const sc = buildScorecard({ ...input, statements: [good, ancient, endless] }, { format: 'jsonobject', sections: ['dailybalance'] });
    expect(sc._metadata.warnings).toContain('statement OLD: ends 1999-03-31, more than 3660 days before the latest statement (2025-03-31); statement left out');
    expect(sc._metadata.warnings).toContain('statement LONG: its period 2024-01-01..2025-03-31 is longer than 400 days; statement left out');
    expect(rows(sc, 'dailybalance')).toHaveLength(31);
  });

  it('prequalify rejects a threshold that is not a number ≥ 0, naming it', async () => {
    const { prequalify } = await import('../../src/scorecard/index.js');
    expect(() => prequalify(revenueMixApp(true), { maxNsfPerMonth: -1 }, { qualifyingRunDone: true })).toThrow(/maxNsfPerMonth: must be a number ≥ 0/);
  });
});

describe('business days', () => {
  it('bank holidays follow the Federal Reserve calendar (data examples for 2025)', async () => {
    const { bankHolidays } = await import('../../src/scorecard/sections/business-days.js');
    const { BANK_HOLIDAY_EXAMPLES_2025 } = await import('../../src/scorecard/rules/bank-holidays.js');
    const iso = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
    expect([...bankHolidays(2025)].sort((a, b) => a - b).map(iso)).toEqual(BANK_HOLIDAY_EXAMPLES_2025);
    // 2022: Christmas on a Sunday is observed Monday Dec 26; 2021: Christmas on a Saturday is not observed.
    expect([...bankHolidays(2022)].map(iso)).toContain('2022-12-26');
    expect([...bankHolidays(2021)].map(iso)).not.toContain('2021-12-24');
  });

  it('a daily funder that skips a holiday stays Daily; intervals count business days', async () => {
    const { frequencyOf } = await import('../../src/scorecard/sections/mca.js');
    const { businessDayIndex } = await import('../../src/scorecard/sections/business-days.js');
    const day = (d: string) => Math.round(Date.parse(d + 'T00:00:00Z') / 86_400_000);
    const biz = businessDayIndex(day('2025-01-01'), day('2025-02-28'));
    // Fri Jan 17 → Tue Jan 21 (MLK Monday in between) is one business day.
    expect(biz(day('2025-01-21')) - biz(day('2025-01-17'))).toBe(1);
    expect(biz(day('2025-01-27')) - biz(day('2025-01-20'))).toBe(4);
    expect(frequencyOf([1, 1, 1, 2, 1])).toBe('Daily');
    expect(frequencyOf([2, 2, 1, 2, 2])).toBe('Every Other Day');
    expect(frequencyOf([5, 5, 4, 5])).toBe('Weekly');
    expect(frequencyOf([21, 20, 22])).toBe('Monthly');
    expect(frequencyOf([10, 10])).toBe('');
    expect(frequencyOf([])).toBe('');
  });
});
