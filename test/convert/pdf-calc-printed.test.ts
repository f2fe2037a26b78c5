/**
 * Statements kept in a spreadsheet and printed to PDF by LibreOffice Calc (the fixture
 * calc-statement.ts), as small banks, credit unions, accountants and brokers send theirs: Calc
 * formats the figures and dates, repeats the heads, scales the sheet or prints it over several
 * page columns, and writes the PDF. No code of ours placed a word. Every case's workbook is
 * converted by one LibreOffice run (beforeAll). Each case failed before its fix unless it says
 * it guards.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { composeCalcStatement, exportCalcPdfs, type CalcStatement, type CalcTraits } from '../fixtures/generator/calc-statement.js';
import { f1, scoreReading, type ComposedReading } from '../fixtures/generator/composer/score.js';

/** The designs the seeds were found on, pinned: a change to how traits are drawn leaves the cases as they were. */
const CASES = {
  // A French sheet wider than its page, printed top to bottom then right: pages 1-2 the dates and
  // descriptions, pages 3-4 the same rows' amounts and balances; the summary's labels on page 2, its figures on page 4.
  splitDown: { seed: 4, traits: { kind: 'bank', locale: 'fr', font: 'DejaVu Serif', size: 11, date: 'yyyy-mm-dd', negative: 'redParen', currency: true, amounts: 'signed', balance: true, category: false, gridlines: false, borders: 'heads', titleBlock: true, repeatHeads: true, pageHead: false, footer: false, fit: 'split', pageOrder: 'ttb', repeatDate: false, wrap: true, hiddenColumn: false, totals: false, separators: false, summary: 'bottom', landscape: false, busy: false } },
  // The same order, a category beside the descriptions; the first page column's last page holds only the summary's labels, its partner only heads.
  splitDownCategory: { seed: 36, traits: { kind: 'bank', locale: 'uk', font: 'DejaVu Sans Condensed', size: 11, date: 'd-mmm-yy', negative: 'minus', currency: true, amounts: 'split', balance: true, category: true, gridlines: false, borders: 'all', titleBlock: true, repeatHeads: true, pageHead: true, footer: true, fit: 'split', pageOrder: 'ttb', repeatDate: false, wrap: false, hiddenColumn: false, totals: false, separators: false, summary: 'bottom', landscape: true, busy: false } },
  // Left to right then down, the date column repeated on each page column ("columns to repeat").
  splitAcrossDate: { seed: 9, traits: { kind: 'bank', locale: 'us', font: 'DejaVu Sans Condensed', size: 10, date: 'd-mmm-yy', negative: 'redParen', currency: false, amounts: 'split', balance: true, category: false, gridlines: false, borders: 'heads', titleBlock: true, repeatHeads: true, pageHead: false, footer: false, fit: 'split', pageOrder: 'ltr', repeatDate: true, wrap: false, hiddenColumn: true, totals: false, separators: false, summary: 'bottom', landscape: false, busy: false } },
  // Left to right then down, a busy month with blank rows between weeks.
  splitAcrossBusy: { seed: 16, traits: { kind: 'bank', locale: 'fr', font: 'DejaVu Sans', size: 10, date: 'dd/mm/yyyy', negative: 'minus', currency: false, amounts: 'split', balance: true, category: false, gridlines: false, borders: 'none', titleBlock: false, repeatHeads: true, pageHead: false, footer: false, fit: 'split', pageOrder: 'ltr', repeatDate: false, wrap: false, hiddenColumn: true, totals: false, separators: true, summary: 'bottom', landscape: false, busy: true } },
  // A summary below the rows, its figures in the sheet's "Money out" column, broken by the page: "Ending balance" alone under the next page's repeated heads.
  summaryUnderDebit: { seed: 152, traits: { kind: 'bank', locale: 'us', font: 'DejaVu Sans Condensed', size: 11, date: 'mm/dd/yyyy', negative: 'paren', currency: false, amounts: 'split', balance: true, category: false, gridlines: true, borders: 'none', titleBlock: false, repeatHeads: true, pageHead: true, footer: true, fit: 'fits', pageOrder: 'ttb', repeatDate: true, wrap: true, hiddenColumn: true, totals: false, separators: false, summary: 'bottom', landscape: true, busy: false } },
  // The same under "Soll", no running balance: only the opening, the rows and the closing together say the sign.
  summaryUnderSoll: { seed: 134, traits: { kind: 'bank', locale: 'de', font: 'DejaVu Sans', size: 8, date: 'yyyy-mm-dd', negative: 'redParen', currency: false, amounts: 'split', balance: false, category: false, gridlines: false, borders: 'all', titleBlock: true, repeatHeads: true, pageHead: true, footer: true, fit: 'fits', pageOrder: 'ltr', repeatDate: false, wrap: true, hiddenColumn: false, totals: true, separators: false, summary: 'bottom', landscape: true, busy: false } },
  // A summary above the heads: "Beginning balance", "Deposits and credits", "Withdrawals and debits", "Ending balance", figures over "Money out".
  summaryAbove: { seed: 81, traits: { kind: 'bank', locale: 'us', font: 'DejaVu Sans', size: 8, date: 'mm/dd/yyyy', negative: 'redParen', currency: true, amounts: 'split', balance: true, category: false, gridlines: true, borders: 'none', titleBlock: true, repeatHeads: true, pageHead: true, footer: false, fit: 'fits', pageOrder: 'ttb', repeatDate: false, wrap: false, hiddenColumn: false, totals: false, separators: false, summary: 'top', landscape: false, busy: false } },
  // A UK card's summary below its rows: "Minimum payment | 212.01" and "Credit limit | 18,000.00" under the amount column.
  cardSummaryBelow: { seed: 107, traits: { kind: 'card', locale: 'uk', font: 'DejaVu Sans', size: 10, date: 'yyyy-mm-dd', negative: 'minus', currency: false, amounts: 'signed', balance: false, category: false, gridlines: true, borders: 'all', titleBlock: true, repeatHeads: true, pageHead: true, footer: false, fit: 'scaled', pageOrder: 'ltr', repeatDate: false, wrap: false, hiddenColumn: true, totals: false, separators: false, summary: 'bottom', landscape: false, busy: false } },
  // The same under the "Debits" column of debits and credits apart: its balances fall under Debits too.
  cardSummaryUnderDebits: { seed: 17, traits: { kind: 'card', locale: 'uk', font: 'DejaVu Serif', size: 9, date: 'd-mmm-yy', negative: 'redMinus', currency: true, amounts: 'split', balance: false, category: false, gridlines: true, borders: 'heads', titleBlock: false, repeatHeads: true, pageHead: true, footer: true, fit: 'fits', pageOrder: 'ltr', repeatDate: false, wrap: false, hiddenColumn: false, totals: false, separators: true, summary: 'bottom', landscape: false, busy: false } },
  // A sheet a little wider than its page: the dates, descriptions, categories and amounts on pages 1-3, the balance column alone on pages 4-6.
  balanceBeyond: { seed: 48, traits: { kind: 'bank', locale: 'us', font: 'DejaVu Sans', size: 11, date: 'dd mmm yyyy', negative: 'minus', currency: false, amounts: 'split', balance: true, category: true, gridlines: false, borders: 'none', titleBlock: false, repeatHeads: true, pageHead: false, footer: true, fit: 'fits', pageOrder: 'ttb', repeatDate: true, wrap: false, hiddenColumn: false, totals: false, separators: false, summary: 'none', landscape: false, busy: false } },
  // A German split sheet whose page footer "Seite 2 von 6" falls, once its pages are side by side, under the descriptions.
  footerDe: { seed: 195, traits: { kind: 'bank', locale: 'de', font: 'DejaVu Sans', size: 11, date: 'dd.mm.yyyy', negative: 'minus', currency: false, amounts: 'split', balance: true, category: false, gridlines: true, borders: 'none', titleBlock: true, repeatHeads: false, pageHead: true, footer: true, fit: 'split', pageOrder: 'ttb', repeatDate: false, wrap: false, hiddenColumn: false, totals: true, separators: false, summary: 'none', landscape: false, busy: true } },
  // A French card's summary below its rows, its limit under the bare label "Plafond".
  cardPlafond: { seed: 161, traits: { kind: 'card', locale: 'fr', font: 'DejaVu Sans Condensed', size: 10, date: 'yyyy-mm-dd', negative: 'redMinus', currency: true, amounts: 'split', balance: false, category: false, gridlines: true, borders: 'heads', titleBlock: true, repeatHeads: true, pageHead: true, footer: true, fit: 'fits', pageOrder: 'ltr', repeatDate: false, wrap: false, hiddenColumn: false, totals: false, separators: false, summary: 'bottom', landscape: false, busy: false } },
  // A German card split left to right then down, the date column repeated, its summary labels merged over the date and description columns.
  splitMergedLabel: { seed: 122, traits: { kind: 'card', locale: 'de', font: 'DejaVu Serif', size: 11, date: 'yyyy-mm-dd', negative: 'minus', currency: true, amounts: 'signed', balance: false, category: false, gridlines: false, borders: 'all', titleBlock: true, repeatHeads: true, pageHead: false, footer: true, fit: 'split', pageOrder: 'ltr', repeatDate: true, wrap: false, hiddenColumn: true, totals: true, separators: false, summary: 'bottom', landscape: true, busy: true } },
} satisfies Record<string, { seed: number; traits: Partial<CalcTraits> }>;

