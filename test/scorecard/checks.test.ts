import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildScorecard, consistencyChecks, renderScorecardPage, scorecardToXlsx } from '../../src/scorecard/index.js';
import { application, type StatementSpec } from './fixtures.js';

/** Consistency checks by example (src/scorecard/checks.ts; docs/scorecard.md "Checks"). */
const month = (accountNumber: string, start: string, end: string, extra: Partial<StatementSpec> = {}): StatementSpec => ({
  accountIdx: 0, accountNumber, start, end, startBalance: 100, rows: [[start, 'DEPOSIT', 10]], ...extra,
});
const codes = (specs: StatementSpec[], tweak?: (s: ReturnType<typeof application>) => void) => {
  const app = application(specs);
  tweak?.(app);
  return consistencyChecks(app.statements);
};

describe('consistency checks', () => {
  it('contiguous statements, and a weekend between two cycles, are not a gap; a missing month is', () => {
    expect(codes([month('1', '2025-01-01', '2025-01-31'), month('1', '2025-02-01', '2025-02-28')])).toEqual([]);
    // Cycle ends Friday Jan 17, next opens Monday Jan 20: 2 days, within the 3-day tolerance.
    expect(codes([month('1', '2024-12-18', '2025-01-17'), month('1', '2025-01-20', '2025-02-17')])).toEqual([]);
    const gap = codes([month('1', '2025-01-01', '2025-01-31'), month('1', '2025-03-01', '2025-03-31')]);
    expect(gap.map((c) => [c.code, c.severity])).toEqual([['coverage_gap', 'warning']]);
    expect(gap[0]!.message).toContain('no statement covers 2025-02-01 to 2025-02-28 (28 days; month 2025-02)');
  });

  it('a long gap names its span instead of every month; statements a year older than the latest are named', () => {
    const checks = codes([month('1', '2023-01-01', '2023-01-31', { fileName: 'old.pdf' }), month('1', '2025-01-01', '2025-01-31')]);
    expect(checks.map((c) => c.code)).toEqual(['coverage_gap', 'stale_statements']);
    expect(checks[0]!.message).toContain('(700 days; 23 months, 2023-02 to 2024-12)');
    expect(checks[1]!.message).toContain('1 statement ends more than 365 days before the latest one (2025-01-31): old.pdf (2023-01-01 to 2023-01-31).');
    expect(checks[1]!.statements.map((s) => s.file_name)).toEqual(['old.pdf']);
  });

  it('the same masked number at two banks is two accounts (no gap, no overlap between them)', () => {
    const specs = [month('****1234', '2023-03-01', '2023-03-31'), month('****1234', '2026-05-01', '2026-05-31')];
    expect(codes(specs, (app) => { app.statements[1]!.bankName = 'Navy Federal Credit Union'; }).map((c) => c.code)).toEqual(['stale_statements']);
    expect(codes(specs).map((c) => c.code)).toEqual(['coverage_gap', 'stale_statements']);
  });

  it('a statement sent twice is a duplicate; a shifted period is an overlap', () => {
    const dup = codes([month('1', '2025-01-01', '2025-01-31', { fileName: 'a.pdf' }), month('1', '2025-01-01', '2025-01-31', { fileName: 'a-copy.pdf' })]);
    expect(dup.map((c) => c.code)).toEqual(['duplicate_statement']);
    expect(dup[0]!.message).toContain('appears twice (a.pdf, a-copy.pdf)');
    expect(dup[0]!.statements.map((s) => s.file_name)).toEqual(['a.pdf', 'a-copy.pdf']);
    const over = codes([month('1', '2025-01-01', '2025-01-31'), month('1', '2025-01-25', '2025-02-24')]);
    expect(over.map((c) => c.code)).toEqual(['overlapping_statements']);
    expect(over[0]!.message).toContain('overlap by 7 days (2025-01-25 to 2025-01-31)');
  });

  it('fraud scores by band, most severe first, with the reasons; excluded transactions; no deposit account', () => {
    const checks = codes([month('1', '2025-01-01', '2025-01-31'), month('1', '2025-02-01', '2025-02-28'), month('1', '2025-03-01', '2025-03-31')], (app) => {
      app.statements[0]!.fraudScore = 95;
      app.statements[1]!.fraudScore = 75;
      app.statements[2]!.fraudScore = 40;
      app.statements[2]!.fraudReasons = [{ index: 3, text: 'The file was edited by Acrobat after it was created' }];
      app.statements[1]!.excludedTransactions = true;
    });
    expect(checks.map((c) => [c.code, c.severity])).toEqual([['fraud_score', 'alert'], ['excluded_transactions', 'warning'], ['fraud_score', 'info']]);
    expect(checks[0]!.message).toContain('fraud score 40 (high risk: the document was probably altered): The file was edited by Acrobat after it was created.');
    const card = codes([month('9', '2025-01-01', '2025-01-31', { type: 'CCard' })]);
    expect(card.map((c) => [c.code, c.severity])).toEqual([['no_deposit_account', 'info']]);
  });

  it('a month with only a card statement shows the card\'s balances in combinedsummary; headline balances stay deposit-only', () => {
    const sc = buildScorecard(application([
      { accountIdx: 0, accountNumber: '1111', start: '2025-01-01', end: '2025-01-31', startBalance: 500, rows: [['2025-01-10', 'CHECK 1', -100]] },
      // Card owes 612.19 at the start, a purchase of 1,231.50 makes it −1,843.69.
      { accountIdx: 1, accountNumber: '9999', type: 'CCard', start: '2025-02-01', end: '2025-02-28', startBalance: -612.19, rows: [['2025-02-10', 'AMAZON MKTP', -1231.5]] },
    ]), { format: 'jsonobject', sections: ['combinedsummary'] });
    const rows = (sc.combinedsummary as { data: Record<string, unknown>[] }).data;
    expect(rows.map((r) => [r.month, r.minimum_balance, r.negative_days])).toEqual([['2025-01', 400, 0], ['2025-02', -1843.69, 0]]);
    const min = (sc.metrics.metricdata as unknown[][]).find((r) => r[0] === 'Minimum Balance');
    expect(min).toEqual(['Minimum Balance', 400, 400]);
  });

  it('a payment to a card is not revenue', () => {
    const sc = buildScorecard(application([
      { accountIdx: 0, accountNumber: '1111', start: '2025-01-01', end: '2025-01-31', startBalance: 500, rows: [['2025-01-03', 'BANKCARD DEPOSIT MTOT DEP', 1000]] },
      { accountIdx: 1, accountNumber: '9999', type: 'CCard', start: '2025-01-01', end: '2025-01-31', startBalance: -612.19, rows: [['2025-01-10', 'PAYMENT THANK YOU', 612.19]] },
    ]), { format: 'jsonobject', sections: ['combinedsummary', 'truecredittrans'] });
    const cs = (sc.combinedsummary as { data: Record<string, unknown>[] }).data[0]!;
    expect([cs.total_credits, cs.true_credits, cs.non_true_credits]).toEqual([1612.19, 1000, 612.19]);
    expect((sc.truecredittrans as { data: Record<string, unknown>[] }).data.map((r) => r.amount)).toEqual([1000]);
  });
});

