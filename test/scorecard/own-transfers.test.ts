import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScorecard, pairOwnTransfers, prequalify } from '../../src/scorecard/index.js';
import type { Scorecard } from '../../src/scorecard/types.js';
import type { ScorecardInput, StoredTransaction } from '../../src/contract/model.js';
import { jsonFile, mtjson, newAccount, startTestService, type Client, type TestService } from '../service/helpers.js';
import { application, type Row } from './fixtures.js';

/**
 * Transfers between the application's own accounts that no rule names: an unlabelled credit in
 * one account and the same amount out of another within 0–3 business days (March 2025:
 * Mon 3, Tue 4, Wed 5, Thu 6, Fri 7, Mon 10 …).
 */
type Obj = Record<string, any>;
const rows = (sc: Scorecard, name: string): Obj[] => (sc[name] as { data: Obj[] }).data;
const metric = (sc: Scorecard, label: string) => (sc.metrics.metricdata as [string, number, number][]).find((r) => r[0] === label)!;

function twoAccounts(checking: Row[], savings: Row[]): ScorecardInput {
  return application([
    { accountIdx: 0, accountNumber: '1111', start: '2025-03-01', end: '2025-03-31', startBalance: 10_000, rows: checking },
    { accountIdx: 1, accountNumber: '2222', type: 'Savings', start: '2025-03-01', end: '2025-03-31', startBalance: 20_000, rows: savings },
  ]);
}
const txn = (input: ScorecardInput, description: string, date: string): StoredTransaction =>
  input.statements.flatMap((s) => s.transactions).find((t) => t.description === description && t.date === date)!;
const paired = (input: ScorecardInput) => pairOwnTransfers(input.statements).flatMap((s) => s.transactions);
const byId = (list: StoredTransaction[], id: number) => list.find((t) => t.id === id)!;

