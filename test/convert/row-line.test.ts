import { describe, expect, it } from 'vitest';
import { isRowLine, startsWithDate } from '../../src/engine/pdf/row-line.js';
import { PAGE_NUMBER_CELL } from '../../src/engine/data/labels.js';

const line = (...cells: string[]) => ({ text: cells.join('  '), cells: cells.map((text) => ({ text })) }) as Parameters<typeof isRowLine>[0];

describe('a line that looks like a transaction row (never evidence of what the document is)', () => {
  it.each([
    [['03/02/2025', 'CARD PURCHASE', '12.50'], true],
    [['Feb 03, 2025', 'NEXT INSURANCE PREMIUM', '-CHF 664.10'], true],
    [['3 Feb', 'GUSTO PAYROLL', '1,200.00'], true],
    [['12 März', 'Miete', '850,00'], true],
    [['20-Feb', 'POS DEBIT SYSCO', 'D', 'CHF 60.55', '20-Feb'], true],
    [['CHECK 7428', '20-Feb-25', '2,222.55'], true],
    // Description first: the date in a cell of its own.
    [['NEXT INSURANCE PREMIUM 8377', '03-02-2025', '(664.10)', '03-02-2025'], true],
    [['CREDIT CARD PAYMENT', 'REF 1234', 'Feb 3', '200.00'], true],
    [['2025.02.03', 'GIRO', '1200.00'], true],
    [['TRANSFER', '2025-02-03', '1200.00'], true],
  ])('%j is a row', (cells, want) => expect(isRowLine(line(...cells))).toBe(want));

  it.each([
    // A summary's figures with a currency code first: CHF is no month.
    [['CHF 21\'415.58', 'CHF 32\'522.28']],
    [['Ref 12 of the statement', '1,234.56']],
    [['Opening balance', '7,718.97']],
    [['Statement period: 01-02-2025 - 28-02-2025']],
    [['Effective Date', 'Amount']],
    // A date inside a longer cell is no date cell.
    [['Balance on 28 Feb 2025', '1,000.00']],
    // An address beside a payment box's figure: "212.15" and "12.15" are amounts, no dates.
    [['CHARLOTTE NC 28202', 'Mindestbetrag:', '212.15']],
    [['BROOKLYN NY 11216', 'Minimum Payment Due:', '12.15']],
    // A summary grid's figures: "14.547,13" starts with no date.
    [['14.547,13 CHF', '3.946,57 CHF', '12.001,22 CHF']],
    // A figure printed without thousands separators: four digits start a date only as its year.
    [['Saldo precedente', '8900.68']],
    [['8900.68', 'Pagamenti']],
  ])('%j is not a row', (cells) => expect(isRowLine(line(...cells))).toBe(false));

  it('a start with a month name in any of the languages read, not any three letters', () => {
    expect(startsWithDate('févr. 3 2025')).toBe(true);
    expect(startsWithDate('mrt 3')).toBe(true);
    expect(startsWithDate('USD 45.20')).toBe(false);
    expect(startsWithDate('REF 12')).toBe(false);
  });

  it('a page number in the languages read (a footer holding one is page furniture, never a section heading)', () => {
    for (const t of ['Page 1 of 2', 'Page 1 / 2', 'Seite 4 von 5', 'Página 1 de 3', 'Pagina 2 di 4', 'Pagina 1 van 2']) expect(PAGE_NUMBER_CELL.test(t), t).toBe(true);
    for (const t of ['1/2', 'PAGE FEE', 'Page 1']) expect(PAGE_NUMBER_CELL.test(t), t).toBe(false);
  });
});