type Name = keyof typeof CASES;
const composed = new Map<Name, CalcStatement>();
const printed = new Map<Name, Uint8Array>();
let again: Uint8Array | undefined;

beforeAll(async () => {
  const names = Object.keys(CASES) as Name[];
  for (const n of names) composed.set(n, composeCalcStatement(CASES[n].seed, CASES[n].traits));
  // The first case twice: the same workbook must export to the same bytes.
  const pdfs = await exportCalcPdfs([...names.map((n) => composed.get(n)!), composed.get(names[0]!)!]);
  names.forEach((n, i) => printed.set(n, pdfs[i]!));
  again = pdfs[names.length];
}, 120_000);

async function read(name: Name, options: Partial<Parameters<typeof defaultConversionOptions>[0]> = {}): Promise<ComposedReading<CalcStatement>> {
  const s = composed.get(name)!;
  const doc = await convertDocument({ fileName: `calc-${s.seed}.pdf`, bytes: printed.get(name)!, options: defaultConversionOptions({ accounttype: 'autoDetect', ...options }) });
  return scoreReading(s, doc);
}

const clean = (name: Name) => async () => {
  const r = await read(name);
  expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
  expect(f1(r.match)).toBe(1);
};

describe('the calc fixture', () => {
  it('exports the same workbook to the same bytes (its date and file ID made steady)', () => {
    expect(Buffer.compare(Buffer.from(printed.get('splitDown')!), Buffer.from(again!))).toBe(0);
  });
});

