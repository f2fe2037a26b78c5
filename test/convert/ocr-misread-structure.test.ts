/**
 * A statement's structure as OCR misreads it, read from OCR words laid out as a scan's page
 * (the engine's own PdfText with the pages marked as read by OCR; the OCR step itself is
 * exercised by ocr-composed.test.ts). Two classes from the composed-scan sweep:
 * - column heads garbled ("Date" read "eeeeee ee", "Amount" read "Amounl"): no table was found
 *   and every row lost (composed scans 45 and 53 read nothing). Heads are matched loosely, and
 *   an unreadable first head over the rows' dates is their date column, only in an OCR reading
 *   that found too few rows by the exact words; a printed text layer's heads are never matched
 *   loosely (its rows are read from what they hold, as any table printed without heads).
 * - an account number in page 2's running head misread, starting a second "statement" that
 *   takes the first one's last rows (composed scan 32: a wrong closing balance reported as
 *   reconciled). A part that opens no statement of its own continues the previous one when its
 *   number differs only by characters OCR confuses, or when the previous one's printed totals
 *   add up only with its rows. Two accounts numbered apart that each open a statement stay two.
 */
import { describe, expect, it } from 'vitest';
import type { PdfText } from '../../src/engine/pdf/extract.js';
import type { TextItem } from '../../src/engine/pdf/text-item.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { ocrSameAccount } from '../../src/engine/pdf/ocr-continuation.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { repairByBalances } from '../../src/engine/ocr/balance-oracle.js';

const SIZE = 9;
/** One line of cells at the given x positions (each cell one word group, as OCR lines come). */
function line(y: number, cells: [number, string][], ocr: boolean): TextItem[] {
  return cells.map(([x, str]) => ({ str, x, y, w: str.length * SIZE * 0.5, size: SIZE, font: ocr ? 'OCR' : 'Helvetica', ...(ocr ? { conf: 92 } : {}) }));
}

