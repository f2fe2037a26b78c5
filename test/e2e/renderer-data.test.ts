import { describe, expect, it } from 'vitest';
import { filterTransactions, flattenTransactions, transactionsCsv, emptyFilter } from '../../src/renderer/data/transactions.js';
import { chartSeries, metricCards, scorecardSection, sectionTable, sectionsByTransaction } from '../../src/renderer/data/scorecard.js';
import { logoProblems, logoWarnings, sniffLogoType } from '../../src/renderer/data/logo.js';
import { batchBySize } from '../../src/renderer/data/bytes.js';
import { conversionErrors, statementRows } from '../../src/renderer/data/statements.js';
import { taxFormRows } from '../../src/renderer/data/tax-forms.js';
import { applicationFormRows } from '../../src/renderer/data/application-forms.js';
import type { TaxFormFigures } from '../../src/contract/api/tax-form.js';
import { chipFor } from '../../src/renderer/components/StatusChip.js';
import { accountName, centsText, dollars, localDay, money } from '../../src/renderer/data/format.js';
import type { JobView, StoredFileStatus } from '../../src/contract/ipc.js';
import type { MetricKey, Scorecard } from '../../src/contract/api/scorecard.js';
import { errorFileStatus } from '../../src/engine/statement/file-status.js';
import type { AccountTransactions, TransactionOut } from '../../src/contract/api/transactions.js';

/** A stored file_status item: the service's own empty item with the fields a test names. */
function item(fields: Partial<StoredFileStatus> & { jobId: number }): StoredFileStatus {
  const base = errorFileStatus({ fileName: 'f.pdf', fileConversionId: 1, resfile: 'r', statementid: null, tid: '', trackingId: '', remaining: 0, numInLast3Days: 0, webhook: '' }, '');
  delete base.error;
  return { ...base, numTransactions: 0, ...fields };
}

const META: Scorecard['_metadata'] = { someTransactionsExcludedDueToValidationFailures: false, numFileConversionsInProgress: 0, warnings: '' };
/** metrics as the service writes them in format jsonobject: rows and the same figures by key. */
function metrics(rows: [string, number, number, MetricKey][]): Scorecard['metrics'] {
  return {
    metricdata: rows.map(([label, monthly, annual]) => [label, monthly, annual]),
    revenue_statistics: Object.fromEntries(rows.map(([label, monthly, annual, key]) => [key, { label, monthly, annual }])),
  };
}

/** The window's pure helpers, by example (the browser suite covers them on real data). */
const txn = (t: Pick<TransactionOut, 'id' | 'date' | 'description' | 'amount'> & Partial<TransactionOut>): TransactionOut =>
  ({ memo: '', checknumber: '', type: '', trueval: null, tags: [], ...t });
const account = (number: string, transactions: TransactionOut[]): AccountTransactions => ({
  'Account Name': 'Op', 'Account Number': number,
  Statements: [{ tid: 't1', statementid: 1, start_date: '2026-01-01', end_date: '2026-02-28', start_balance: 0, end_balance: 0, transactions }],
});

