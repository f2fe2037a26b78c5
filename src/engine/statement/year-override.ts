import { daysBetween, daysInMonth, parseIso, toIso, type IsoDate } from '../../contract/dates.js';
import type { ParsedDocument, ParsedStatement } from '../../contract/model.js';

/** The same calendar day `shift` years later; 29 February becomes the 28th in a common year. */
function shiftYear(d: IsoDate, shift: number): IsoDate {
  const { year, month, day } = parseIso(d);
  const y = year + shift;
  return toIso(y, month, Math.min(day, daysInMonth(y, month)));
}

/**
 * `yearoverride` sets the statement's year: the statement ends in that year, and every date of
 * it — period and every transaction — moves by the same number of years, so a statement that
 * spans December and January keeps its order. The reference year is the period's end, or the
 * latest transaction when the period was not printed. Applied after any converter, whatever
 * the format, so no converter has to know the option.
 */
export function applyYearOverride(statement: ParsedStatement, year: number): ParsedStatement {
  const dates = statement.transactions.map((t) => t.date).sort();
  const anchor = statement.endDate ?? dates[dates.length - 1];
  if (!anchor) return statement;
  const periodShift = year - parseIso(anchor).year;
  // Transactions are shifted against their own latest date: a converter that already placed the
  // period in the override year may still have read the rows' printed years.
  const latest = dates[dates.length - 1];
  // A period end a few days after the last row (a statement closing on 2 January whose last row
  // is 30 December) anchors the rows too, unless the converter already moved the period.
  const end = statement.endDate;
  const closeAfter = !!(latest && end && parseIso(end).year !== year && daysBetween(latest, end) >= 0 && daysBetween(latest, end) <= 40);
  const rowAnchor = closeAfter ? end : latest;
  const rowShift = rowAnchor ? year - parseIso(rowAnchor).year : 0;
  const out: ParsedStatement = { ...statement, transactions: statement.transactions.map((t) => (rowShift ? { ...t, date: shiftYear(t.date, rowShift) } : t)) };
  if (periodShift) {
    if (statement.startDate) out.startDate = shiftYear(statement.startDate, periodShift);
    if (statement.endDate) out.endDate = shiftYear(statement.endDate, periodShift);
  }
  return out;
}

export function applyYearOverrideToDocument(doc: ParsedDocument, year: number | undefined): ParsedDocument {
  if (year === undefined) return doc;
  return { ...doc, statements: doc.statements.map((s) => applyYearOverride(s, year)) };
}
