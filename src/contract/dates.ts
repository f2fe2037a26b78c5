/** Dates inside Ledgerdrop are ISO calendar dates 'YYYY-MM-DD' (no time zone). */
export type IsoDate = string;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(s: string): boolean {
  const m = ISO.exec(s);
  if (!m) return false;
  const y = Number(m[1]), mo = Number(m[2]), d = Number(m[3]);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function toIso(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function parseIso(d: IsoDate): { year: number; month: number; day: number } {
  const m = ISO.exec(d);
  if (!m) throw new Error(`not an ISO date: ${d}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

export function addDays(d: IsoDate, n: number): IsoDate {
  const { year, month, day } = parseIso(d);
  const t = new Date(Date.UTC(year, month - 1, day + n));
  return toIso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  const pa = parseIso(a), pb = parseIso(b);
  return Math.round((Date.UTC(pb.year, pb.month - 1, pb.day) - Date.UTC(pa.year, pa.month - 1, pa.day)) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(d: IsoDate): number {
  const { year, month, day } = parseIso(d);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function isWeekend(d: IsoDate): boolean {
  const w = weekday(d);
  return w === 0 || w === 6;
}

/** 'YYYY-MM' of an ISO date. */
export function monthKey(d: IsoDate): string {
  return d.slice(0, 7);
}

export function* eachDay(from: IsoDate, to: IsoDate): Generator<IsoDate> {
  for (let d = from; d <= to; d = addDays(d, 1)) yield d;
}

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
  'September', 'October', 'November', 'December'] as const;

/** ISO date → M-D-Y "01/31/2025" or D-M-Y "31/01/2025" as the API's writeUSdates asks. */
export function formatApiDate(d: IsoDate, us = true): string {
  const { year, month, day } = parseIso(d);
  const mm = String(month).padStart(2, '0'), dd = String(day).padStart(2, '0');
  return us ? `${mm}/${dd}/${year}` : `${dd}/${mm}/${year}`;
}