describe('transactions', () => {
  const stored = [account('', [
    txn({ id: 7, date: '2026-01-03', description: 'ACME PAYROLL', amount: -1500.25, balance: 999.75, tags: [{ tagName: 'payroll', metadata: {} }] }),
    txn({ id: 8, date: '2026-02-04', description: 'Stripe transfer, "daily"', amount: 2500, balance: 3499.75, tags: [{ tagName: 'paymentprocessor', metadata: {} }] }),
  ])];

  it('converts the service\'s dollars to cents', () => {
    expect(flattenTransactions(stored).map((r) => r.amount)).toEqual([-150025, 250000]);
    // A statement printing no running balance: the balance is its start balance (0 here) plus the rows so far.
    expect(flattenTransactions([account('1234', [txn({ id: 3, date: '2026-01-02', description: 'x', amount: 12.34 }), txn({ id: 4, date: '2026-01-03', description: 'y', amount: -2 })])])).toEqual([
      { id: 3, date: '2026-01-02', month: '2026-01', description: 'x', amount: 1234, balance: 1234, account: '1234', categories: [], trueval: null },
      { id: 4, date: '2026-01-03', month: '2026-01', description: 'y', amount: -200, balance: 1034, account: '1234', categories: [], trueval: null },
    ]);
    // A printed balance is kept as printed.
    expect(flattenTransactions(stored).map((r) => r.balance)).toEqual([99975, 349975]);
    expect(flattenTransactions(null)).toEqual([]);
  });

  it('filters by search, category, month, section and drill-down ids', () => {
    const rows = flattenTransactions(stored);
    const sections = new Map([[8, ['truecredittrans']]]);
    expect(filterTransactions(rows, { ...emptyFilter, search: 'payroll' }, sections).map((r) => r.id)).toEqual([7]);
    expect(filterTransactions(rows, { ...emptyFilter, category: 'paymentprocessor' }, sections).map((r) => r.id)).toEqual([8]);
    expect(filterTransactions(rows, { ...emptyFilter, month: '2026-01' }, sections).map((r) => r.id)).toEqual([7]);
    expect(filterTransactions(rows, { ...emptyFilter, section: 'truecredittrans' }, sections).map((r) => r.id)).toEqual([8]);
    expect(filterTransactions(rows, { ...emptyFilter, ids: new Set([7]) }, sections).map((r) => r.id)).toEqual([7]);
  });

  it('searches by tokens: amount ranges, dates, quoted phrases and -word exclusion', () => {
    const rows = flattenTransactions([
      ...stored,
      account('', [
        txn({ id: 9, date: '2026-02-20', description: 'KAPITUS SERVICING ACH DEBIT', amount: -500, balance: 0, tags: [{ tagName: 'mca', metadata: {} }] }),
        txn({ id: 10, date: '2026-03-01', description: 'MOBILE DEPOSIT', amount: 100, balance: 0 }),
      ]),
    ]);
    const ids = (search: string) => filterTransactions(rows, { ...emptyFilter, search }, new Map()).map((r) => r.id);
    expect(ids('>500')).toEqual([7, 8]);
    expect(ids('>=500')).toEqual([7, 8, 9]);
    expect(ids('<500')).toEqual([10]);
    expect(ids('100..500')).toEqual([9, 10]);
    expect(ids('$1,500.25..2500')).toEqual([7, 8]);
    expect(ids('2026-02')).toEqual([8, 9]);
    expect(ids('2026-02-04')).toEqual([8]);
    expect(ids('2026-01-15..2026-02-28')).toEqual([8, 9]);
    expect(ids('-kapitus 2026-02')).toEqual([8]);
    expect(ids('"mobile deposit"')).toEqual([10]);
    expect(ids('ach debit')).toEqual([9]);
    expect(ids('mca')).toEqual([9]);
    expect(ids('-"mobile deposit" <1000')).toEqual([9]);
  });

  it('writes CSV from cents exactly, quoting commas and quotes', () => {
    const csv = transactionsCsv(flattenTransactions(stored));
    expect(csv.split('\r\n')[1]).toBe('7,2026-01-03,,ACME PAYROLL,-1500.25,999.75,payroll');
    expect(csv).toContain('"Stripe transfer, ""daily"""');
  });
});

describe('scorecard sections', () => {
  const card: Scorecard = {
    _metadata: META,
    metrics: metrics([['Average Daily Balance', 1234.5, 1234.5, 'average_daily_balance'], ['NSF Count', 2, 24, 'nsf_count']]),
    monthlycashflow: { labels: [], columns: ['month', 'credits', 'debits', 'ids'], data: [['2026-01', 100, 50, [1, 2]], ['2026-02', 200, 75, [3]]] },
    nsftrans: { labels: [], columns: ['date', 'description', 'amount', 'ids'], data: [{ date: '2026-01-05', description: 'NSF FEE', amount: -35, ids: [9] }] },
  };

  it('reads columns, hides the ids column and keeps the ids per row', () => {
    const t = sectionTable('monthlycashflow', scorecardSection(card, 'monthlycashflow'))!;
    expect(t.columns).toEqual(['month', 'credits', 'debits']);
    expect(t.rows[0]!.ids).toEqual([1, 2]);
    // Dates in the reader's locale, money in the section's currency (USD when the row names none).
    expect(sectionTable('nsftrans', scorecardSection(card, 'nsftrans'))!.rows[0]).toMatchObject({ cells: [localDay('2026-01-05'), 'NSF FEE', '-$35.00'], ids: [9] });
    expect(sectionTable('nsftrans', scorecardSection(card, 'nsftrans'), 'GBP')!.rows[0]!.cells[2]).toBe('-£35.00');
  });

  it('maps transaction ids to the sections listing them', () => {
    const m = sectionsByTransaction(card);
    expect(m.get(9)).toEqual(['nsftrans']);
    expect(m.get(3)).toEqual(['monthlycashflow']);
  });

  it('builds chart points and metric cards', () => {
    const pts = chartSeries(sectionTable('monthlycashflow', scorecardSection(card, 'monthlycashflow')), /month/, [{ key: 'credits', match: /credit/ }]);
    expect(pts).toEqual([{ x: '2026-01', credits: 100, ids: [1, 2] }, { x: '2026-02', credits: 200, ids: [3] }]);
    const cards = metricCards(card, dollars);
    expect(cards.find((c) => c.key === 'adb')!.value).toBe('$1,234.50');
    expect(cards.find((c) => c.key === 'nsf')!.value).toBe('2');
    expect(cards.find((c) => c.key === 'holdback')!.value).toBe('—');
  });
});

