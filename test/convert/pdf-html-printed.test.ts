/**
 * Statements laid out as HTML and printed to PDF by a real Chromium (the fixture
 * html-statement.ts), as online banks and fintechs make theirs: the browser sizes the columns,
 * aligns the heads, wraps descriptions and breaks pages, and Skia writes the PDF. No code of ours
 * placed a word. Each case failed before its fix unless it says it guards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { composeHtmlStatement, openPrinter, type HtmlTraits } from '../fixtures/generator/html-statement.js';
import { f1, scoreReading, type ComposedReading } from '../fixtures/generator/composer/score.js';

let printer: Awaited<ReturnType<typeof openPrinter>>;
beforeAll(async () => { printer = await openPrinter(); }, 60_000);
afterAll(async () => { await printer?.close(); });

/** The fixture's first designs (US bank statements, cells at the top, no plus, no category): the seeds below were found on them. */
const FIRST_DESIGNS: Partial<HtmlTraits> = {
  locale: 'us', valign: 'top', plusCredits: false, category: false, kind: 'bank',
  printout: false,
};

/** Designs printed from online banking (browser header and footer, histories, day groups, styled amounts), as the seed draws them. */
const AS_DRAWN = null;

async function read(seed: number, traits: Partial<HtmlTraits> | typeof AS_DRAWN): Promise<ComposedReading<{ truth: ReturnType<typeof composeHtmlStatement>['truth'] }>> {
  const s = composeHtmlStatement(seed, traits === AS_DRAWN ? {} : { ...FIRST_DESIGNS, ...traits });
  const bytes = await printer.print(s);
  const doc = await convertDocument({ fileName: `html-${seed}.pdf`, bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
  return scoreReading({ truth: s.truth }, doc);
}

const clean = (seed: number, traits: Partial<HtmlTraits> | typeof AS_DRAWN, kinds?: string[]) => async () => {
  const r = await read(seed, traits);
  const problems = r.problems.filter((p) => !kinds || kinds.includes(p.kind));
  expect(problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
  expect(f1(r.match)).toBe(1);
};

describe('money heads apart from their figures', () => {
  // "Amount" aligned left in a wide column, its right-aligned figures ending 90 pt right of it:
  // every figure lay "beside the table", and not one row was read (3, 5, 19: F1 0).
  for (const seed of [3, 5, 19]) it(`reads the figures under a left-aligned head (seed ${seed})`, clean(seed, { moneyHeads: 'left' }, ['rows', 'unreconciled', 'opening', 'closing']), 60_000);
  // "Money out | Money in" aligned left: money out's figures end under money in's head (9: debits read as credits).
  it('reads money out and money in apart under left-aligned heads (seed 9)', clean(9, { moneyHeads: 'left' }, ['rows', 'unreconciled', 'opening', 'closing']), 60_000);
  // Monospaced "Amount" and "Balance" aligned left: "-$34.00" ends 56 pt right of "Amount" and
  // 10 pt left of "Balance", and was taken for a balance (50: the row set aside, unreconciled).
  it('reads a figure nearer the next head as its own column\'s (seed 50)', clean(50, {}, ['rows', 'unreconciled', 'opening', 'closing']), 60_000);
  // The summary printed under the rows ("Closing balance | $18,015.76" at the descriptions): its
  // figures, ending left of every money head, counted as one more column of figures than the
  // heads name, so the heads alone placed the figures and a narrow debit ending 12 pt nearer
  // "Money in" was read as a credit (9, 19: unreconciled; found on ReportLab seed 562).
  for (const seed of [9, 19]) it(`reads the figures under left-aligned heads above a summary (seed ${seed})`, clean(seed, { moneyHeads: 'left', amounts: 'split', summary: 'table', summaryBelow: true }, ['rows', 'unreconciled', 'opening', 'closing']), 60_000);
  // Centred heads (a browser's default for a head cell) overlap their figures: read before, kept so (a guard).
  for (const seed of [3, 9]) it(`reads the figures under centred heads (seed ${seed})`, clean(seed, { moneyHeads: 'center' }, ['rows', 'unreconciled', 'opening', 'closing']), 60_000);
});

describe('the dollar of a US address', () => {
  // "5 Jan 2025" rows under a US address: a day before a month's name counted as "dates printed
  // day first" against the US, and the bare "$" was left unknown (seed 2).
  it('takes "$" for USD under a US address with rows dated "5 Jan 2025" (seed 2)', clean(2, {}, ['currency']), 60_000);
  // "MONTHLY SERVICE FEE | 28.09" (a figure printed without its mark) read as the 28th of September:
  // the statement's ISO-dated rows made day first, and the "$" unknown (seed 26).
  it('takes a figure "28.09" for no day-first date (seed 26)', clean(26, {}, ['currency']), 60_000);
});

describe('descriptions as a browser wraps them', () => {
  // A reference on the cell's second line, in smaller grey type ("MONTHLY SERVICE FEE" over "Ref
  // 2638652541"): the first line could have held it, so it was taken for a notice between rows
  // and dropped (40, 10).
  for (const seed of [10, 40]) it(`keeps a reference printed under the row's first line (seed ${seed})`, clean(seed, {}, ['description', 'rows']), 60_000);
  // "STRIPE TRANSFER ST-" over "91256807 RIVERSTONE CONST": the word broken after its hyphen was
  // joined with a space (29).
  it('joins a word the browser broke after its hyphen (seed 29)', clean(29, {}, ['description', 'rows']), 60_000);
});

describe('a summary of boxes side by side', () => {
  // "Beginning" over "balance" over "$36,708.35" beside "Ending balance" over "$34,732.89", whose
  // one-line label puts its figure a line higher: that figure's line stopped the stacked labels,
  // and the opening balance was not read (107).
  it('reads a box\'s figure under its label wrapped over two lines (seed 107)', clean(107, {}, ['opening', 'closing', 'unreconciled']), 60_000);
});

describe('columns beside the description', () => {
  // "Catégorie" over "Recettes", "Charges": a head no table had printed, so its words were the
  // description's last (24, French, cells at the top).
  it('reads a French category column as no part of the description (seed 24)', clean(24, { locale: 'fr', valign: 'top', plusCredits: true, category: true }, ['description', 'rows']), 60_000);
  // Cells centred on the row (a browser's default): "21 Nov 2024 | Bills | -29.03" halfway
  // down a two-line description. The category's word on the figures' line made it no centred
  // line of values, and each row's second line went to the row below (1, 87).
  it('reads centred figures beside a category word as the wrapped row\'s (seed 1)', clean(1, { locale: 'uk', valign: 'middle', plusCredits: false, category: true }, ['description', 'rows']), 60_000);
  // A reference under the description in type a point smaller (8 pt over 7 pt): the centred
  // figures were not taken as that row's, and its line went to the row above (66, 70).
  it('reads centred figures over a reference line in smaller type (seed 66)', clean(66, { locale: 'uk', valign: 'middle', plusCredits: true, category: false }, ['description', 'rows']), 60_000);
  // Rows set apart by their cells' padding: a row's last line ("Ref 8226473467"), a one-line row
  // ("CHECK 1456 | -3.493,84") and the next row's first line read as one row of three lines (96).
  it('reads a one-line row between wrapped rows as a row of its own (seed 96)', clean(96, { locale: 'de', valign: 'middle', plusCredits: false, category: true }, ['description', 'rows']), 60_000);
  // Rows of four and five lines in a narrow column ("CARD PURCHASE | 11/20 HOME DEPOT | #6812
  // BROOKLYN NY | CARD 3096 | Ref …", figures on the third): lines were paired off symmetrically
  // around each line of figures, so such a row beside a shorter one gave its first lines to the row
  // above; a purchase's date wrapped onto a line of its own ("11/21") was taken for a row's (421, 624).
  it('splits the lines between two rows\' centred figures by where each row centres (seed 421)', clean(421, { locale: 'us', valign: 'middle', plusCredits: true, category: true }, ['description', 'rows']), 60_000);
  it('splits the lines between two rows\' centred figures by where each row centres (seed 624)', clean(624, { locale: 'uk', valign: 'middle', plusCredits: false, category: false }, ['description', 'rows']), 60_000);
  it('reads centred figures beside a category word as the wrapped row\'s (seed 87)', clean(87, { locale: 'fr', valign: 'middle', plusCredits: false, category: true }, ['description', 'rows']), 60_000);
});

describe('a card statement printed from HTML', () => {
  // Seven summary boxes, the due date's box wrapping "February" over "25, 2025": the date on the
  // figures' line made it no line of box values, and the previous balance was not read (2).
  it('reads the previous balance beside a due date wrapped in its box (seed 2)', clean(2, { kind: 'card', boxRow: true }, ['opening', 'closing', 'unreconciled']), 60_000);
  // The boxes' labels wrapped ("Previous | Payments and | … | Payment due" over "balance |
  // credits | due | date") read as a ledger's heads with a balance column: a bank account's
  // ledger beside another product's box, so the card statement was read as checking and every
  // sign reversed (47: F1 0).
  it('reads a card statement whose summary boxes wrap their labels as a card\'s (seed 47)', async () => {
    const r = await read(47, { kind: 'card', boxRow: true });
    expect(r.doc.statements.map((s) => `${s.docType} ${s.accountTypeStr}`)).toEqual(['Credit Card Statement CCard']);
    expect(f1(r.match)).toBe(1);
  }, 60_000);
});

describe('a card statement\'s boxes over its table', () => {
  // The boxes' wrapped labels ("Payments and" over "credits", "Payment due" over "date") read as a
  // table's heads: the table was open, its figures' line read as rows', and neither the previous
  // nor the new balance was read (47, 109 rows).
  it('reads the boxes\' labels over their figures as no table\'s heads (seed 47)', clean(47, { kind: 'card', boxRow: true }, ['opening', 'closing', 'unreconciled']), 60_000);
});

describe('a card statement\'s pages of one side', () => {
  // "Debits (£) | Credits (£)" aligned left, a page of charges only: one figure edge under two
  // heads, so the heads were left as printed, and a narrow charge ending 7 pt left of "Credits"
  // was read as a credit (21).
  it('reads charges under a left-aligned head on a page with no credit (seed 21)', clean(21, { kind: 'card', amounts: 'split', moneyHeads: 'left' }, ['rows', 'unreconciled', 'opening', 'closing']), 60_000);
});

describe('figures a browser prints', () => {
  // "(1 592,25 €)": a figure grouped by narrow spaces in parentheses with its mark inside, in
  // monospaced type under centred heads, was cut at a column's edge into "(1" and "592,25 €)":
  // nine rows lost (117).
  it('keeps a parenthesised space-grouped figure with its mark whole (seed 117)', clean(117, { locale: 'fr', valign: 'middle', plusCredits: true, category: false, kind: 'bank', minus: 'paren', moneyHeads: 'center', font: 'DejaVu Sans Mono', size: 8 }, ['rows', 'unreconciled']), 60_000);
});

describe('printed from online banking', () => {
  // "↓ −247,18 €", "↑ 12.783,55 €": an app's arrow before the figure made the cell no figure, and
  // the rows were lost (any seed: 47 of 47 with arrows failed, F1 0.67). The arrow is never the sign.
  it('reads a figure behind a direction arrow (seed 3)', clean(3, { amountStyle: 'arrows' }), 60_000);
  // "↓ (£10,294.03)" wider than its column: the column's edge cut the arrow off, and it ended the
  // row's description ("ADP PAYROLL FEES … 534627398 ↓"; 673, cells at the bottom).
  it('keeps an arrow cut off its figure out of the description (seed 673)', clean(673, AS_DRAWN, ['rows', 'description']), 60_000);
  // Rows under day headings centred on their cells: a one-line row between two headings lay
  // centred between them, and took the heading above as its first line (685: the date one day off).
  it('reads no day heading as a centred row\'s line (seed 685)', clean(685, AS_DRAWN, ['rows', 'description']), 60_000);
  // A history's rows not posted yet on top, "En cours" where the date goes and no balance: read as
  // undated rows, they went to the first posted row's date, and the figures of the first one went
  // onto the table's heads (centred cells, the word no row's value); 696 lost nine rows.
  it('sets aside a row with "Pending" for its date (seed 696)', clean(696, AS_DRAWN, ['rows', 'opening', 'closing', 'unreconciled']), 60_000);
  // An app's list: "Pending" over undated rows, then rows under day headings. The pending section
  // never ended (a day heading is no section heading), and every posted row on its page went aside (683).
  // A pending row's wrapped description ("AMAZON MKTPLACE" over "PMTS" over "AMZN.COM/BILL WA"):
  // its lines ran into the first posted row, which then read as a row printed with its figures on
  // its last line, and every row's description went to its neighbour (747, cells at the top).
  // A day heading at a page's foot, its rows atop the next page under the browser's header
  // ("17/01/2025, 09:41 | … | Transaction history"): that header's date read as a dated row in
  // between, the heading was dropped, and its rows took the day before's date (690).
  it('dates rows by a heading over a browser\'s page header (seed 690)', clean(690, AS_DRAWN, ['rows']), 60_000);
  it('sets aside a pending row\'s wrapped lines with it (seed 747)', clean(747, AS_DRAWN, ['rows', 'description']), 60_000);
  it('ends a pending list printed undated at the first dated row (seed 683)', clean(683, AS_DRAWN, ['rows', 'opening', 'closing', 'unreconciled']), 60_000);
  // "Pending" over one row whose description wraps its status word onto a line of its own
  // ("STRIPE TRANSFER | -$184.40" over "PENDING"): that word read as a pending heading again and
  // began a new list, so the first posted row under "Friday, February 28, 2025" was taken for a
  // dated pending row and the whole day's 12 rows were set aside (163).
  it('reads a pending row\'s status word as no new pending list (seed 163)', clean(163, AS_DRAWN, ['rows', 'opening', 'closing', 'unreconciled']), 60_000);
  // A German card statement under the browser's header "06.01.25, 09:41 | Tidewell | Online
  // Banking": the header's date holds "1.25", a figure, so the header bounded the table's body,
  // the card's title and summary above the rows counted as rows' text, and the statement was
  // typed a checking account ("Kontoauszug vom … bis …"), every sign turned, unflagged (411, 430).
  for (const seed of [411, 430]) it(`types a card statement under a browser's header as a card's (seed ${seed})`, clean(seed, AS_DRAWN, ['doc-type', 'account-type', 'opening', 'closing', 'rows', 'unreconciled']), 60_000);
});

describe('a long description above its figures atop a page', () => {
  // "ORIG CO NAME:SQUARE INC" over five more lines to "DEVICE 7731 | ↑ 3.594,95 €", the first row
  // under a page's day heading: a row's first line was looked for four lines above its figures at
  // most, and this one was lost (74; lines-below.ts MAX_WRAPPED_LINES).
  it('keeps the first of six lines above a row\'s figures atop a page (seed 74)', clean(74, {
    font: 'DejaVu Sans', size: 10, summary: 'table', amounts: 'signed', minus: '-', markOnAmounts: true, balance: true, date: 'DD.MM.YYYY', stripes: true, rules: true, descShare: 0.3, subLines: true, footer: false, busy: false, moneyHeads: 'center', locale: 'de', valign: 'bottom', plusCredits: false, category: false, kind: 'bank', boxRow: false, printout: true, chrome: true, history: false, newestFirst: false, pending: 0, longNames: true, amountStyle: 'arrows', currencyColumn: false, dayGroups: true,
  }, ['description', 'rows']), 60_000);
});

describe('pending rows in a history aligned to its rows\' foot', () => {
  // Each row's description above its figures, "Pending" where the pending rows' dates go: the first
  // pending row's line above its figures ("UBER *TRIP") became the first posted row's first words,
  // and that row's own first lines ("POS DEBIT SYSCO" … "BROADWAY NEW") were set aside as the
  // second pending row's tail (52: "UBER *TRIP YORK NY 10024"; rows.ts pendingOwnsAbove).
  it('sets aside the lines above a pending row\'s figures, not the next row\'s (seed 52)', clean(52, {
    font: 'DejaVu Serif', size: 11, summary: 'table', amounts: 'signed', minus: '−', markOnAmounts: true, balance: true, date: 'MM/DD', stripes: false, rules: true, descShare: 0.25, subLines: true, footer: false, busy: false, moneyHeads: 'right', locale: 'us', valign: 'bottom', plusCredits: true, category: true, kind: 'bank', boxRow: false, printout: true, chrome: false, history: true, newestFirst: true, pending: 2, longNames: true, amountStyle: 'plain', currencyColumn: false, dayGroups: false,
  }, ['description', 'rows']), 60_000);
  // "Vorgemerkt" over one pending row, then rows under day headings: the first posted row's line
  // above its figures ("CHECK 6986 INTL SVC ASSESSMENT AMSTERDAM NLD 1017") was still under the
  // pending heading, which ends at that row's dated figures, and was lost (8: "CE").
  it('gives the first posted row its lines printed under the pending heading (seed 8)', clean(8, {
    font: 'DejaVu Serif', size: 9, summary: 'cards', amounts: 'signed', minus: '-', markOnAmounts: true, balance: true, date: 'DD.MM.YYYY', stripes: true, rules: false, descShare: 0.6, subLines: false, footer: true, busy: false, moneyHeads: 'center', locale: 'de', valign: 'bottom', plusCredits: true, category: true, kind: 'bank', boxRow: false, printout: true, chrome: false, history: true, newestFirst: true, pending: 1, longNames: true, amountStyle: 'arrows', currencyColumn: false, dayGroups: true,
  }, ['description', 'rows']), 60_000);
});

describe('a card summary under the rows, its due date among its figures', () => {
  // "Minimum payment due | Payment due date | Credit limit" over "$445.57 | February 9, 2025 |
  // $36,000.00" under the rows (atop the next page in 9025): the due date dated the line, and it
  // was read as a row of the credit limit (summaryBelow forced, as drawn otherwise, 9000-9039:
  // 3 of 6 failing seeds; unreconciled).
  for (const seed of [9008, 9025, 9027]) {
    it(`reads the grid as the summary's, no row (seed ${seed})`, async () => {
      const s = composeHtmlStatement(seed, { summaryBelow: true });
      const doc = await convertDocument({ fileName: `html-${seed}.pdf`, bytes: await printer.print(s), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
      const r = scoreReading({ truth: s.truth }, doc);
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    }, 60_000);
  }
});
