/**
 * The days a scan's rows span, read from the rows themselves where no statement period was read
 * (a fax that garbled the period line: "Zeitraum: 0] -Juni-2025 bis 30-Juni-202 5", composed
 * fax-150 scan 1309). The rows whose dates, with their years, read cleanly bound the rows
 * between them: a garbled row's date is then inferred among the days those rows leave it
 * (./garbled-dates.ts), and a clean row out of their order is flagged (./dates-out-of-order.ts),
 * as under a printed period. Only the rows near the middle one count (a year misread puts a
 * row far off), and only where most rows are near it and the span is a statement's.
 */
import type { DateParts } from './tokens.js';

/** Rows read cleanly with their years, at least: fewer are no evidence of the span. */
const MIN_ROWS = 5;
/** A row further than this from the middle row (days) is a misread, not the span's. */
const NEAR_DAYS = 45;
/** Share of the rows read cleanly that must be near the middle one. */
const NEAR_SHARE = 2 / 3;
/** Days a span of rows may cover (a month's statement, or two). */
const MAX_SPAN_DAYS = 62;

interface SpanRow { date: DateParts; ownDate: boolean; dateUnread?: boolean }

const dayOf = (d: DateParts) => Date.UTC(d.year!, d.month - 1, d.day) / 86_400_000;
const isoOfDay = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** The first and last day of the rows read cleanly (ISO), or null where they tell no span. */
export function spanOfRows(rows: SpanRow[]): { start: string; end: string } | null {
  const days = rows.filter((r) => r.ownDate && !r.dateUnread && r.date.year !== undefined).map((r) => dayOf(r.date)).filter(Number.isFinite);
  if (days.length < MIN_ROWS) return null;
  const middle = [...days].sort((a, b) => a - b)[days.length >> 1]!;
  const near = days.filter((d) => Math.abs(d - middle) <= NEAR_DAYS);
  if (near.length < days.length * NEAR_SHARE) return null;
  const start = Math.min(...near), end = Math.max(...near);
  return end - start <= MAX_SPAN_DAYS ? { start: isoOfDay(start), end: isoOfDay(end) } : null;
}
