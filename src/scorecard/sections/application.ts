import type { Ctx, Txn } from './context.js';
import type { ScorecardFlatSection } from '../../contract/api/scorecard.js';
import { inCategory } from './context.js';
import { col, totals, txnRow, TXN_COLUMNS, type Cell, type Table } from './table.js';
import { normalizeDescription } from '../categorize/normalize.js';
import { DECLINE_INDICATORS } from '../rules/decline-indicators.js';
import { RECURRING } from '../rules/thresholds.js';
import { lenderMonths } from './mca.js';
import { periodBalances } from './monthly.js';

/** Application-level sections: accounts, statement checks, decline signals, recurring, companies. */

export function accountslist(ctx: Ctx): Table {
  const rows: Cell[][] = ctx.accounts.map((a) => {
    const starts = a.statements.map((s) => s.s.startDate).sort();
    const ends = a.statements.map((s) => s.s.endDate).sort();
    const months = new Set(a.statements.map((s) => s.month));
    return [a.idx, a.accountNumber, a.bankName, a.accountType, a.owner, starts[0] ?? null, ends[ends.length - 1] ?? null, a.statements.length, months.size];
  });
  return {
    columns: [col('accountidx', 'Account #', 'int'), col('account', 'Account Number', 'text'), col('bank', 'Bank', 'text'),
      col('account_type', 'Account Type', 'text'), col('owner', 'Owner', 'text'), col('start_date', 'First Statement Start', 'date'),
      col('end_date', 'Last Statement End', 'date'), col('statements', 'Statements', 'int'), col('months', 'Months', 'int')],
    rows,
  };
}

/**
 * thumbprints: one row per statement with the integrity checks the scorecard can make from
 * stored data: reconciliation, computed vs stated ending balance, excluded transactions, and
 * the statement's fraud score and reasons when the service scored its file (src/service/fraud).
 */
export function thumbprints(ctx: Ctx): Table {
  const rows: Cell[][] = ctx.statements.map((i) => {
    const s = i.s;
    let sum = 0;
    for (const t of s.transactions) sum += t.amount;
    const calc = s.startBalance + sum;
    return [s.tid, s.fileName, s.accountIdx, s.accountNumber, s.startDate, s.endDate, s.startBalance, s.endBalance, calc,
      s.endBalance - calc, s.reconciled, s.excludedTransactions, s.transactions.length,
      typeof s.fraudScore === 'number' ? s.fraudScore : null, (s.fraudReasons ?? []).map((r) => r.text).join('; ')];
  });
  return {
    columns: [col('tid', 'Statement', 'text'), col('file', 'File', 'text'), col('accountidx', 'Account #', 'int'), col('account', 'Account', 'text'),
      col('start_date', 'Start Date', 'date'), col('end_date', 'End Date', 'date'), col('start_balance', 'Start Balance', 'money'),
      col('end_balance', 'End Balance', 'money'), col('end_balance_calc', 'Computed End Balance', 'money'), col('difference', 'Difference', 'money'),
      col('reconciled', 'Reconciled', 'bool'), col('excluded_transactions', 'Transactions Excluded', 'bool'), col('num_transactions', '# Transactions', 'int'),
      col('fraud_score', 'Fraud Score', 'int'), col('fraud_reasons', 'Fraud Reasons', 'text')],
    rows,
  };
}

export function declinelist(ctx: Ctx): Table {
  const rows: Cell[][] = [];
  for (const ind of DECLINE_INDICATORS) {
    if (ind.categories) {
      const t = totals(inCategory(ctx, ...ind.categories));
      if (t.count > 0) rows.push([ind.key, ind.label, t.count, t.total, t.ids]);
    } else if (ind.measure === 'negativeDays') {
      // Account-days from the coverage series: an overlapping or duplicate statement counts once.
      let n = 0;
      for (const b of periodBalances(ctx).values()) n += b.negativeDays;
      if (n > 0) rows.push([ind.key, ind.label, n, null, []]);
    } else if (ind.measure === 'stackedPositions') {
      const perMonth = new Map<string, Set<string>>();
      const ids: number[] = [];
      for (const l of lenderMonths(ctx)) for (const m of l.months) {
        let set = perMonth.get(m.month);
        if (!set) { set = new Set(); perMonth.set(m.month, set); }
        set.add(l.lender);
      }
      const stacked = [...perMonth.values()].filter((s) => s.size > 1).length;
      if (stacked > 0) {
        for (const l of lenderMonths(ctx)) for (const m of l.months) if ((perMonth.get(m.month)?.size ?? 0) > 1) ids.push(...m.ids);
        rows.push([ind.key, ind.label, stacked, null, ids.sort((a, b) => a - b)]);
      }
    }
  }
  return {
    columns: [col('indicator', 'Indicator', 'text'), col('label', 'Description', 'text'), col('count', 'Count', 'int'),
      col('total', 'Total', 'money'), col('ids', 'Transaction IDs', 'ids')],
    rows,
  };
}