describe('own-account transfers no rule names', () => {
  it('DEPOSIT 5,000.00 in one account and WITHDRAWAL 5,000.00 out of another the next business day are a transfer', () => {
    const input = twoAccounts(
      [['2025-03-06', 'DEPOSIT', 5_000], ['2025-03-10', 'BANKCARD DEPOSIT MTOT DEP', 3_000]],
      [['2025-03-07', 'WITHDRAWAL', -5_000]],
    );
    const dep = txn(input, 'DEPOSIT', '2025-03-06');
    const wd = txn(input, 'WITHDRAWAL', '2025-03-07');
    // As classified one by one: a non-descript deposit (true revenue) and an uncategorised debit.
    expect(dep).toMatchObject({ categories: ['nondescript'], trueval: true });
    expect(wd.categories).toEqual([]);

    const out = paired(input);
    expect(byId(out, dep.id)).toMatchObject({ categories: ['xferin', 'ownxferpair'], trueval: false });
    expect(byId(out, wd.id)).toMatchObject({ categories: ['xferout', 'ownxferpair'], trueval: null });
    // The input is not changed.
    expect(dep.trueval).toBe(true);

    const sc = buildScorecard(input, { format: 'jsonobject' });
    expect(metric(sc, 'True Revenue')).toEqual(['True Revenue', 3_000, 36_000]);
    expect(metric(sc, 'Total Revenue')).toEqual(['Total Revenue', 8_000, 96_000]);
    // The withdrawal moved the owner's money: not an expense.
    expect(metric(sc, 'Expenses')).toEqual(['Expenses', 0, 0]);
    expect(rows(sc, 'untruecredittrans').map((r) => r.id)).toEqual([dep.id]);
    expect(rows(sc, 'xferitrans').map((r) => [r.id, r.trueval, r.category])).toEqual([[dep.id, false, 'xferin']]);
    expect(rows(sc, 'xferotrans').map((r) => r.id)).toEqual([wd.id]);
    expect(rows(sc, 'nondescriptrevenue')).toEqual([]);
    expect(rows(sc, 'truecredittrans').map((r) => r.description)).toEqual(['BANKCARD DEPOSIT MTOT DEP']);
    expect(prequalify(input, { minAvgMonthlyTrueRevenue: 4_000 }, { qualifyingRunDone: true }))
      .toEqual({ result: 'DECLINED', reasons: [{ rule_name: 'min_avg_monthly_true_revenue', actual_value: 3_000, threshold: 4_000 }] });
  });

  it('a same-amount customer deposit with no matching debit in another account stays true revenue', () => {
    const input = twoAccounts(
      // The same amount leaving the same account is a payment, not a transfer.
      [['2025-03-06', 'DEPOSIT', 5_000], ['2025-03-07', 'WITHDRAWAL', -5_000]],
      [['2025-03-07', 'WITHDRAWAL', -4_999.99]],
    );
    expect(paired(input).filter((t) => t.categories.includes('ownxferpair'))).toEqual([]);
    const sc = buildScorecard(input, { format: 'jsonobject' });
    expect(metric(sc, 'True Revenue')).toEqual(['True Revenue', 5_000, 60_000]);
    expect(rows(sc, 'nondescriptrevenue').map((r) => r.description)).toEqual(['DEPOSIT']);
  });

  it('pairs within 3 business days (a weekend does not count), not beyond', () => {
    const input = twoAccounts(
      // Fri Mar 7 → Wed Mar 12 is 3 business days; Mon Mar 17 → Fri Mar 21 is 4.
      [['2025-03-07', 'DEPOSIT', 1_200], ['2025-03-17', 'DEPOSIT', 700]],
      [['2025-03-12', 'WITHDRAWAL', -1_200], ['2025-03-21', 'WITHDRAWAL', -700]],
    );
    const out = paired(input);
    expect(byId(out, txn(input, 'DEPOSIT', '2025-03-07').id).trueval).toBe(false);
    expect(byId(out, txn(input, 'WITHDRAWAL', '2025-03-12').id).categories[0]).toBe('xferout');
    expect(byId(out, txn(input, 'DEPOSIT', '2025-03-17').id)).toMatchObject({ categories: ['nondescript'], trueval: true });
    expect(byId(out, txn(input, 'WITHDRAWAL', '2025-03-21').id).categories).toEqual([]);
    const sc = buildScorecard(input, { format: 'jsonobject' });
    expect(metric(sc, 'True Revenue')[1]).toBe(700);
  });

  it('the debit may come first (money out of savings, into checking two days later)', () => {
    const input = twoAccounts([['2025-03-12', 'COUNTER CREDIT', 2_500]], [['2025-03-10', 'WITHDRAWAL', -2_500]]);
    expect(byId(paired(input), txn(input, 'COUNTER CREDIT', '2025-03-12').id).trueval).toBe(false);
  });

  it('pairs one to one: two equal credits and one debit → only one credit becomes a transfer (the closer)', () => {
    const input = twoAccounts(
      [['2025-03-03', 'DEPOSIT', 2_000], ['2025-03-05', 'DEPOSIT', 2_000]],
      [['2025-03-05', 'WITHDRAWAL', -2_000]],
    );
    const out = paired(input);
    expect(byId(out, txn(input, 'DEPOSIT', '2025-03-03').id).trueval).toBe(true);
    expect(byId(out, txn(input, 'DEPOSIT', '2025-03-05').id).trueval).toBe(false);
    expect(out.filter((t) => t.categories.includes('ownxferpair'))).toHaveLength(2);
    expect(metric(buildScorecard(input, { format: 'jsonobject' }), 'True Revenue')[1]).toBe(2_000);
  });

  it('sides the rulebook categorised keep their meaning (payroll, MCA, card processor)', () => {
    const input = twoAccounts(
      [['2025-03-06', 'BANKCARD DEPOSIT MTOT DEP', 4_000], ['2025-03-06', 'DEPOSIT', 900], ['2025-03-13', 'DEPOSIT', 650]],
      [['2025-03-06', 'WITHDRAWAL', -4_000], ['2025-03-07', 'ADP WAGE PAY 123456', -900], ['2025-03-13', 'KAPITUS SERVICING ACH DEBIT', -650]],
    );
    expect(paired(input).filter((t) => t.categories.includes('ownxferpair'))).toEqual([]);
    expect(metric(buildScorecard(input, { format: 'jsonobject' }), 'True Revenue')[1]).toBe(5_550);
  });

  it('many equal amounts on the same days: each debit pairs once, the rest stay revenue', () => {
    const deposits: Row[] = [], withdrawals: Row[] = [];
    for (let i = 0; i < 2_000; i++) deposits.push([`2025-03-${String(3 + (i % 5)).padStart(2, '0')}`, 'DEPOSIT', 100]);
    for (let i = 0; i < 1_500; i++) withdrawals.push([`2025-03-${String(3 + (i % 5)).padStart(2, '0')}`, 'WITHDRAWAL', -100]);
    const out = paired(twoAccounts(deposits, withdrawals));
    expect(out.filter((t) => t.amount > 0 && t.trueval === false)).toHaveLength(1_500);
    expect(out.filter((t) => t.amount < 0 && t.categories[0] === 'xferout')).toHaveLength(1_500);
    // Same-day pairs first: every weekday has 400 deposits and 300 withdrawals.
    const byDay = new Map<string, number>();
    for (const t of out) if (t.amount > 0 && t.trueval === true) byDay.set(t.date, (byDay.get(t.date) ?? 0) + 1);
    expect([...byDay.values()]).toEqual([100, 100, 100, 100, 100]);
  });

  it('is idempotent: a second pass over its result changes nothing', () => {
    const input = twoAccounts(
      [['2025-03-03', 'DEPOSIT', 2_000], ['2025-03-05', 'DEPOSIT', 2_000], ['2025-03-06', 'DEPOSIT', 5_000]],
      [['2025-03-05', 'WITHDRAWAL', -2_000], ['2025-03-06', 'WITHDRAWAL', -2_000], ['2025-03-07', 'WITHDRAWAL', -5_000]],
    );
    const once = pairOwnTransfers(input.statements);
    expect(once.flatMap((s) => s.transactions).filter((t) => t.trueval === false)).toHaveLength(3);
    expect(pairOwnTransfers(once)).toEqual(once);
  });
});