describe('a sheet printed over several page columns', () => {
  // The first page column's pages hold the dates and descriptions and no figure, the later
  // ones the same rows' figures at the same heights: read page by page, no row had an amount
  // (calc sweep 1-200: all 52 split sheets failed; --traits {"fit":"split"} 1-40: F1 0.92 -> 1.00).
  it('reads pages printed top to bottom, then right, side by side (seed 4)', clean('splitDown'), 60_000);
  it('... a first page column whose last page holds only the summary\'s labels (seed 36)', clean('splitDownCategory'), 60_000);
  it('reads pages printed left to right, then down, the repeated date column kept once (seed 9)', clean('splitAcrossDate'), 60_000);
  it('... a busy month with blank rows between weeks (seed 16)', clean('splitAcrossBusy'), 60_000);
  // The first page column prints the amounts, the second only the balances: the balance pages
  // were read as rows of their own (88 rows for 44, unreconciled; calc sweep 1-200: seed 48).
  it('reads a balance column printed on pages of its own beside the rows (seed 48)', async () => {
    const r = await read('balanceBeyond');
    expect(r.problems.filter((p) => p.kind !== 'description').map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    expect(f1(r.match)).toBe(1);
  }, 60_000);
  // A page number alone on its line in German or French is page furniture, as "Page 1 of 4" is:
  // joined pages put it under the descriptions, and a row's description ended "Seite 2 von 6" (169, 181, 195).
  it('keeps a footer\'s "Seite 2 von 6" out of the row above it (seed 195)', clean('footerDe'), 60_000);
  // A label merged over the repeated date column prints again on the later page, from the
  // column's left: joined, "Saldo der letzten Abrechnung" stuck to its figure and the opening
  // was read from the next line (split sweep 41-140: 122, unreconciled).
  it('keeps a merged label printed again over the repeated column once (seed 122)', clean('splitMergedLabel'), 60_000);
  it('says so when the pages of figures are missing, and does not reconcile (seed 4, pages 1-3)', async () => {
    const r = await read('splitDown', { lastpage: 3 });
    // No statement, or none that reconciles; either way the reader says why.
    const statements = r.doc.statements;
    expect(statements.every((s) => !reconcile(s, 0).reconciled)).toBe(true);
    const said = [r.doc.error ?? '', ...statements.flatMap((s) => s.hints ?? [])].join(' ');
    expect(said).toMatch(/Page\(s\) 1, 2 hold dated rows without figures/);
  }, 60_000);
});

describe('a summary block in the sheet\'s columns', () => {
  // A sheet's summary sits in its columns whatever it says: an unsigned balance whose figure
  // falls under "Money out" was taken as negative (a French SOLDE row's rule), and the statement
  // did not reconcile (calc sweep 1-200 after the page columns: 5 seeds; before: 40 of 116).
  // The rows say the sign: the running balances (152), or the opening, the rows' amounts and the closing (134).
  it('takes a balance under the Debit column as printed where the running balances say so (seed 152)', clean('summaryUnderDebit'), 60_000);
  it('... where the opening and the rows come to the closing only so (seed 134)', clean('summaryUnderSoll'), 60_000);
  // "Deposits and credits" and "Withdrawals and debits" name the summary's totals (data/labels.ts).
  it('reads the totals a summary names "Deposits and credits" and "Withdrawals and debits" (seed 81)', async () => {
    const r = await read('summaryAbove');
    expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    const t = r.pdf.truth[0]!.transactions;
    expect(r.doc.statements[0]!.printedTotals).toEqual({
      credits: t.filter((x) => x.amount > 0).reduce((n, x) => n + x.amount, 0),
      debits: -t.filter((x) => x.amount < 0).reduce((n, x) => n + x.amount, 0),
    });
  }, 60_000);
});

describe('a card\'s summary below its rows', () => {
  // "Minimum payment" and "Credit limit" with their figures under the amount column, no date:
  // read as undated charges, the statement did not reconcile (calc sweep 1-200: 72, 107, 161, 171).
  it('reads no row from a card summary\'s minimum payment and credit limit (seed 107)', clean('cardSummaryBelow'), 60_000);
  // Under "Debits", its balances were negative by that column, and read so the card's rows
  // reconciled only with every sign turned: the bank reading won, a card taken for a checking
  // account (17, 21, 28; 171 read every charge as a credit).
  it('keeps a card a card whose summary falls under the Debits column (seed 17)', clean('cardSummaryUnderDebits'), 60_000);
  // "Plafond | 20 000,00 €" (the card's limit, a word a French bank's overdraft limit shares, so
  // no evidence of a card): read as a charge of 20,000.00, unreconciled (161; fresh 469, 491 a card read as a checking account).
  it('reads no row from a French card summary\'s bare "Plafond" (seed 161)', clean('cardPlafond'), 60_000);
});