describe('scorecard as this service returns it', () => {
  it('reads [name, monthly, annual] metrics and labelled columns', () => {
    const card: Scorecard = {
      _metadata: META,
      metrics: metrics([['True Revenue', 38973.42, 467681.04, 'true_revenue'], ['NSF Count', 0.5, 6, 'nsf_count'], ['Holdback Percent', 28.13, 28.13, 'holdback_percent']]),
      truerev12mo: { labels: ['Month', 'True Revenue', 'Transaction IDs'], columns: ['month', 'true_revenue', 'ids'], data: [{ month: '2025-02', true_revenue: 100.5, ids: [4, 5] }] },
    };
    const cards = metricCards(card, dollars);
    expect(cards.find((c) => c.key === 'truerevMonthly')!.value).toBe('$38,973.42');
    expect(cards.find((c) => c.key === 'truerevAnnual')!.value).toBe('$467,681.04');
    // No monthly sections to count from: the monthly average, never the × 12 figure.
    expect(cards.find((c) => c.key === 'nsf')).toMatchObject({ value: '0.50', detail: 'a month on average' });
    expect(cards.find((c) => c.key === 'holdback')!.value).toBe('28.13 %');
    const t = sectionTable('truerev12mo', scorecardSection(card, 'truerev12mo'))!;
    expect(t.columns).toEqual(['Month', 'True Revenue']);
    expect(chartSeries(t, /month/, [{ key: 'truerev', match: /^true.?rev/ }])).toEqual([{ x: '2025-02', truerev: 100.5, ids: [4, 5] }]);
  });
  it('counts cards show what was observed over the statement months, MCA positions who debits now', () => {
    const card: Scorecard = {
      _metadata: META,
      metrics: metrics([['Negative Days', 3.67, 44, 'negative_days'], ['NSF Count', 0.33, 4, 'nsf_count'], ['MCA Positions', 1, 2, 'mca_positions']]),
      combinedsummary: { labels: [], columns: ['month', 'nsf_count', 'negative_days', 'ids'], data: [['2024-12', 1, 0, []], ['2025-01', 0, 0, []], ['2025-02', 0, 11, []]] },
      monthlynegativedays: { labels: [], columns: ['month', 'accountidx', 'account', 'negative_days'], data: [['2024-12', 0, '1', 0], ['2025-01', 0, '1', 0], ['2025-01', 1, '2', 0], ['2025-02', 2, '3', 11]] },
      mcacompanies: { labels: [], columns: ['lender', 'month', 'withdrawal_count'], data: [{ lender: 'Forward Financing', month: '2025-01', withdrawal_count: 5 }, { lender: 'Forward Financing', month: 'Totals', withdrawal_count: 5 }, { lender: 'Fundkite', month: '2025-02', withdrawal_count: 4 }] },
    };
    const cards = metricCards(card, dollars);
    expect(cards.find((c) => c.key === 'negdays')).toMatchObject({ value: '11', detail: '3.67 a month over 3 months' });
    expect(cards.find((c) => c.key === 'nsf')).toMatchObject({ value: '1', detail: '0.33 a month over 3 months' });
    expect(cards.find((c) => c.key === 'mca')).toMatchObject({ value: '1', detail: 'Fundkite debiting in 2025-02 · 2 funders over the whole period' });
  });
  it('takes transaction categories from tags', () => {
    const [r] = flattenTransactions([account('42', [txn({ id: 1, date: '2025-02-03', description: 'SQ', amount: 2410.38, tags: [{ tagName: 'paymentprocessor', metadata: {} }] })])]);
    expect(r).toMatchObject({ account: '42', amount: 241038, categories: ['paymentprocessor'] });
  });
});

describe('logo advice', () => {
  it('sniffs the type from bytes, not the name', () => {
    expect(sniffLogoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]))).toBe('image/png');
    expect(sniffLogoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffLogoType(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(sniffLogoType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
  });
  it('names each problem', () => {
    expect(logoProblems(1000, 'image/png', 400, 400)).toEqual([]);
    expect(logoProblems(4 * 1024 * 1024, 'image/png', 1300, 200).join(' ')).toMatch(/3 MB.*1200 px.*square/);
    expect(logoProblems(1000, 'image/png', 600, 400)).toEqual([]);
    expect(logoWarnings(600, 400)).toEqual(['The logo is 600×400 px; a square logo is advised.']);
    expect(logoWarnings(500, 480)).toEqual([]);
    expect(logoProblems(10, null, 0, 0)).toEqual(['The logo must be a PNG, JPG or GIF image.']);
  });
});

