import { addDays } from '../../src/contract/dates.js';
import type { StatementSpec } from '../fixtures/generator/index.js';

/**
 * What an underwriter should read on the scorecard's count cards, worked out from the generated
 * statements themselves (not from the service): statement months (the month of a period's middle
 * day), days each deposit account ended below zero, NSF/overdraft fees, and the MCA funders
 * debiting in the latest month and over the whole period (a funder = the first word of its
 * debit's descriptor, e.g. FUNDKITE).
 */
export interface ExpectedCounts {
  months: string[];
  negativeDays: number;
  nsf: number;
  fundersLatest: string[];
  fundersAll: string[];
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function expectedCounts(specs: StatementSpec[]): ExpectedCounts {
  const months = new Set<string>();
  const fundersByMonth = new Map<string, Set<string>>();
  let negativeDays = 0;
  let nsf = 0;
  for (const spec of specs) {
    for (const s of spec.statements) {
      const month = addDays(s.startDate, Math.floor(daysBetween(s.startDate, s.endDate) / 2)).slice(0, 7);
      months.add(month);
      const byDay = new Map<string, number>();
      for (const t of s.transactions) byDay.set(t.date, (byDay.get(t.date) ?? 0) + t.amount);
      if (s.accountType !== 'CCard') {
        let balance = s.startBalance;
        for (let d = s.startDate; d <= s.endDate; d = addDays(d, 1)) {
          balance += byDay.get(d) ?? 0;
          if (balance < 0) negativeDays++;
        }
      }
      nsf += s.transactions.filter((t) => t.kind === 'nsf').length;
      const funders = fundersByMonth.get(month) ?? new Set<string>();
      for (const t of s.transactions) if (t.kind === 'mca' && t.amount < 0) funders.add(t.description.split(' ')[0]!);
      fundersByMonth.set(month, funders);
    }
  }
  const sorted = [...months].sort();
  const latest = sorted[sorted.length - 1]!;
  return {
    months: sorted,
    negativeDays,
    nsf,
    fundersLatest: [...(fundersByMonth.get(latest) ?? [])].sort(),
    fundersAll: [...new Set([...fundersByMonth.values()].flatMap((s) => [...s]))].sort(),
  };
}
