/**
 * Two dates with their years printed as one cell: a booking and a value date in columns only a
 * cell's padding apart (jsPDF's autoTable pads a cell 2.5 pt each side: 5 pt, half an em at
 * 10 pt, under the gap at which a line's words make one cell), which pdf.js hands over as one
 * run, "02-Juni-2025 02-Juni-2025". No column's date was read from it, and neither was the line
 * one of figures centred on a wrapped description (./centred-values.ts): in a table printing the
 * description first, the rows lost their dates and their descriptions (jsPDF seed 9: F1 0.26).
 * No description is two bare dates: such a cell is two cells.
 */
import { MONTHS } from '../data/labels.js';
import { withoutAccents } from '../text-fold.js';
import type { Cell } from './cell.js';

const MONTH_WORDS = new Set(Object.values(MONTHS).flat(2));
const NUMERIC = String.raw`\d{1,2}[./-]\d{1,2}[./-](?:19|20)?\d{2}|\d{4}[./-]\d{1,2}[./-]\d{1,2}`;
const DAY_NAME = String.raw`\d{1,2}\.?[-\s./]?\p{L}{3,9}\.?[-\s./,]*(?:19|20)\d{2}`;
const NAME_DAY = String.raw`\p{L}{3,9}\.?[-\s]?\d{1,2},?\s?(?:19|20)\d{2}`;
const DATE = `(?:${NUMERIC}|${DAY_NAME}|${NAME_DAY})`;
/** The two dates, one space (or more) apart, the cell's whole text. */
const PAIR = new RegExp(`^(${DATE})(\\s+)(${DATE})$`, 'u');

/** Its month's name, where a date names one, is a month's in one of the languages read. */
function monthsNamed(date: string): boolean {
  return (date.match(/\p{L}+/gu) ?? []).every((w) => MONTH_WORDS.has(withoutAccents(w).toLowerCase()));
}

/** The two dates of a text that holds two dates with their years and nothing else, or null. */
export function pairedDates(text: string): [string, string] | null {
  const m = PAIR.exec(text.trim());
  if (!m || !monthsNamed(m[1]!) || !monthsNamed(m[3]!)) return null;
  return [m[1]!, m[3]!];
}

/**
 * A cell of two dates as two cells: where its pieces break between them, at theirs; otherwise
 * at each date's share of the cell's width (one run of type: each character an equal share).
 * Null for any other cell.
 */
export function datesApart(c: Cell): [Cell, Cell] | null {
  const dates = pairedDates(c.text);
  if (!dates) return null;
  const [first, second] = dates;
  const at = c.parts.findIndex((p, i) => i > 0 && p.text.trim() === second);
  if (at > 0) {
    const x1 = c.parts[at - 1]!.x1, x0 = c.parts[at]!.x0;
    return [{ ...c, text: first, x1, parts: c.parts.slice(0, at) }, { ...c, text: second, x0, parts: c.parts.slice(at) }];
  }
  const perChar = (c.x1 - c.x0) / Math.max(1, c.text.length);
  const x1 = c.x0 + first.length * perChar, x0 = c.x1 - second.length * perChar;
  return [{ ...c, text: first, x1, parts: [{ text: first, x0: c.x0, x1 }] }, { ...c, text: second, x0, parts: [{ text: second, x0, x1: c.x1 }] }];
}
