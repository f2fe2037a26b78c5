import { BANK_HOLIDAYS } from '../rules/bank-holidays.js';

/**
 * Business days: Monday–Friday except observed bank holidays (rules/bank-holidays.ts). Days are
 * numbered from 1970-01-01 (day 0, a Thursday).
 */
const DAY = 86_400_000;
const dayNum = (y: number, m: number, d: number) => Math.round(Date.UTC(y, m - 1, d) / DAY);
const weekdayOf = (n: number) => (((n + 4) % 7) + 7) % 7; // 0 = Sunday

const holidayCache = new Map<number, Set<number>>();

/** Observed bank holidays of a year, as day numbers. */
export function bankHolidays(year: number): Set<number> {
  let set = holidayCache.get(year);
  if (set) return set;
  set = new Set();
  for (const h of BANK_HOLIDAYS) {
    if ('day' in h) {
      const n = dayNum(year, h.month, h.day);
      const w = weekdayOf(n);
      if (w === 0) set.add(n + 1);
      else if (w !== 6) set.add(n);
    } else if (h.nth > 0) {
      const first = dayNum(year, h.month, 1);
      set.add(first + ((h.weekday - weekdayOf(first) + 7) % 7) + 7 * (h.nth - 1));
    } else {
      const last = dayNum(year, h.month + 1, 0);
      set.add(last - ((weekdayOf(last) - h.weekday + 7) % 7));
    }
  }
  holidayCache.set(year, set);
  return set;
}

function yearOf(n: number): number {
  return new Date(n * DAY).getUTCFullYear();
}

export function isBusinessDay(n: number): boolean {
  const w = weekdayOf(n);
  return w !== 0 && w !== 6 && !bankHolidays(yearOf(n)).has(n);
}

/**
 * Business-day index: successive business days get successive numbers, so the interval between
 * two debits in business days is a subtraction. A non-business day takes the number of the next
 * business day. Built for a range [from, to] of day numbers, O(range).
 */
export function businessDayIndex(from: number, to: number): (n: number) => number {
  const span = Math.max(0, to - from + 8);
  const idx = new Int32Array(span);
  // Walk backwards so a non-business day takes the index of the next business day.
  let count = 0;
  for (let n = from; n < from + span; n++) if (isBusinessDay(n)) count++;
  let next = count;
  for (let i = span - 1; i >= 0; i--) {
    if (isBusinessDay(from + i)) next--;
    idx[i] = next;
  }
  return (n: number) => {
    const i = n - from;
    return i >= 0 && i < span ? idx[i]! : i < 0 ? i : idx[span - 1]! + (i - span + 1);
  };
}

/** Business days of a calendar month 'YYYY-MM'. */
export function businessDaysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = dayNum(y, m, 1), last = dayNum(y, m + 1, 0);
  let n = 0;
  for (let d = first; d <= last; d++) if (isBusinessDay(d)) n++;
  return n;
}

/** Whether an ISO date 'YYYY-MM-DD' is a business day (banks post ACH entries on these). */
export function isBusinessDate(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return isBusinessDay(dayNum(y, m, d));
}
