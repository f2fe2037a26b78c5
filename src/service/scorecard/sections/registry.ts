import type { Ctx } from './context.js';
import { txnTable, type Table } from './table.js';
import { LIST_SECTIONS } from './lists.js';
import { combinedsummary, debtsummary, monthlycashflow, monthlymca, monthlynegativedays, monthlyrecovery, operatingexpenses, trueRevenueWindow } from './monthly.js';
import { mcacompanies } from './mca.js';
import { dailybalance, dailycashflow } from './balances.js';
import { accountslist, declinelist, recoverycompanies, reptrans, thumbprints, utilitiesFlat } from './application.js';

/** The 70 section names of reference 2.4, in the reference's order. */
export const SECTION_NAMES = [
  'debtsummary', 'operatingexpenses', 'accountslist', 'combinedsummary', 'truerev6mo', 'truerev12mo', 'taxscorelist', 'thumbprints',
  'monthlymca', 'mcacompanies', 'recoverycompanies', 'dailybalance', 'declinelist', 'utilities', 'dailycashflow', 'monthlycashflow',
  'monthlynegativedays', 'monthlyrecovery', 'debittrans', 'creditcardaccountpayment', 'lifeinsurance', 'investmentdebits', 'mcarefund',
  'mcanorefunds', 'creditcardprocessortrans', 'installmentpayment', 'ecommercetrans', 'autofinancepayments', 'studentloanpayments',
  'mortgagepayments', 'personalloanpayments', 'combotrans', 'mcapayments', 'otherdebits', 'mobilepaymentsdebits', 'nefariouswithdrawals',
  'debtcollectortransactions', 'constructiondebits', 'nonmcaloans', 'atmwithdrawals', 'insurance', 'reptrans', 'mcatrans', 'mcafees',
  'nsftrans', 'overtrans', 'credittrans', 'truecredittrans', 'untruecredittrans', 'xferitrans', 'xferotrans', 'largetrans',
  'largecredittrans', 'returnedtrans', 'largeelectronictrans', 'xfertrans', 'truetrans', 'untruetrans', 'recoverytrans', 'casinotrans',
  'investments', 'mobilepayments', 'paymentprocessortrans', 'healthcareclaims', 'factoring', 'nefarioustransactions', 'alltransactions',
  'otherfinancingtransactions', 'nontransactionitems', 'payroll', 'tolls', 'nondescriptrevenue', 'chineseexposure',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

export type SectionBuilder = { kind: 'table'; build: (ctx: Ctx) => Table } | { kind: 'flat'; build: (ctx: Ctx) => Record<string, unknown>[] };

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