describe('checks and unmeasurable figures in the page and the spreadsheet', () => {
  const meta = { appnumber: 'APP-C', appid: 9, owner: 'broker1', generatedAt: '2026-11-21T05:00:00.000Z' };
  // Only a card: no deposit balance can be measured; January then March (February missing).
  const sc = buildScorecard(application([
    { accountIdx: 0, accountNumber: '9999', type: 'CCard', start: '2025-01-01', end: '2025-01-31', startBalance: -100, rows: [['2025-01-05', 'SHELL OIL <b>', -20]] },
    { accountIdx: 0, accountNumber: '9999', type: 'CCard', start: '2025-03-01', end: '2025-03-31', startBalance: -120, rows: [['2025-03-05', 'SHELL OIL', -20]] },
  ]), { format: 'jsonobject' });

  it('a balance metric that cannot be measured is null, shown as a dash, never $0.00', () => {
    expect((sc.metrics.metricdata as unknown[][]).find((r) => r[0] === 'Average Daily Balance')).toEqual(['Average Daily Balance', null, null]);
    const page = renderScorecardPage(sc, meta);
    expect(page).toMatch(/<td>Average Daily Balance<\/td><td class="n">—<\/td><td class="n">—<\/td>/);
    expect(page).toContain('<h2>Checks</h2>');
    expect(page).toContain('no statement covers 2025-02-01 to 2025-02-28');
    expect(page).toContain('<b>info</b> No checking, savings or money-market statement');
  });

  it('the xlsx Summary sheet lists each check before the metrics', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await scorecardToXlsx(sc, meta)) as unknown as ExcelJS.Buffer);
    const lines: string[] = [];
    wb.getWorksheet('Summary')!.eachRow((row) => { lines.push(`${row.getCell(1).value} | ${row.getCell(2).value ?? ''}`); });
    const gap = lines.findIndex((l) => l.startsWith('Check (warning) | ') && l.includes('2025-02-01 to 2025-02-28'));
    const head = lines.indexOf('Metric (USD) | Monthly');
    expect(gap).toBeGreaterThan(0);
    expect(head).toBeGreaterThan(gap);
    expect(lines).toContain('Average Daily Balance | ');
  });
});
