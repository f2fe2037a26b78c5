import type { Cents } from '../../contract/money.js';
import type { IsoDate } from '../../contract/dates.js';
import { dateOrder, dateShape, resolveDate, type DateShape } from './csv-dates.js';
import { detectDecimalComma, readCsvAmount } from './csv-amounts.js';

/**
 * What the rows above a CSV's header say: an account number ("Account Number: 000123"), and a
 * summary block ("Beginning balance as of 01/01/2025,,1,000.00", "Total credits,,500.00",
 * "Ending balance as of 01/31/2025,,1,299.75") giving the printed period, balances and totals.
 */
export interface Preamble {
  account?: string;
  startDate?: IsoDate;
  endDate?: IsoDate;
  startBalance?: Cents;
  endBalance?: Cents;
  credits?: Cents;
  debits?: Cents;
}

const ACCOUNT = /\b(?:account|acct|konto|cuenta|compte)\b[^:#]{0,20}[:#]\s*([A-Za-z0-9*•][A-Za-z0-9 *•.-]{2,30}[0-9])/i;
const LABELS: { key: 'start' | 'end' | 'credits' | 'debits'; re: RegExp }[] = [
  { key: 'start', re: /\b(beginning|opening|starting|previous|start) balance\b/i },
  { key: 'end', re: /\b(ending|closing|new|end) balance\b/i },
  { key: 'credits', re: /\btotal (credits|deposits)\b/i },
  { key: 'debits', re: /\btotal (debits|withdrawals)\b/i },
];
const DATE_IN_TEXT = /\b(\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})\b/;
const DATES_IN_TEXT = new RegExp(DATE_IN_TEXT.source, 'g');
const PERIOD = /\b(period|date range|dates|from)\b/i;

export function readPreamble(rows: string[][], readUSdates: boolean | undefined): Preamble {
  const out: Preamble = {};
  const cells = rows.flat().map((c) => c.trim()).filter(Boolean);
  const comma = detectDecimalComma(cells);
  const found: { key: (typeof LABELS)[number]['key']; shape?: DateShape; cents: Cents }[] = [];
  let period: DateShape[] | undefined;
  for (const row of rows) {
    const text = row.join(' ');
    if (!out.account) {
      const m = ACCOUNT.exec(text);
      if (m) out.account = m[1]!.trim();
    }
    const label = LABELS.find((l) => l.re.test(text));
    if (!label) {
      const dates = [...text.matchAll(DATES_IN_TEXT)].map((m) => dateShape(m[1]!)).filter((d): d is DateShape => !!d);
      if (!period && PERIOD.test(text) && dates.length === 2) period = dates;
      continue;
    }
    const money = [...row].reverse().map((c) => readCsvAmount(c, comma)).find((r) => 'cents' in r);
    if (!money || !('cents' in money)) continue;
    const dateText = DATE_IN_TEXT.exec(text)?.[1];
    found.push({ key: label.key, shape: dateText ? dateShape(dateText) : undefined, cents: money.cents });
  }
  const shapes = [...found.map((f) => f.shape).filter((s): s is DateShape => !!s), ...(period ?? [])];
  const order = dateOrder(shapes, readUSdates).order;
  for (const f of found) {
    const date = f.shape ? resolveDate(f.shape, order) ?? undefined : undefined;
    if (f.key === 'start') { out.startBalance ??= f.cents; out.startDate ??= date; }
    if (f.key === 'end') { out.endBalance ??= f.cents; out.endDate ??= date; }
    if (f.key === 'credits') out.credits ??= Math.abs(f.cents);
    if (f.key === 'debits') out.debits ??= Math.abs(f.cents);
  }
  if (period) {
    const [from, to] = period.map((d) => resolveDate(d, order) ?? undefined);
    if (from && to && from <= to) { out.startDate ??= from; out.endDate ??= to; }
  }
  return out;
}
