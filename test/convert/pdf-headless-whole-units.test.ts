/**
 * A table printed with no column heads whose figures are whole units ("1.487", "12 300",
 * "6190 Cr": pesos, won, or any statement printed without decimals; composer traits
 * wholeUnits+noHeads). The heads are implied from the rows (src/engine/pdf/implied-header.ts),
 * and a whole number is a figure only where its column shows it is money
 * (src/engine/pdf/implied-figures.ts): a sign, a currency mark, digits grouped in thousands, a
 * running balance that chains with it, or a summary that accounts for it. Before, no whole
 * number was a figure there, no table was found and not a row was read (sweep 5101-5130: 30
 * seeds of 30 failing, F1 0).
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposed } from '../fixtures/generator/composer/score.js';
import { impliedHeader } from '../../src/engine/pdf/implied-header.js';
import type { Line } from '../../src/engine/pdf/lines.js';
import type { Cell } from '../../src/engine/pdf/cell.js';

describe('a table with no column heads, in whole units', () => {
  // 5101: figures grouped by spaces, debits and credits, a page total; 5105: a reference column
  // (six digits, four on the checks) beside grouped amounts, a C/D column and a balance; 5129: a
  // reference column beside amounts signed Cr/Dr, no balance; 5113: plain debits and credits
  // ("2455") only the balance's chain tells from references; 5121: plain amounts, a reference
  // and a flag column, a plain balance; 5106: plain debits and credits, no balance, their totals
  // printed in the summary; 5148: the same with only the opening and closing balances printed.
  // 68 ("2025/02/03 | 705800 | CLOVER SETTLEMENT"), 26039 ("20/11/2024 | CLOVER SETTLEMENT |
  // 360500"): a reference on a row's dated line, its amounts on its last line; each wrapped row
  // counted twice, the column of few credits fell below a column's share, every credit lost
  // (F1 0.821, 0.828). 26093: dates once a day, a page total, the next page's first rows undated
  // ("BANKCARD DEPOSIT MTOT | 1,670 | 25,309"): their whole figures carried no balance on, and
  // that one was taken for a "Deposits" heading; the rows atop each page were lost (F1 0.879).
  // 30043: plain debits and credits ("7662", "2659"), no balance, the balances printed under the
  // rows as a grid ("Opening balance | Closing Balance" over "19685 | 21730"): that their change is
  // the credits less the debits was not read, no column was taken, not a row was read (F1 0).
  // 23601: two accounts, descriptions first, each row's date in a cell right of its first line's
  // words and its figures on its last line, dates once a day: no row was seen atop page 5, and the
  // second account's number further down took that page's rows of the first (29 rows).
  for (const seed of [68, 26039, 26093, 30043, 23601]) {
    it(`composed seed ${seed} reads every row (wrapped rows, page tops)`, async () => {
      const r = await readComposed(seed, { wholeUnits: true, noHeads: true });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
  for (const seed of [5101, 5105, 5129, 5113, 5121, 5106, 5148]) {
    it(`composed seed ${seed} reads every row`, async () => {
      const r = await readComposed(seed, { wholeUnits: true, noHeads: true });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }

  // Four columns of plain whole numbers: references ("483100"), credits, debits and a balance
  // printed on each day's last row. More than three, no reader was tried and not a row was read;
  // the readings of three of them without the references are tried too.
  it('composed seed 2, a reference column beside plain credits, debits and a daily balance, reads every row', async () => {
    const r = await readComposed(2, { wholeUnits: true, noHeads: true });
    expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    expect(f1(r.match)).toBe(1);
  });

  // One column of plain amounts, each marked C or D beside it, no balance: the summary prints
  // the credits' and the debits' totals, not the column's, which alone it was checked against.
  it('composed seed 23679, plain amounts signed by a C/D column, no balance, reads every row', async () => {
    const r = await readComposed(23679, { wholeUnits: true, noHeads: true });
    expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    expect(f1(r.match)).toBe(1);
  });

  // Plain debits and credits, no balance, dates printed once a day: the last day's later rows,
  // undated below the last dated one, were left out of the totals the summary must account for.
  it('composed seed 23657, the last day\'s undated rows, reads every row', async () => {
    const r = await readComposed(23657, { wholeUnits: true, noHeads: true });
    expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    expect(f1(r.match)).toBe(1);
  });

  it('composed seed 5162 (day subtotals): a day\'s total under a dated notice is no row\'s figure', async () => {
    const r = await readComposed(5162, { wholeUnits: true, noHeads: true, daySubtotals: true });
    expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    expect(f1(r.match)).toBe(1);
  });

  // Amounts printed first, an H/D mark beside them, a balance once a day (the whole figures
  // read once the marks were no longer taken for where descriptions start: pdf-headless-table).
  it('composed seed 5187, amounts first, reads every row and description', async () => {
    const r = await readComposed(5187, { wholeUnits: true, noHeads: true, amountsFirst: true });
    expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    expect(f1(r.match)).toBe(1);
  });

  const cell = (text: string, x0: number, x1 = x0 + text.length * 4): Cell => ({ text, x0, x1, size: 8, bold: false, parts: [{ text, x0, x1 }] });
  let index = 0;
  const line = (y: number, ...cells: Cell[]): Line => ({ page: 1, y, size: 8, x0: cells[0]!.x0, x1: cells.at(-1)!.x1, cells, text: cells.map((c) => c.text).join('  '), key: '', index: index++ });
  const right = (text: string, x1: number) => cell(text, x1 - text.length * 4, x1);
  const opts = { dmy: true, langs: ['es' as const], wholeUnits: true };

  it('takes a column of references for references, the signed and grouped figures for amounts, the chaining column for the balance', () => {
    const row = (y: number, date: string, ref: string, amount: string, balance: string) => line(y, cell(date, 40), cell('TRANSFERENCIA', 90), cell(ref, 250), right(amount, 380), right(balance, 480));
    const lines = [row(100, '02/01', '483920', '12.300', '22.300'), row(110, '03/01', '483977', '-1.487', '20.813'), row(120, '07/01', '484012', '-250', '20.563'), row(130, '09/01', '484100', '3.000', '23.563')];
    const out = impliedHeader(lines, opts)!;
    expect(out[0]!.cells.map((c) => c.text)).toEqual(['Date', 'Description', 'Reference', 'Amount', 'Balance']);
  });
  it('reads no column of plain whole numbers that nothing shows is money (a reference, a count, or amounts no balance or summary accounts for)', () => {
    const row = (y: number, date: string, n: string) => line(y, cell(date, 40), cell('TRANSFERENCIA', 90), right(n, 380));
    const lines = [row(100, '02/01', '1487'), row(110, '03/01', '250'), row(120, '07/01', '12300'), row(130, '09/01', '3000')];
    expect(impliedHeader(lines, opts)).toBeNull();
  });
  it('reads whole numbers as no figures where the document prints decimal ones', () => {
    const row = (y: number, date: string, ref: string, amount: string) => line(y, cell(date, 40), cell('TRANSFERENCIA', 90), cell(ref, 250), right(amount, 380));
    const lines = [row(100, '02/01', '483920', '-12,30'), row(110, '03/01', '483977', '-1,48'), row(120, '07/01', '484012', '-2,50')];
    const out = impliedHeader(lines, { ...opts, wholeUnits: false })!;
    expect(out[0]!.cells.map((c) => c.text)).toEqual(['Date', 'Description', 'Reference', 'Amount']);
  });
});
