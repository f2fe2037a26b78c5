import { formatCents } from '../../contract/money.js';
import type { ParsedStatement } from '../../contract/model.js';
import type { Reconciliation } from '../convert/statement/reconcile.js';
import { isBusinessDay } from '../scorecard/sections/business-days.js';
import type { Finding } from './file-signals.js';
import { FRAUD_THRESHOLDS as T } from './reasons.js';

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
    out.push({ key: 'broken-running-balance', text: `Running balance breaks at row ${b.index + 1} (${b.transaction.date} "${b.transaction.description}"): expected ${formatCents(b.expected)}, printed ${formatCents(b.printed)}` });
  }

  const large = s.transactions.filter((t) => t.amount >= T.largeCreditCents);
  const round = large.filter((t) => t.amount % T.roundCents === 0);
  if (round.length >= T.roundMinCount && round.length / large.length >= T.roundMinShare) {
    out.push({ key: 'round-large-credits', text: `${round.length} of ${large.length} credits of ${formatCents(T.largeCreditCents)} or more are round amounts (e.g. ${round.slice(0, 3).map((t) => formatCents(t.amount)).join(', ')})` });
  }

  const offDays = s.transactions.filter((t) => /^\d{4}-\d{2}-\d{2}$/.test(t.date) && ACH_WORDS.test(`${t.description} ${t.memo ?? ''}`) && !isBusinessDay(dayNumber(t.date)));
  if (offDays.length) {
    const t = offDays[0]!;
    const w = new Date(dayNumber(t.date) * DAY).getUTCDay();
    const what = w === 0 || w === 6 ? `a ${WEEKDAYS[w]}` : 'a bank holiday';
    const more = offDays.length > 1 ? ` (${offDays.length} ACH entries on non-business days)` : '';
    out.push({ key: 'ach-on-non-business-day', text: `ACH entry "${t.description}" ${formatCents(t.amount)} is dated ${t.date}, ${what}${more}` });
  }
  return out;
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
