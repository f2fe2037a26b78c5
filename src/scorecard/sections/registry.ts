import type { Ctx } from './context.js';
import type { ScorecardFlatSection } from '../../contract/api/scorecard.js';
import { txnTable, type Table } from './table.js';
import { LIST_SECTIONS } from './lists.js';
import { combinedsummary, debtsummary, monthlycashflow, monthlymca, monthlynegativedays, monthlyrecovery, operatingexpenses, trueRevenueWindow } from './monthly.js';
import { mcacompanies } from './mca.js';
import { dailybalance, dailycashflow } from './balances.js';
import { accountslist, declinelist, recoverycompanies, reptrans, thumbprints, utilitiesFlat } from './application.js';

export { SECTION_NAMES, type SectionName } from '../../contract/api/scorecard-sections.js';

export type SectionBuilder = { kind: 'table'; build: (ctx: Ctx) => Table } | { kind: 'flat'; build: (ctx: Ctx) => ScorecardFlatSection };

const TABLE_BUILDERS: Record<string, (ctx: Ctx) => Table> = {
  debtsummary, operatingexpenses, accountslist, combinedsummary,
  truerev6mo: (ctx) => trueRevenueWindow(ctx, 6),
  truerev12mo: (ctx) => trueRevenueWindow(ctx, 12),
  thumbprints, monthlymca, mcacompanies, recoverycompanies, dailybalance, declinelist, dailycashflow, monthlycashflow,
  monthlynegativedays, monthlyrecovery, reptrans,
};

export function sectionBuilder(name: string): SectionBuilder | null {
  if (name === 'utilities') return { kind: 'flat', build: utilitiesFlat };
  const t = TABLE_BUILDERS[name];
  if (t) return { kind: 'table', build: t };
  const list = LIST_SECTIONS[name];
  if (list) return { kind: 'table', build: (ctx) => txnTable(list(ctx)) };
  return null;
}
