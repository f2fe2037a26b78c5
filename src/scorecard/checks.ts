import type { StoredStatement } from '../contract/model.js';
import type { Check, CheckStatement } from '../contract/api/scorecard.js';
export type { Check, CheckCode, CheckStatement } from '../contract/api/scorecard.js';
import { addDays, daysBetween, monthKey } from '../contract/dates.js';
import { groupedEnUS } from '../contract/money.js';
import { currencyOf } from './sections/context.js';
import { CHECK_RULES } from './rules/checks.js';

/**
 * Consistency checks an underwriter reads before the figures (docs/scorecard.md "Checks"):
 * coverage gaps per account, several account holders, several currencies, duplicate and
 * overlapping statements, statements that do not reconcile, transactions left out, fraud
 * scores. Each is one plain-language line and the statements it concerns (shape: CheckSchema
 * in the contract). Pure: the same list goes into the scorecard (`checks`) and the
 * application results (`checks`).
 */
const ref = (s: StoredStatement): CheckStatement => ({
  tid: s.tid, statementid: s.id, file_name: s.fileName, account: s.accountNumber, start_date: s.startDate, end_date: s.endDate,
});

const money = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(cents);
  return `${sign}${groupedEnUS(Math.floor(a / 100))}.${String(a % 100).padStart(2, '0')}`;
};
const files = (list: StoredStatement[]) => [...new Set(list.map((s) => s.fileName))].join(', ');
const acct = (s: StoredStatement) => `${s.bankName && s.bankName !== 'Unknown' ? `${s.bankName} ` : ''}account ${s.accountNumber || '(no number)'}`;
const period = (s: StoredStatement) => `${s.startDate} to ${s.endDate}`;