/** Counterparty key of a description: normalised, without tokens holding digits or ACH noise words. */
const PARTY_NOISE = new Set(['ACH', 'DEBIT', 'PMT', 'PYMT', 'PAYMENT', 'PAYMENTS', 'PPD', 'CCD', 'WEB', 'ONLINE', 'ID', 'REF', 'DES', 'INDN', 'ENTRY', 'DESCR']);
const partyCache = new Map<string, string>();
export function counterparty(description: string): string {
  let p = partyCache.get(description);
  if (p === undefined) {
    p = normalizeDescription(description).split(' ').filter((t) => t && !/[0-9]/.test(t) && !PARTY_NOISE.has(t)).join(' ');
    if (partyCache.size > 50_000) partyCache.clear();
    partyCache.set(description, p);
  }
  return p;
}

export function recoverycompanies(ctx: Ctx): Table {
  const groups = new Map<string, { kind: string; list: Txn[] }>();
  for (const [kind, cat] of [['Recovery company', 'recovery'], ['Debt collector', 'debtcollector']] as const) {
    for (const x of inCategory(ctx, cat)) {
      const key = counterparty(x.t.description) || x.t.description;
      let g = groups.get(key);
      if (!g) { g = { kind, list: [] }; groups.set(key, g); }
      g.list.push(x);
    }
  }
  const rows: Cell[][] = [...groups.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([name, g]) => {
    const t = totals(g.list);
    return [name, g.kind, t.count, t.total, g.list[0]!.t.date, g.list[g.list.length - 1]!.t.date, t.ids];
  });
  return {
    columns: [col('company', 'Company', 'text'), col('kind', 'Kind', 'text'), col('count', 'Count', 'int'), col('total', 'Total', 'money'),
      col('first_date', 'First Date', 'date'), col('last_date', 'Last Date', 'date'), col('ids', 'Transaction IDs', 'ids')],
    rows,
  };
}

/**
 * reptrans: recurring transactions — same counterparty and direction, amount within the
 * tolerance of the group's median, at least the minimum occurrences and amount
 * (rules/thresholds.ts RECURRING). Rows: the transaction columns plus the counterparty and
 * the number of occurrences.
 */
export function reptrans(ctx: Ctx): Table {
  const groups = new Map<string, Txn[]>();
  for (const x of ctx.txns) {
    if (Math.abs(x.t.amount) < RECURRING.minAmountCents) continue;
    const key = (x.t.amount > 0 ? '+' : '-') + counterparty(x.t.description);
    let g = groups.get(key);
    if (!g) { g = []; groups.set(key, g); }
    g.push(x);
  }
  const picked: { x: Txn; party: string; n: number }[] = [];
  for (const [key, g] of groups) {
    if (g.length < RECURRING.minOccurrences) continue;
    const amounts = g.map((x) => Math.abs(x.t.amount)).sort((a, b) => a - b);
    const median = amounts[amounts.length >> 1]!;
    const members = g.filter((x) => Math.abs(Math.abs(x.t.amount) - median) <= median * RECURRING.amountTolerance);
    if (members.length < RECURRING.minOccurrences) continue;
    for (const x of members) picked.push({ x, party: key.slice(1), n: members.length });
  }
  picked.sort((a, b) => (a.party < b.party ? -1 : a.party > b.party ? 1 : a.x.ord - b.x.ord));
  return {
    columns: [...TXN_COLUMNS, col('counterparty', 'Counterparty', 'text'), col('occurrences', 'Occurrences', 'int')],
    rows: picked.map((p) => [...txnRow(p.x), p.party, p.n]),
  };
}

/** The `utilities` section: an array of flat objects, one per utility payment (see docs). */
export function utilitiesFlat(ctx: Ctx): ScorecardFlatSection {
  return inCategory(ctx, 'utility').map((x) => {
    const r = txnRow(x);
    return { accountidx: x.t.accountIdx, account: x.account, id: x.t.id, date: x.t.date, description: x.t.description,
      amount: x.t.amount / 100, memo: x.t.memo ?? '', number: r[8] ?? null };
  });
}