describe('own-account transfers through the service', () => {
  let svc: TestService;
  let c: Client;
  let appid: number;
  beforeAll(async () => {
    svc = await startTestService();
    c = await newAccount(svc, 'pdfinsightstp');
    const file = mtjson([
      { account: '11110000', start: '2025-03-01', end: '2025-03-31', startBalance: 1_000_000, txns: [
        { date: '2025-03-06', description: 'DEPOSIT', amount: 500_000 },
        { date: '2025-03-10', description: 'BANKCARD DEPOSIT MTOT DEP', amount: 300_000 },
      ] },
      { account: '22220000', start: '2025-03-01', end: '2025-03-31', startBalance: 2_000_000, txns: [
        { date: '2025-03-07', description: 'WITHDRAWAL', amount: -500_000 },
      ] },
    ]);
    const r = await c.post('/uploadpdfs', { appnumber: 'XFER-1', accounttype: 'MTJson', includescorecard: true, format: 'jsonobject' }, [jsonFile(file, 'two.json')]);
    expect(r.status).toBe(200);
    appid = r.json.appinfo.appid;
  });
  afterAll(async () => { await svc?.stop(); });

  it('/transactions, statement summaries and /scorecard give the paired deposit the same trueval', async () => {
    const tx = await c.post('/transactions', { appid, structured: 'true' });
    expect(tx.status).toBe(200);
    const all = Object.values<any>(tx.json).flatMap((a: any) => a.Statements.flatMap((s: any) => s.transactions));
    const dep = all.find((t: any) => t.description === 'DEPOSIT');
    const wd = all.find((t: any) => t.description === 'WITHDRAWAL');
    expect(dep.trueval).toBe(false);
    expect(dep.tags.map((t: any) => t.tagName)).toEqual(['xferin', 'ownxferpair']);
    expect(wd.tags.map((t: any) => t.tagName)).toEqual(['xferout', 'ownxferpair']);

    const sc = await c.post('/scorecard', { appid, format: 'jsonobject', sections: 'untruecredittrans,truecredittrans' });
    expect(sc.status).toBe(200);
    expect(sc.json.untruecredittrans.data.map((r: any) => [r.id, r.trueval])).toEqual([[Number(dep.id), false]]);
    expect(sc.json.truecredittrans.data.map((r: any) => r.description)).toEqual(['BANKCARD DEPOSIT MTOT DEP']);

    const res = await c.post('/getresults', { appid });
    expect(res.status).toBe(200);
    const checking = res.json.statement_summaries.find((s: any) => s.account === '11110000');
    expect(checking).toMatchObject({ true_credits: 3000, non_true_credits: 5000 });
    // The savings side's withdrawal is the owner's money moving, not an expense.
    expect(res.json.statement_summaries.find((s: any) => s.account === '22220000')).toMatchObject({ total_debits: 5000, non_true_debits: 5000, true_debits: 0 });
  });

  it('/deletestmt of the savings statement makes the deposit ordinary revenue again', async () => {
    const res = await c.post('/getresults', { appid });
    const savings = res.json.file_status.find((f: any) => f.accountnumber === '22220000' || f.account === '22220000')
      ?? res.json.statement_summaries.find((s: any) => s.account === '22220000');
    expect(savings?.tid).toBeTruthy();
    expect((await c.post('/deletestmt', { appid, tid: savings.tid })).status).toBe(200);
    const tx = await c.post('/transactions', { appid, structured: 'true' });
    const dep = Object.values<any>(tx.json).flatMap((a: any) => a.Statements.flatMap((s: any) => s.transactions)).find((t: any) => t.description === 'DEPOSIT');
    expect(dep).toMatchObject({ trueval: true, tags: [{ tagName: 'nondescript', metadata: {} }] });
    const sc = await c.post('/scorecard', { appid, format: 'jsonobject', sections: 'truecredittrans' });
    expect(sc.json.truecredittrans.data.map((r: any) => r.description)).toEqual(['DEPOSIT', 'BANKCARD DEPOSIT MTOT DEP']);
  });
});