/** Calendar months 'YYYY-MM' touched by the days from..to (inclusive). */
function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let m = monthKey(from);
  const last = monthKey(to);
  while (m <= last && out.length < 1200) {
    out.push(m);
    const [y, mm] = m.split('-').map(Number) as [number, number];
    m = mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, '0')}`;
  }
  return out;
}

const holderKey = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();

export function consistencyChecks(statements: readonly StoredStatement[]): Check[] {
  const checks: Check[] = [];
  // An account is a bank and a number: masked numbers (****1234) of two banks are two accounts.
  const byAccount = new Map<string, StoredStatement[]>();
  for (const s of statements) {
    const key = `${s.bankName}\u0000${s.accountNumber}`;
    const list = byAccount.get(key) ?? [];
    list.push(s);
    byAccount.set(key, list);
  }

  for (const list of byAccount.values()) {
    const sorted = [...list].filter((s) => s.startDate && s.endDate)
      .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.id - b.id));
    // The statement reaching furthest so far: a short statement inside a long one is not a gap.
    let reach: StoredStatement | null = null;
    for (const s of sorted) {
      if (reach) {
        const same = s.startDate === reach.startDate && s.endDate === reach.endDate && s.startBalance === reach.startBalance
          && s.endBalance === reach.endBalance && s.transactions.length === reach.transactions.length;
        if (same) {
          checks.push({ code: 'duplicate_statement', severity: 'warning', statements: [ref(reach), ref(s)],
            message: `${acct(s)}: the statement for ${period(s)} appears twice (${files([reach, s])}); its transactions are counted twice until one copy is removed.` });
        } else if (s.startDate <= reach.endDate) {
          const overlapEnd = s.endDate < reach.endDate ? s.endDate : reach.endDate;
          const days = daysBetween(s.startDate, overlapEnd) + 1;
          checks.push({ code: 'overlapping_statements', severity: 'warning', statements: [ref(reach), ref(s)],
            message: `${acct(s)}: statements ${period(reach)} (${reach.fileName}) and ${period(s)} (${s.fileName}) overlap by ${days} day${days === 1 ? '' : 's'} (${s.startDate} to ${overlapEnd}); transactions in the overlap may be counted twice.` });
        } else {
          const gapFrom = addDays(reach.endDate, 1);
          const gapTo = addDays(s.startDate, -1);
          const days = daysBetween(gapFrom, gapTo) + 1;
          if (days > CHECK_RULES.gapToleranceDays) {
            const months = monthsBetween(gapFrom, gapTo);
            const named = months.length <= 6 ? `month${months.length === 1 ? '' : 's'} ${months.join(', ')}` : `${months.length} months, ${months[0]} to ${months[months.length - 1]}`;
            checks.push({ code: 'coverage_gap', severity: 'warning', statements: [ref(reach), ref(s)],
              message: `${acct(s)}: no statement covers ${gapFrom} to ${gapTo} (${days} days; ${named}) between ${reach.fileName} and ${s.fileName}; averages use the months that are covered.` });
          }
        }
      }
      if (!reach || s.endDate > reach.endDate) reach = s;
    }
  }

  const holders = new Map<string, { name: string; list: StoredStatement[] }>();
  for (const s of statements) {
    const key = holderKey(s.ownerName ?? '');
    if (!key) continue;
    const h = holders.get(key) ?? { name: s.ownerName.trim(), list: [] };
    h.list.push(s);
    holders.set(key, h);
  }
  if (holders.size > 1) {
    checks.push({ code: 'several_holders', severity: 'warning', statements: statements.filter((s) => holderKey(s.ownerName ?? '')).map(ref),
      message: `The statements name ${holders.size} account holders: ${[...holders.values()].map((h) => `${h.name} (${files(h.list)})`).join('; ')}.` });
  }

  const currencies = new Map<string, StoredStatement[]>();
  for (const s of statements) {
    const c = currencyOf(s);
    const list = currencies.get(c);
    if (list) list.push(s); else currencies.set(c, [s]);
  }
  if (currencies.size > 1) {
    const order = [...currencies.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] === 'USD' ? -1 : b[0] === 'USD' ? 1 : a[0] < b[0] ? -1 : 1));
    const main = order[0]![0];
    checks.push({ code: 'several_currencies', severity: 'warning', statements: statements.map(ref),
      message: `The statements are in ${currencies.size} currencies: ${order.map(([c, l]) => `${c} (${l.length} statement${l.length === 1 ? '' : 's'}: ${files(l)})`).join('; ')}. Figures are never added across currencies: the headline figures are in ${main}; each other currency has its own figures and its own monthly rows.` });
  }

  for (const s of statements) {
    if (!s.reconciled) {
      let sum = 0;
      for (const t of s.transactions) sum += t.amount;
      const calc = s.startBalance + sum;
      checks.push({ code: 'unreconciled', severity: 'warning', statements: [ref(s)],
        message: `${s.fileName} (${acct(s)}, ${period(s)}) does not reconcile: start ${money(s.startBalance)} plus the transactions gives ${money(calc)}, the statement prints ${money(s.endBalance)} (difference ${money(s.endBalance - calc)}).` });
    }
    if (s.excludedTransactions) {
      checks.push({ code: 'excluded_transactions', severity: 'warning', statements: [ref(s)],
        message: `${s.fileName} (${acct(s)}, ${period(s)}): some transactions failed validation and are left out of the figures.` });
    }
    if (typeof s.fraudScore === 'number') {
      const band = CHECK_RULES.fraudBands.find((b) => s.fraudScore! >= b.min) ?? CHECK_RULES.fraudBands[CHECK_RULES.fraudBands.length - 1]!;
      if (band.severity) {
        const reasons = (s.fraudReasons ?? []).map((r) => r.text).filter(Boolean);
        checks.push({ code: 'fraud_score', severity: band.severity, statements: [ref(s)],
          message: `${s.fileName} (${acct(s)}, ${period(s)}): fraud score ${s.fraudScore} (${band.label})${reasons.length ? `: ${reasons.join('; ')}` : ''}.` });
      }
    }
  }

  let latest = '';
  for (const s of statements) if (s.endDate > latest) latest = s.endDate;
  if (latest) {
    const limit = addDays(latest, -CHECK_RULES.staleAfterDays);
    const old = statements.filter((s) => s.endDate && s.endDate < limit);
    if (old.length) {
      checks.push({ code: 'stale_statements', severity: 'info', statements: old.map(ref),
        message: `${old.length} statement${old.length === 1 ? ' ends' : 's end'} more than ${CHECK_RULES.staleAfterDays} days before the latest one (${latest}): ${old.map((s) => `${s.fileName} (${period(s)})`).join(', ')}. They count in the monthly averages; the trailing windows (truerev6mo, truerev12mo) leave them out.` });
    }
  }

  if (statements.length && !statements.some((s) => s.accountTypeStr !== 'CCard' && s.accountTypeStr !== 'Line of Credit')) {
    checks.push({ code: 'no_deposit_account', severity: 'info', statements: statements.map(ref),
      message: 'No checking, savings or money-market statement: balances, average daily balance and negative days cannot be measured (a card or credit-line balance is debt).' });
  }

  const rank = { alert: 0, warning: 1, info: 2 } as const;
  return checks.map((c, i) => ({ c, i })).sort((a, b) => rank[a.c.severity] - rank[b.c.severity] || a.i - b.i).map((x) => x.c);
}
