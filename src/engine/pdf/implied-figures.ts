import type { Cell } from './cell.js';
import { wholeFigureText } from './row-cells.js';
import { carriesCurrencyMark, isMoneyText, parseMoneyCell, type Money } from './tokens.js';

/**
 * What a table printed with no column heads (./implied-header.ts) takes for a figure, and how it
 * reads one. Decimal figures are figures wherever they stand. In a document that prints no
 * decimal figure at all (whole units: "1.487", "12 300", "6190 Cr"), a whole number may as well
 * be a reference, a check's or a card's number, a year: a whole figure is a row's figure only in
 * a column of them that shows it holds money (`moneyEvidence`), or where the running balance
 * chains with it (`balanceOnly`: the heads are refused otherwise).
 */
export interface FigureReader {
  is(c: Cell): boolean;
  money(c: Cell): Money | null;
  /** Columns admitted on the balance's word: no heads unless the rightmost column's figures chain as a running balance. */
  balanceOnly?: boolean;
}

export const DECIMAL_FIGURES: FigureReader = {
  is: (c) => isMoneyText(c.text),
  money: (c) => parseMoneyCell(c.text),
};

type Span = { x0: number; x1: number };

/**
 * Whole figures, but none where the descriptions start (`descStart`: a card's number on a wrapped
 * row's last line, "5989", a reference at the head of a wrapped line) and, given `within`, only
 * those whose right edge stands in one of those columns.
 */
export function wholeFigures(descStart: number | undefined, within?: Span[], balanceOnly = false): FigureReader {
  const is = (c: Cell) => wholeFigureText(c.text) !== null
    && !(descStart !== undefined && Math.abs(c.x0 - descStart) <= c.size * 2)
    && (!within || within.some((k) => c.x1 >= k.x0 && c.x1 <= k.x1 + 0.5));
  return { is, money: (c) => (is(c) ? parseMoneyCell(wholeFigureText(c.text)!) : null), balanceOnly };
}

/** Digits of a whole figure grouped by a separator ("1.487", "12 300", "1,24,350", "1'972"). */
const GROUPED = /\d[,.'’ \u00a0\u202f]\d{3}(?!\d)/;

/**
 * Whether a column of whole numbers shows it holds money by what its figures print: a sign (a
 * minus, brackets, Cr/Dr), a currency mark, or digits grouped in thousands. A column of
 * references, check numbers or years prints none of these (nor do amounts printed plain: those
 * only the running balance can tell, ./implied-header.ts wholeReaders).
 */
export function moneyEvidence(cells: Cell[]): boolean {
  return cells.some((c) => GROUPED.test(c.text) || carriesCurrencyMark(c.text) || !!parseMoneyCell(wholeFigureText(c.text) ?? '')?.explicit);
}