describe('helpers', () => {
  it('batches uploads by size and count', () => {
    const items = [5, 5, 5, 20, 1].map((size) => ({ size }));
    expect(batchBySize(items, 10).map((b) => b.map((i) => i.size))).toEqual([[5, 5], [5], [20], [1]]);
    expect(batchBySize(items, 100, 2).map((b) => b.length)).toEqual([2, 2, 1]);
  });
  it('formats cents without float error', () => {
    expect(centsText(-123456789)).toBe('-$1,234,567.89');
    expect(centsText(5)).toBe('$0.05');
  });
  it('reads statement rows with the first broken balance row', () => {
    const [r] = statementRows([item({ jobId: 1, currencycode: 'GBP', fileName: 'a.pdf', accountNumber: '9876', bankName: 'Chase', startBalance: 10, endBalance: 20.5, totCredits: 15, totDebits: 4.5, reconciled: false,
      firstBrokenBalanceRow: { index: 3, date: '2026-01-04', description: 'DEP', expectedBalance: 12, printedBalance: 13 } })]);
    expect(r).toMatchObject({ accountNumber: '9876', currency: 'GBP', endBalance: 20.5, reconciled: false, firstBrokenRow: { index: 3, printedBalance: 13 } });
  });
  it('shows a failed file with no figures (never as a $0.00 statement)', () => {
    const [r] = statementRows([item({ jobId: 1, fileName: 'a.txt', numTransactions: -1, error: 'a.txt: unsupported file type', startBalance: 0, endBalance: 0 })]);
    expect(r).toMatchObject({ error: 'a.txt: unsupported file type', startBalance: null, endBalance: null, totCredits: null });
  });
  it('lists no statement for a form, and still lists a form that failed', () => {
    const w2: TaxFormFigures = { kind: 'W-2', isReturn: false, taxYear: 2023, ein: '**-***4567', tin: '***-**-1234', wages: 52000.12, federalWithheld: null, unread: ['federal tax withheld'] };
    expect(statementRows([item({ jobId: 1, fileName: 'w2.pdf', taxForm: w2, TaxForms: 'W-2' }), item({ jobId: 2, fileName: 's.pdf', statementid: 7 })]).map((r) => r.fileName)).toEqual(['s.pdf']);
    expect(statementRows([item({ jobId: 1, fileName: 'w2.pdf', taxForm: w2, numTransactions: -1, error: 'w2.pdf: damaged' })]).map((r) => r.error)).toEqual(['w2.pdf: damaged']);
  });
  it('reads tax forms: the figures each carries, an unread one empty, a package\'s forms each, a file once', () => {
    const w2: TaxFormFigures = { kind: 'W-2', isReturn: false, taxYear: 2023, ein: '**-***4567', tin: '***-**-1234', wages: 52000.12, federalWithheld: null, unread: ['federal tax withheld'] };
    const stub: TaxFormFigures = { kind: 'Pay Stub', isReturn: false, taxYear: null, ein: '', tin: '', wages: 2100, netPay: 1596, ytdGross: 18900, unread: [] };
    const parts = [{ pages: [1], kind: 'W-2', evidence: 'title', readAs: 'taxForm' as const, taxForm: w2 }, { pages: [2], kind: 'Pay Stub', evidence: 'title', readAs: 'taxForm' as const, taxForm: stub }];
    const rows = taxFormRows([
      item({ jobId: 1, fileName: 'w2.pdf', taxForm: w2 }),
      // A package stored once per statement: its forms come from its parts, listed once.
      item({ jobId: 2, fileName: 'pkg.pdf', statementid: 8, taxForm: stub, documentParts: parts }),
      item({ jobId: 2, fileName: 'pkg.pdf', statementid: 9, taxForm: stub, documentParts: parts }),
      item({ jobId: 3, fileName: 'statement.pdf', statementid: 10 }),
    ]);
    expect(rows.map((r) => `${r.fileName} ${r.kind}`)).toEqual(['w2.pdf W-2', 'pkg.pdf W-2', 'pkg.pdf Pay Stub']);
    expect(rows[0]!.figures).toEqual([{ label: 'Wages (box 1)', value: 52000.12 }, { label: 'Federal tax withheld (box 2)', value: null }]);
    expect(rows[0]!.unread).toEqual(['federal tax withheld']);
    expect(rows[2]!.figures.map((f) => f.label)).toEqual(['Gross pay, this period', 'Gross pay, year to date', 'Net pay']);
  });
  it('reads application forms: fields found, owners with the SSN masked, key fields missing named', () => {
    const form = { legalName: 'Summit Builders Inc', federalTaxId: '', amountRequested: '$50,000', owner1Name: 'Wei Chen', owner1SSN: '123-45-6789', owner2Name: '', submissionId: 1, nbFoundFields: 4, fields: [] };
    const [r, ...rest] = applicationFormRows([item({ jobId: 4, fileName: 'app.pdf', form }), item({ jobId: 4, fileName: 'app.pdf', form }), item({ jobId: 5, fileName: 's.pdf', statementid: 3 })]);
    expect(rest).toEqual([]);
    expect(r!.business.map((f) => `${f.label}: ${f.value}`)).toEqual(['Legal name: Summit Builders Inc', 'Amount requested: $50,000']);
    expect(r!.owners).toEqual([[{ field: 'owner1Name', label: 'Name', value: 'Wei Chen' }, { field: 'owner1SSN', label: 'SSN', value: '***-**-6789' }]]);
    expect(r!.missing).toEqual(['Federal tax ID', 'Gross annual revenue', 'Business started']);
  });
  it('formats money in its own currency and names accounts by bank and last four digits', () => {
    expect(money(1234567.5, 'GBP')).toBe('£1,234,567.50');
    expect(money(-1843.69, 'USD')).toBe('-$1,843.69');
    expect(money(null, 'USD')).toBe('—');
    // A currency the engine could not tell is never shown as dollars.
    expect(money(-1843.69, '')).toBe('-¤1,843.69');
    expect(statementRows([item({ jobId: 1, currencycode: '', fileName: 'nz.pdf', startBalance: 1, endBalance: 2 })])[0]?.currency).toBe('');
    expect(accountName('First Test Bank', '000123451111')).toBe('First Test Bank ··1111');
    expect(accountName('', '3333')).toBe('··3333');
  });
  it('marks a job failed only when every statement of its file failed to convert', () => {
    const m = conversionErrors([
      item({ jobId: 1, numTransactions: -1, error: 'a.txt: unsupported file type' }),
      item({ jobId: 2, numTransactions: -1, error: 'b.pdf: page 3 unreadable' }), item({ jobId: 2, numTransactions: 12 }),
      item({ jobId: 3, numTransactions: 40 }),
    ]);
    expect([...m]).toEqual([[1, 'a.txt: unsupported file type']]);
  });
  it('chips say uploading n %, waiting for network and the failure reason', () => {
    const job: JobView = { id: 1, appnumber: 'A', fileName: 'f.pdf', size: 200, sha256: 'x', status: 'uploading', detail: '', bytesSent: 50, attempts: 1, lastError: null, nextAttemptAt: null, resfile: null, duplicate: false, createdAt: '', updatedAt: '' };
    expect(chipFor(job, { online: true, waiting: 0, service: 's', detail: 'online', nextProbeAt: null }).text).toBe('uploading 25 %');
    expect(chipFor({ ...job, status: 'queued' }, { online: false, waiting: 1, service: 's', detail: 'waiting for network', nextProbeAt: null }).text).toBe('waiting for network');
    expect(chipFor({ ...job, status: 'failed', lastError: 'HTTP 400: not a statement' }, null).text).toBe('failed: HTTP 400: not a statement');
    // Why a file waits or retries, as the queue says it.
    expect(chipFor({ ...job, status: 'queued', detail: 'waiting for service: 502 from gateway' }, null)).toEqual({ kind: 'waiting', text: 'waiting for service: 502 from gateway' });
    expect(chipFor({ ...job, status: 'queued', detail: 'retry in 4 s: timeout after 30 s' }, null)).toEqual({ kind: 'queued', text: 'retry in 4 s: timeout after 30 s' });
    expect(chipFor({ ...job, status: 'done' }, null, 'a.txt: unsupported file type')).toEqual({ kind: 'failed', text: 'failed: a.txt: unsupported file type' });
    expect(chipFor({ ...job, status: 'done' }, null).kind).toBe('done');
    // The service's OCR progress (its /checkprogress message, kept as the job's detail) shows on the chip.
    expect(chipFor({ ...job, status: 'converting', detail: 'converting: conversion in progress: OCR page 2/3' }, null).text).toBe('converting: OCR page 2/3');
    expect(chipFor({ ...job, status: 'converting', detail: 'converting: conversion in progress' }, null).text).toBe('converting');
  });
});
