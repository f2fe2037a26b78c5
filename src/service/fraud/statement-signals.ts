import { formatCents } from '../../contract/money.js';
import type { ParsedStatement } from '../../contract/model.js';
import type { Reconciliation } from '../../engine/statement/reconcile.js';
import { isBusinessDay } from '../../scorecard/sections/business-days.js';
import type { Finding } from './file-signals.js';
import { FRAUD_THRESHOLDS as T } from './reasons.js';
import { CREDIT_TOTAL_LABELS, DEBIT_TOTAL_LABELS } from './data/summary-labels.js';
import { lineBox, type Line } from './page-lines.js';

/** Descriptions of ACH entries (standard entry class codes and bank wording). */
export const ACH_WORDS = /\b(ACH|CCD|PPD|WEB|CTX|ORIG CO NAME|ORIG ID|DIRECT DEP(OSIT)?|DIR DEP|ELECTRONIC (DEPOSIT|PAYMENT|WITHDRAWAL))\b/i;

const DAY = 86_400_000;
const dayNumber = (iso: string) => Math.round(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY);
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Signals of one statement: its balances, its amounts and its dates. */
export function statementFindings(s: ParsedStatement, r: Reconciliation): Finding[] {
  const out: Finding[] = [];
  if (r.balancesValid && !r.reconciled) {
    out.push({ key: 'not-reconciled', text: `Does not reconcile: start ${formatCents(r.startBalance)} + credits ${formatCents(r.totCredits)} − debits ${formatCents(r.totDebits)} = ${formatCents(r.endBalanceCalc)}, printed ending balance ${formatCents(r.endBalancePrinted)}` });
  }
  if (r.firstBroken) {
    const b = r.firstBroken;
    out.push({ key: 'broken-running-balance', text: `Running balance breaks at row ${b.index + 1} (${b.transaction.date} "${b.transaction.description}"): expected ${formatCents(b.expected)}, printed ${formatCents(b.printed)}`, evidence: b.transaction.page ? [{ page: b.transaction.page }] : [] });
  }

  const large = s.transactions.filter((t) => t.amount >= T.largeCreditCents);
  const round = large.filter((t) => t.amount % T.roundCents === 0);
  if (round.length >= T.roundMinCount && round.length / large.length >= T.roundMinShare) {
    out.push({ key: 'round-large-credits', text: `${round.length} of ${large.length} credits of ${formatCents(T.largeCreditCents)} or more are round amounts (e.g. ${round.slice(0, 3).map((t) => formatCents(t.amount)).join(', ')})` });
  }

  // The day first: most rows fall on business days, and the ACH words are the dearer test.
  const offDays = s.transactions.filter((t) => /^\d{4}-\d{2}-\d{2}$/.test(t.date) && !isBusinessDay(dayNumber(t.date)) && ACH_WORDS.test(`${t.description} ${t.memo ?? ''}`));
  if (offDays.length) {
    const t = offDays[0]!;
    const w = new Date(dayNumber(t.date) * DAY).getUTCDay();
    const what = w === 0 || w === 6 ? `a ${WEEKDAYS[w]}` : 'a bank holiday';
    const more = offDays.length > 1 ? ` (${offDays.length} ACH entries on non-business days)` : '';
    out.push({ key: 'ach-on-non-business-day', text: `ACH entry "${t.description}" ${formatCents(t.amount)} is dated ${t.date}, ${what}${more}`, evidence: t.page ? [{ page: t.page }] : [] });
  }

  const seen = new Map<string, number>();
  for (const t of s.transactions) {
    if (Math.abs(t.amount) < T.duplicateMinCents) continue;
    const k = `${t.date}|${t.description.toUpperCase().replace(/\s+/g, ' ')}|${t.amount}`;
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  const dup = [...seen].find(([, n]) => n >= T.duplicateMinCount);
  if (dup) {
    const [date, desc, amount] = dup[0].split('|');
    const t = s.transactions.find((x) => x.date === date && x.amount === Number(amount));
    out.push({ key: 'duplicate-transactions', text: `"${desc}" ${formatCents(Number(amount))} on ${date} is printed ${dup[1]} times`, evidence: t?.page ? [{ page: t.page }] : [] });
  }

  const dated = s.transactions.filter((t) => /^\d{4}-\d{2}-\d{2}$/.test(t.date));
  if (s.startDate && s.endDate && s.endDate < s.startDate) {
    out.push({ key: 'impossible-date', text: `The statement period ends (${s.endDate}) before it starts (${s.startDate})` });
  } else if (s.startDate && s.endDate) {
    const lo = dayNumber(s.startDate) - T.outsidePeriodDays, hi = dayNumber(s.endDate) + T.outsidePeriodDays;
    const outside = dated.filter((t) => dayNumber(t.date) < lo || dayNumber(t.date) > hi);
    if (outside.length) {
      const t = outside[0]!;
      out.push({ key: 'impossible-date', text: `"${t.description}" ${formatCents(t.amount)} is dated ${t.date}, outside the period ${s.startDate} – ${s.endDate}${outside.length > 1 ? ` (and ${outside.length - 1} more)` : ''}`, evidence: t.page ? [{ page: t.page }] : [] });
    }
  }
  return out;
}

/** A printed money figure ("1,234.56", "£1,234.56", "1.234,56", "(45.00)") in cents, or null. */
export function moneyCents(s: string): number | null {
  const t = s.replace(/[$£€\s]/g, '').replace(/^\((.*)\)$/, '$1').replace(/(CR|DR|-)$/i, '');
  let m = /^(\d{1,3}(?:,\d{3})*|\d+)\.(\d{2})$/.exec(t);
  if (m) return Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2]);
  m = /^(\d{1,3}(?:\.\d{3})*|\d+),(\d{2})$/.exec(t);
  if (m) return Number(m[1]!.replace(/\./g, '')) * 100 + Number(m[2]);
  return null;
}