interface Page { lines: [number, [number, string][]][] }
function text(pages: Page[], ocr: boolean): PdfText {
  return {
    pages: pages.map((p, i) => ({ page: i + 1, width: 612, height: 792, items: p.lines.flatMap(([y, cells]) => line(y, cells, ocr)) })),
    info: { producer: 'scanner', cdate: '', mdate: '', pagecount: pages.length, image: ocr, ...(ocr ? { ocrPages: pages.map((_, i) => i + 1) } : {}) },
  };
}
const read = (t: PdfText) => readStatements({ fileName: 'scan.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, t);

const head = (account: string, y0 = 40): [number, [number, string][]][] => [
  [y0, [[40, 'Harbourline Bank'], [400, 'Account Statement']]],
  [y0 + 14, [[40, `Account Number: ${account}`]]],
  [y0 + 28, [[40, 'Statement Period: 03/01/2025 - 03/31/2025']]],
];
const rows = (y0: number, list: [string, string, string, string][]): [number, [number, string][]][] =>
  list.map(([d, desc, amt, bal], i) => [y0 + i * 14, [[40, d], [110, desc], [380, amt], [480, bal]]]);

describe('column heads garbled by OCR', () => {
  const page1 = (heads: [number, string][]): Page => ({ lines: [
    ...head('4410227391'),
    [100, [[40, 'Beginning Balance'], [200, '1,000.00']]],
    [114, [[40, 'Ending Balance'], [200, '1,170.00']]],
    [150, heads],
    ...rows(166, [['03/03/2025', 'SHOPIFY PAYOUT', '300.00', '1,300.00'], ['03/10/2025', 'SYSCO FOOD', '-80.00', '1,220.00'], ['03/17/2025', 'MONTHLY FEE', '-25.00', '1,195.00'], ['03/24/2025', 'CON ED OF NY', '-25.00', '1,170.00']]),
  ] });
  const garbled: [number, string][] = [[40, 'eeeeee ee'], [110, 'Descripfion'], [380, 'Amounl'], [480, 'Ba1ancc']];

  it('heads a letter or two off, the date head unreadable: the rows are read and reconcile', () => {
    const doc = read(text([page1(garbled)], true));
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount])).toEqual([['2025-03-03', 30000], ['2025-03-10', -8000], ['2025-03-17', -2500], ['2025-03-24', -2500]]);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('page 1\'s heads garbled, page 2\'s read: page 1\'s rows are not lost', () => {
    const page2: Page = { lines: [[60, [[40, 'Date'], [110, 'Description'], [380, 'Amount'], [480, 'Balance']]], ...rows(76, [['03/28/2025', 'STRIPE TRANSFER', '50.00', '1,220.00']]), [100, [[110, 'Closing Balance'], [480, '1,220.00']]]] };
    const p1 = page1(garbled);
    p1.lines = p1.lines.filter(([y]) => y !== 114);
    const doc = read(text([p1, page2], true));
    expect(doc.statements[0]!.transactions).toHaveLength(5);
    expect(reconcile(doc.statements[0]!, 0).reconciled).toBe(true);
  });

  it('a printed text layer with such words: its heads are not matched loosely, its rows are read from what they hold', () => {
    // No head word is taken for a column (no table by its heads); the rows' dates, figure
    // columns and chaining balance imply the table (src/engine/pdf/implied-header.ts).
    const doc = read(text([page1(garbled)], false));
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual([['2025-03-03', 30000, 'SHOPIFY PAYOUT'], ['2025-03-10', -8000, 'SYSCO FOOD'], ['2025-03-17', -2500, 'MONTHLY FEE'], ['2025-03-24', -2500, 'CON ED OF NY']]);
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(doc.statements.flatMap((x) => x.transactions.map((t) => t.description)).join(' ')).not.toMatch(/Descripfion|Amounl|Ba1ancc/);
  });
});

describe('an account number misread in a later page\'s running head', () => {
  const page1 = (account: string): Page => ({ lines: [
    ...head(account),
    [100, [[40, 'Beginning Balance'], [200, '1,000.00']]],
    [114, [[40, 'Total Deposits'], [200, '350.00']]],
    [128, [[40, 'Total Withdrawals'], [200, '105.00']]],
    [150, [[40, 'Date'], [110, 'Description'], [380, 'Amount'], [480, 'Balance']]],
    ...rows(166, [['03/03/2025', 'SHOPIFY PAYOUT', '300.00', '1,300.00'], ['03/10/2025', 'SYSCO FOOD', '-80.00', '1,220.00']]),
  ] });
  const page2 = (account: string, opens = false): Page => ({ lines: [
    [40, [[40, 'Harbourline Bank'], [400, 'Account Statement']]],
    [54, [[40, `Account Number: ${account}`]]],
    ...(opens ? [[68, [[40, 'Statement Period: 03/01/2025 - 03/31/2025']]] as [number, [number, string][]], [82, [[40, 'Beginning Balance'], [200, '1,220.00']]] as [number, [number, string][]]] : []),
    [100, [[40, 'Date'], [110, 'Description'], [380, 'Amount'], [480, 'Balance']]],
    ...rows(116, [['03/17/2025', 'MONTHLY FEE', '-25.00', '1,195.00'], ['03/28/2025', 'STRIPE TRANSFER', '50.00', '1,245.00']]),
    [150, [[110, 'Ending Balance'], [480, '1,245.00']]],
  ] });

  it('read one digit off by a confusable pair (0 read 8), opening nothing: one statement, all rows, said in a hint', () => {
    const doc = read(text([page1('4410227390'), page2('4410227398')], true));
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    expect(s.accountNumber).toBe('4410227390');
    expect(s.transactions).toHaveLength(4);
    expect(s.endBalance).toBe(124500);
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.hints?.join(' ')).toMatch(/continuation/);
  });

  it('misread worse, but the first page\'s printed totals add up only with page 2\'s rows: one statement', () => {
    const doc = read(text([page1('4410227390'), page2('10227150')], true));
    expect(doc.statements).toHaveLength(1);
    expect(doc.statements[0]!.transactions).toHaveLength(4);
  });

  it('a second account numbered one apart that opens its own statement stays a statement of its own', () => {
    const doc = read(text([page1('4410227390'), page2('4410227391', true)], true));
    expect(doc.statements.map((s) => s.accountNumber)).toEqual(['4410227390', '4410227391']);
  });

  it('a printed text layer is read as printed: a different number is a different account', () => {
    const doc = read(text([page1('4410227390'), page2('4410227398')], false));
    expect(doc.statements).toHaveLength(2);
  });

  it('which characters count as OCR-confusable', () => {
    expect(ocrSameAccount('157545900', '157545988')).toBe(true);
    expect(ocrSameAccount('4410227391', '4410227397')).toBe(true);
    // One apart is not a misreading: 1 and 2, 4 and 5 are never confused.
    expect(ocrSameAccount('4410227391', '4410227392')).toBe(false);
    expect(ocrSameAccount('4410227394', '4410227395')).toBe(false);
    // Three characters off, or another length: another number.
    expect(ocrSameAccount('157545900', '157582000')).toBe(false);
    expect(ocrSameAccount('157545900', '7582000')).toBe(false);
  });
});

