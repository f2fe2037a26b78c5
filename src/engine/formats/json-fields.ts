import { amountToCents, parseMoney, type Cents } from '../../contract/money.js';
import { isIsoDate, type IsoDate } from '../../contract/dates.js';

/**
 * Readers for the typed fields of the JSON inputs (MTJson, Plaid): each returns the value or a
 * short problem text ("is missing", "has more than 2 decimals: 1.234") for a FieldProblems list.
 */
export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

export function isMissing(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** A dollar amount (JSON number or numeric string) with at most 2 decimals, to cents. */
export function readAmount(v: unknown): Read<Cents> {
  if (isMissing(v)) return { ok: false, problem: 'is missing' };
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return { ok: false, problem: `is not a finite number: ${v}` };
    const cents = amountToCents(v);
    if (cents === null) return { ok: false, problem: `has more than 2 decimals: ${v}` };
    if (!Number.isSafeInteger(cents)) return { ok: false, problem: `is too large: ${v}` };
    return { ok: true, value: cents };
  }
  if (typeof v === 'string') {
    const s = v.trim();
    if (/^[-+]?\$?\d[\d,]*\.\d{3,}$/.test(s)) return { ok: false, problem: `has more than 2 decimals: "${s}"` };
    const cents = parseMoney(s, { decimalComma: false });
    if (cents === null) return { ok: false, problem: `is not an amount: "${s}"` };
    if (!Number.isSafeInteger(cents)) return { ok: false, problem: `is too large: "${s}"` };
    return { ok: true, value: cents };
  }
  return { ok: false, problem: `must be a number, got ${typeof v}` };
}

/** A calendar date YYYY-MM-DD (a trailing time "T…" is tolerated and dropped). */
export function readDate(v: unknown): Read<IsoDate> {
  if (isMissing(v)) return { ok: false, problem: 'is missing' };
  if (typeof v !== 'string') return { ok: false, problem: `must be a date string YYYY-MM-DD, got ${typeof v}` };
  const s = v.trim();
  const d = /^\d{4}-\d{2}-\d{2}(?=$|[T ])/.exec(s)?.[0];
  if (!d || !isIsoDate(d)) return { ok: false, problem: `is not a valid date YYYY-MM-DD: "${s}"` };
  return { ok: true, value: d };
}

/** A required text field (numbers are accepted and turned into text). */
export function readText(v: unknown): Read<string> {
  if (isMissing(v)) return { ok: false, problem: 'is missing' };
  if (typeof v === 'string') return { ok: true, value: v.trim() };
  if (typeof v === 'number' && Number.isFinite(v)) return { ok: true, value: String(v) };
  return { ok: false, problem: `must be text, got ${Array.isArray(v) ? 'array' : typeof v}` };
}

/** An optional text field: undefined when absent or not text-like. */
export function optText(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}