/** A line that starts with a date is a transaction row, not a summary. */
export const ROW_START = /^(\d{1,2}[/.-]\d{1,2}|\d{1,2} [A-Za-z]{3}\b|[A-Za-z]{3} \d{1,2}\b|\d{4}-\d{2}-\d{2})/;

/**
 * Printed totals of credits and debits against the rows read. Judged only on a statement that
 * reconciles (start + rows = printed end): then the rows are all read, and a summary total that
 * disagrees was left behind when a row was changed and the balances fixed.
 */
export function totalsFindings(s: ParsedStatement, r: Reconciliation, lines: Line[]): Finding[] {
  // Card summaries split credits into payments and other credits: no printed figure is all credit rows.
  if (!r.balancesValid || !r.reconciled || !s.transactions.length || s.accountTypeStr === 'CCard') return [];
  const inStatement = lines.filter((l) => (!s.firstPage || l.page >= s.firstPage) && (!s.lastPage || l.page <= s.lastPage));
  const check = (label: RegExp, actual: number, what: string): Finding | null => {
    const printed: { cents: number; line: Line }[] = [];
    for (const line of inStatement) {
      if (ROW_START.test(line.text)) continue;
      const m = label.exec(line.text);
      if (!m) continue;
      const after = line.text.slice(m.index + m[0].length).split(/\s+/).map(moneyCents).find((v) => v !== null);
      if (after !== undefined && after !== null) printed.push({ cents: after, line });
    }
    if (!printed.length || printed.some((p) => p.cents === actual)) return null;
    const p = printed[0]!;
    return { key: 'totals-mismatch', text: `Printed total ${what} ${formatCents(p.cents)} on page ${p.line.page} differ from the ${what} rows, which add up to ${formatCents(actual)}`, evidence: [{ page: p.line.page, box: lineBox(p.line.items) }] };
  };
  const out = [check(CREDIT_TOTAL_LABELS, r.totCredits, 'credits'), check(DEBIT_TOTAL_LABELS, r.totDebits, 'debits')].filter((f): f is Finding => !!f);
  return out.length ? [out[0]!] : [];
}

const norm = (v: string | undefined) => (v ?? '').toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();

/** Owner name or address that differ between the statements of one file (empty values are no evidence). */
export function ownerFindings(s: ParsedStatement, all: ParsedStatement[]): Finding[] {
  const out: Finding[] = [];
  const name = norm(s.ownerName ?? s.company);
  const addr = norm(s.address?.address1);
  const otherName = all.find((o) => o !== s && name && norm(o.ownerName ?? o.company) && norm(o.ownerName ?? o.company) !== name);
  if (otherName) out.push({ key: 'owner-inconsistent', text: `Owner "${s.ownerName ?? s.company}" differs from "${otherName.ownerName ?? otherName.company}" in another statement of the same file` });
  else {
    const otherAddr = all.find((o) => o !== s && addr && norm(o.address?.address1) && norm(o.address?.address1) !== addr);
    if (otherAddr) out.push({ key: 'owner-inconsistent', text: `Owner address "${s.address?.address1}" differs from "${otherAddr.address?.address1}" in another statement of the same file` });
  }
  return out;
}

/**
 * A file made before the last day of the period it reports on: a bank prints a statement after
 * the period closes. (A month-to-date statement is printed during its period: not judged.)
 */
export function fileDateFindings(s: ParsedStatement, createdIso: string): Finding[] {
  const last = s.endDate ?? [...s.transactions.map((t) => t.date)].sort().pop();
  if (!createdIso || !last || s.isMonthToDate || !/^\d{4}-\d{2}-\d{2}/.test(createdIso) || !/^\d{4}-\d{2}-\d{2}$/.test(last)) return [];
  const created = dayNumber(createdIso.slice(0, 10));
  if (created >= dayNumber(last)) return [];
  return [{ key: 'impossible-date', text: `The file was created on ${createdIso.slice(0, 10)}, before the end of the period it reports (${last})` }];
}