describe('a statement whose balances come from its one row', () => {
  // Composed scan 138: page heads garbled, one row read of 47; its opening worked out as the
  // row's balance less its amount, its closing as that balance: reconciled by construction,
  // with every figure wrong. From OCR pages such an opening is left unread; a text layer's
  // figures are as printed, so there it stays.
  const page: Page = { lines: [
    ...head('4410227390'),
    [150, [[40, 'Date'], [110, 'Description'], [380, 'Amount'], [480, 'Balance']]],
    ...rows(166, [['03/03/2025', 'CON ED OF NY', '-3,900.46', '61.00']]),
  ] };

  it('read by OCR: no opening balance, not reconciled', () => {
    const s = read(text([page], true)).statements[0]!;
    expect(s.transactions).toHaveLength(1);
    expect(s.startBalance).toBeNull();
    expect(reconcile(s, 0).reconciled).toBe(false);
  });

  it('two rows: the second row\'s balance checks the chain, the opening is worked out', () => {
    const two: Page = { lines: [...page.lines, ...rows(180, [['03/10/2025', 'SYSCO FOOD', '-80.00', '-19.00']])] };
    const s = read(text([two], true)).statements[0]!;
    expect(s.startBalance).toBe(396146);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('a text layer: worked out as printed', () => {
    const s = read(text([page], false)).statements[0]!;
    expect(s.startBalance).toBe(396146);
  });
});

describe('an opening balance worked out from the first row of an OCR page', () => {
  // The opening not printed, worked out as the first row's balance less its amount: the first
  // running balance holds by construction and the closing one sums only the later rows, so a
  // misread first amount ("4,939.20" read "4,879.20", unsure) made a wrong opening that
  // reconciled. markOcrConfidence's low confidence is set by hand here (no OCR words).
  const page = (summary: boolean): Page => ({ lines: [
    ...head('4410227390'),
    ...(summary ? [[100, [[40, 'Total Deposits'], [200, '4,939.20']]], [114, [[40, 'Total Withdrawals'], [200, '80.00']]]] as [number, [number, string][]][] : []),
    [150, [[40, 'Date'], [110, 'Description'], [380, 'Amount'], [480, 'Balance']]],
    ...rows(166, [['03/03/2025', 'SQUARE INC', '4,879.20', '4,162.55'], ['03/10/2025', 'SYSCO FOOD', '-80.00', '4,082.55']]),
    [200, [[110, 'Ending Balance'], [480, '4,082.55']]],
  ] });

  const unsure = (doc: ReturnType<typeof read>) => { doc.statements[0]!.transactions[0]!.amountConfidence = 40; return doc; };

  it('checked by no printed figure: the opening is left unread, the statement does not reconcile, the hint gives the figure', () => {
    const doc = unsure(read(text([page(false)], true)));
    repairByBalances(doc, [1]);
    const s = doc.statements[0]!;
    expect(s.transactions).toHaveLength(2);
    expect(s.startBalance).toBeNull();
    expect(reconcile(s, 0).reconciled).toBe(false);
    expect(s.hints!.join(' ')).toMatch(/would be -716\.65/);
    expect(s.hints!.join(' ')).not.toMatch(/opening balance taken from/);
  });

  it('both balances worked out, the opening left unread: the hint still says the closing was worked out, and only that', () => {
    const noClosing = page(false);
    noClosing.lines = noClosing.lines.filter(([, cells]) => cells[0]![1] !== 'Ending Balance');
    const before = read(text([noClosing], true)).statements[0]!;
    expect(before.hints).toContain('Not printed as such: closing balance taken from the last row\'s printed balance; opening balance taken from the first row\'s printed balance less its amount.');
    const doc = unsure(read(text([noClosing], true)));
    repairByBalances(doc, [1]);
    const s = doc.statements[0]!;
    expect(s.startBalance).toBeNull();
    expect(s.endBalance).toBe(408255);
    expect(s.hints!.filter((h) => h.startsWith('Not printed as such'))).toEqual(['Not printed as such: closing balance taken from the last row\'s printed balance.']);
  });

  it('a first amount read surely stands on its reading: the opening is worked out', () => {
    const doc = read(text([page(false)], true));
    repairByBalances(doc, [1]);
    expect(doc.statements[0]!.startBalance).toBe(-71665);
  });

  it('printed totals that count the first row agree: the opening stands', () => {
    const doc = unsure(read(text([page(true)], true)));
    repairByBalances(doc, [1]);
    // The totals say 4,939.20 of deposits, the rows 4,879.20: the opening is dropped.
    expect(doc.statements[0]!.startBalance).toBeNull();
    const right = page(true);
    right.lines = right.lines.map(([y, cells]) => [y, cells.map(([x, t]) => [x, t === '4,939.20' ? '4,879.20' : t] as [number, string])]);
    const ok = unsure(read(text([right], true)));
    repairByBalances(ok, [1]);
    expect(ok.statements[0]!.startBalance).toBe(-71665);
    expect(reconcile(ok.statements[0]!, 0).reconciled).toBe(true);
  });

  it('a text layer\'s first amount is as printed: its opening is worked out', () => {
    const doc = read(text([page(false)], false));
    repairByBalances(doc, []);
    expect(doc.statements[0]!.startBalance).toBe(-71665);
  });
});

describe('a debit/credit column whose head OCR misread', () => {
  // Composed scan 87: "D/C" read "bic", so no type column; the C and D letters of the rows were
  // taken for the descriptions' ends and every sign was left unsettled (read as debits).
  const page = (heads: [number, string][]): Page => ({ lines: [
    ...head('4410227390'),
    [100, [[40, 'Beginning Balance'], [200, '1,000.00']]],
    [114, [[40, 'Ending Balance'], [200, '1,170.00']]],
    [150, heads],
    ...[['03/03/2025', 'SHOPIFY PAYOUT', 'C', '300.00'], ['03/10/2025', 'SYSCO FOOD', 'D', '80.00'], ['03/17/2025', 'MONTHLY FEE', 'D', '25.00'], ['03/24/2025', 'CON ED OF NY', 'D', '25.00']]
      .map(([d, desc, f, amt], i) => [166 + i * 14, [[40, d!], [110, desc!], [330, f!], [400, amt!]]] as [number, [number, string][]]),
  ] });

  it('the lone letters between description and amount give the signs', () => {
    const s = read(text([page([[40, 'Date'], [110, 'Description'], [326, 'bic'], [400, 'Amount']])], true)).statements[0]!;
    expect(s.transactions.map((t) => [t.amount, t.description])).toEqual([[30000, 'SHOPIFY PAYOUT'], [-8000, 'SYSCO FOOD'], [-2500, 'MONTHLY FEE'], [-2500, 'CON ED OF NY']]);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});

describe('a running balance whose minus OCR lost', () => {
  // Composed scan 86: unsigned amounts signed by the running balance; "-11 970,23" read
  // "11 970,23" (and the next balance too): no sign reached them, three were read as debits.
  const page = (bal3: string, bal4: string): Page => ({ lines: [
    ...head('4410227390'),
    [100, [[40, 'Beginning Balance'], [200, '-100.00']]],
    [114, [[40, 'Ending Balance'], [200, '-305.00']]],
    [150, [[40, 'Date'], [110, 'Description'], [400, 'Amount'], [480, 'Balance']]],
    ...rows(166, [['03/03/2025', 'SHOPIFY PAYOUT', '300.00', '200.00'], ['03/10/2025', 'SYSCO FOOD', '380.00', '-180.00'], ['03/17/2025', 'MONTHLY FEE', '25.00', bal3], ['03/24/2025', 'CON ED OF NY', '100.00', bal4]]),
  ] });

  it('a positive balance the unsigned amounts reach only negated is taken negative, flagged and said', () => {
    const s = read(text([page('205.00', '305.00')], true)).statements[0]!;
    expect(s.transactions.map((t) => t.amount)).toEqual([30000, -38000, -2500, -10000]);
    expect(s.transactions.map((t) => t.balance)).toEqual([20000, -18000, -20500, -30500]);
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.suspectCount).toBe(2);
    expect(s.hints!.join(' ')).toMatch(/2 running balance\(s\) read by OCR without a minus/);
  });

  it('a text layer\'s balance is as printed', () => {
    const s = read(text([page('205.00', '305.00')], false)).statements[0]!;
    expect(s.transactions.map((t) => t.balance)).toEqual([20000, -18000, 20500, 30500]);
  });
});

describe('debit/credit letters printed after the amount, their head misread', () => {
  // Composed scan 114: "S/H" read "SIH", so no type column; each row's S or H, printed right of
  // its unsigned amount, was taken for the description's end ("... MTOT DEP H 250303"), and a
  // row the running balances could not reach (the first, no opening read) kept the wrong sign.
  // A letter glued to the amount ("80.00 D", one OCR word) is the amount's own mark. The two
  // 25.00 rows go opposite ways: the printed totals alone cannot tell which is which.
  const rowsOf = (list: [string, string, string, string][]): [number, [number, string][]][] =>
    list.map(([d, desc, amt, flag], i) => [166 + i * 14, [[40, d], [110, desc], [300, amt], ...(flag ? [[340, flag]] as [number, string][] : [])]]);
  const page: Page = { lines: [
    ...head('4410227392'),
    [100, [[40, 'Beginning Balance'], [200, '1,000.00']]],
    [114, [[40, 'Ending Balance'], [200, '1,220.00']]],
    [150, [[40, 'Date'], [110, 'Description'], [300, 'Amount'], [338, 'SIH']]],
    ...rowsOf([['03/03/2025', 'SHOPIFY PAYOUT', '300.00', 'C'], ['03/10/2025', 'SYSCO FOOD', '80.00 D', ''], ['03/17/2025', 'MONTHLY FEE', '25.00', 'D'], ['03/24/2025', 'FEE REFUND', '25.00', 'C']]),
  ] };

  it('a lone letter right of the amount, or glued to it, gives the sign on an OCR page', () => {
    const s = read(text([page], true)).statements[0]!;
    expect(s.transactions.map((t) => [t.amount, t.description])).toEqual([[30000, 'SHOPIFY PAYOUT'], [-8000, 'SYSCO FOOD'], [-2500, 'MONTHLY FEE'], [2500, 'FEE REFUND']]);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('a letter right of the running balance marks the balance, never the row', () => {
    // No opening printed: the first row's sign comes from its own letter or from nowhere. Its
    // letter lost, the balance's "C" split off the figure must not make the debit a credit
    // (an opening worked out from a wrong sign would reconcile with a wrong figure).
    const withBalance: Page = { lines: [
      ...head('4410227393'),
      [150, [[40, 'Date'], [110, 'Description'], [300, 'Amount'], [338, 'SIH'], [400, 'Balance']]],
      [166, [[40, '03/03/2025'], [110, 'SYSCO FOOD'], [300, '80.00'], [400, '920.00'], [440, 'C']]],
      [180, [[40, '03/10/2025'], [110, 'MONTHLY FEE'], [300, '25.00'], [340, 'D'], [400, '895.00'], [440, 'C']]],
    ] };
    const s = read(text([withBalance], true)).statements[0]!;
    expect(s.transactions.map((t) => [t.amount, t.description])).toEqual([[-8000, 'SYSCO FOOD'], [-2500, 'MONTHLY FEE']]);
    expect(s.startBalance).not.toBe(84000);
  });

  it('a text layer reads such print as before: a letter beside the amount is not taken for a sign', () => {
    // Only the glued mark and the printed totals give signs there; which 25.00 went which way
    // the totals cannot tell (the rule is the OCR reading's, whose heads are misread).
    const s = read(text([page], false)).statements[0]!;
    expect(s.transactions.map((t) => t.description)).toEqual(['SHOPIFY PAYOUT', 'SYSCO FOOD', 'MONTHLY FEE', 'FEE REFUND']);
    expect(s.transactions.slice(0, 2).map((t) => t.amount)).toEqual([30000, -8000]);
    expect(s.transactions.slice(2).map((t) => t.amount).sort()).toEqual([-2500, 2500]);
  });
});
