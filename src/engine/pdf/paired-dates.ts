/**
 * Two dates with their years printed as one cell: a booking and a value date in columns only a
 * cell's padding apart (jsPDF's autoTable pads a cell 2.5 pt each side: 5 pt, half an em at
 * 10 pt, under the gap at which a line's words make one cell), which pdf.js hands over as one
 * run, "02-Juni-2025 02-Juni-2025". No column's date was read from it, and neither was the line
 * one of figures centred on a wrapped description (./centred-values.ts): in a table printing the
 * description first, the rows lost their dates and their descriptions (jsPDF seed 9: F1 0.26).
 * No description is two bare dates: such a cell is two cells (and what follows them a third,
 * the next column's: jsPDF seed 112, "27-Nov-2024 27-Nov-2024 572789" with the reference).
 * So is one date with its year and a reference's digits after it ("2025/02/03 218976",
 * "20 déc. 2024 311276": a date column and a reference column a padding apart): no description
 * starts with a whole date and ends with one number, and read as one cell the reference was
 * taken for every row's first word, and the line was no line of values (jsPDF seeds 68, 141).
 * A year may be printed with two digits beside a month's name ("20 nov 24 20 nov 24", jsPDF
 * seed 93: the line of a row centred on its two description lines was no line of values).
 */
import { MONTHS } from '../data/labels.js';
import { withoutAccents } from '../text-fold.js';
import type { Cell } from './cell.js';

const MONTH_WORDS = new Set(Object.values(MONTHS).flat(2));
const NUMERIC = String.raw`\d{1,2}[./-]\d{1,2}[./-](?:19|20)?\d{2}|\d{4}[./-]\d{1,2}[./-]\d{1,2}`;
const DAY_NAME = String.raw`\d{1,2}\.?[-\s./]?\p{L}{3,9}\.?[-\s./,]*(?:19|20)?\d{2}`;
const NAME_DAY = String.raw`\p{L}{3,9}\.?[-\s]?\d{1,2},?\s?(?:19|20)\d{2}`;
const DATE = `(?:${NUMERIC}|${DAY_NAME}|${NAME_DAY})`;
/** The two dates, one space (or more) apart, at the cell's start; what follows a space after them (the next column's: "27-Nov-2024 27-Nov-2024 572789", a reference). */
const PAIR = new RegExp(`^(${DATE})(\\s+)(${DATE})(?:\\s+(\\S.*))?$`, 'u');
/** One date and a reference's digits after it, a space (or more) apart. */
const WITH_REFERENCE = new RegExp(`^(${DATE})\\s+(\\d{4,20})$`, 'u');

/** Its month's name, where a date names one, is a month's in one of the languages read. */
function monthsNamed(date: string): boolean {
  return (date.match(/\p{L}+/gu) ?? []).every((w) => MONTH_WORDS.has(withoutAccents(w).toLowerCase()));
}

/** The two dates a text starts with, with their years, and the text after them (empty where none), or null. */
export function pairedDates(text: string): [string, string, string] | null {
  const m = PAIR.exec(text.trim());
  if (!m || !monthsNamed(m[1]!) || !monthsNamed(m[3]!)) return null;
  return [m[1]!, m[3]!, m[4] ?? ''];
}

/** One date with its year and nothing else ("03-Feb.-2025", "2025/02/03"), its month's name, where it names one, a month's. */
const ONE_DATE = new RegExp(`^${DATE}$`, 'u');
export function wholeDateWithYear(text: string): boolean {
  const t = text.trim();
  return ONE_DATE.test(t) && monthsNamed(t);
}

/** The texts a cell of dates and a reference run together holds, each a cell's (two or three), or null. */
function runTogether(text: string): string[] | null {
  const pair = pairedDates(text);
  if (pair) return pair[2] ? pair : pair.slice(0, 2);
  const m = WITH_REFERENCE.exec(text.trim());
  return m && monthsNamed(m[1]!) ? [m[1]!, m[2]!] : null;
}

/**
 * A cell of two dates (or a date and a reference) as two cells: where its pieces break between
 * them, at theirs; otherwise at each one's share of the cell's width (one run of type: each
 * character an equal share). Null for any other cell.
 */
export function datesApart(c: Cell): Cell[] | null {
  const texts = runTogether(c.text);
  if (!texts) return null;
  // Where each printed piece is one of them, the pieces' own places.
  if (c.parts.length === texts.length && c.parts.every((p, i) => p.text.trim() === texts[i])) return c.parts.map((p, i) => ({ ...c, text: texts[i]!, x0: p.x0, x1: p.x1, parts: [p] }));
  const perChar = (c.x1 - c.x0) / Math.max(1, c.text.length);
  let from = 0;
  return texts.map((t) => {
    const at = c.text.indexOf(t, from);
    from = at + t.length;
    const x0 = c.x0 + at * perChar, x1 = c.x0 + from * perChar;
    return { ...c, text: t, x0, x1, parts: [{ text: t, x0, x1 }] };
  });
}
