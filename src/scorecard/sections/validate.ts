import type { ScorecardInput, StoredStatement, StoredTransaction } from '../../contract/model.js';
import { addDays, daysBetween, isIsoDate } from '../../contract/dates.js';

/**
 * Bounds on the calendar the daily sections walk (one row per day, per account): a statement
 * longer than `maxStatementDays`, or ending more than `maxSpanDays` before the latest statement
 * ends, is left out and named in `_metadata.warnings`. So `dailybalance` has at most about
 * maxSpanDays + maxStatementDays rows (~11 years) whatever the dates in a file say.
 */
export const SCORECARD_LIMITS = { maxStatementDays: 400, maxSpanDays: 3_660 } as const;

/**
 * Leaves out what the scorecard cannot compute with, and says what: a statement without valid
 * dates or balances, a transaction without a valid date or integer-cent amount, or dated more
 * than 31 days outside its statement (a year typo would otherwise stretch every daily section
 * over decades). Never changes the stored data: it returns a filtered copy.
 */
export function sanitizeInput(input: ScorecardInput): { input: ScorecardInput; problems: string[] } {
  const problems: string[] = [];
  const statements: StoredStatement[] = [];
  const validDates = new Map<string, boolean>();
  const isDate = (d: unknown): boolean => {
    if (typeof d !== 'string') return false;
    let ok = validDates.get(d);
    if (ok === undefined) { ok = isIsoDate(d); validDates.set(d, ok); }
    return ok;
  };
  for (const s of input.statements ?? []) {
    const name = `statement ${s.tid ?? s.id}`;
    if (!isIsoDate(String(s.startDate)) || !isIsoDate(String(s.endDate))) {
      problems.push(`${name}: start/end date '${s.startDate}'/'${s.endDate}' is not a YYYY-MM-DD date; statement left out`);
      continue;
    }
    if (s.startDate > s.endDate) {
      problems.push(`${name}: start date ${s.startDate} is after end date ${s.endDate}; statement left out`);
      continue;
    }
    if (!Number.isSafeInteger(s.startBalance) || !Number.isSafeInteger(s.endBalance)) {
      problems.push(`${name}: start/end balance is not a whole number of cents; statement left out`);
      continue;
    }
    const lo = addDays(s.startDate, -31), hi = addDays(s.endDate, 31);
    let bad = 0, outside = 0;
    const transactions: StoredTransaction[] = [];
    for (const t of s.transactions ?? []) {
      if (!isDate(t.date) || !Number.isSafeInteger(t.amount)) { bad++; continue; }
      if (t.date < lo || t.date > hi) { outside++; continue; }
      transactions.push(Array.isArray(t.categories) ? t : { ...t, categories: [] });
    }
    if (bad) problems.push(`${name}: ${bad} transaction(s) without a valid date or amount left out`);
    if (outside) problems.push(`${name}: ${outside} transaction(s) dated more than 31 days outside ${s.startDate}..${s.endDate} left out`);
    if (daysBetween(s.startDate, s.endDate) + 1 > SCORECARD_LIMITS.maxStatementDays) {
      problems.push(`${name}: its period ${s.startDate}..${s.endDate} is longer than ${SCORECARD_LIMITS.maxStatementDays} days; statement left out`);
      continue;
    }
    statements.push(bad || outside ? { ...s, transactions } : s);
  }
  let latest = '';
  for (const s of statements) if (s.endDate > latest) latest = s.endDate;
  const from = latest ? addDays(latest, -SCORECARD_LIMITS.maxSpanDays) : '';
  const kept = statements.filter((s) => {
    if (s.endDate >= from) return true;
    problems.push(`statement ${s.tid ?? s.id}: ends ${s.endDate}, more than ${SCORECARD_LIMITS.maxSpanDays} days before the latest statement (${latest}); statement left out`);
    return false;
  });
  return { input: { ...input, statements: kept }, problems };
}
