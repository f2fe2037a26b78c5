import type { CategoryRule } from './types.js';
import { BANKING_RULES } from './banking.js';
import { LOAN_RULES } from './loans.js';
import { MCA_FUNDER_RULES, MCA_MODIFIER_RULES } from './mca.js';
import { REVENUE_RULES } from './revenue.js';
import { EXPENSE_RULES } from './expenses.js';
import { RISK_RULES } from './risk.js';

/** The whole rulebook, in tie-break order. */
export const RULES: readonly CategoryRule[] = [
  ...BANKING_RULES,
  ...MCA_MODIFIER_RULES,
  ...MCA_FUNDER_RULES,
  ...LOAN_RULES,
  ...RISK_RULES,
  ...EXPENSE_RULES,
  ...REVENUE_RULES,
];

export type { CategoryRule } from './types.js';
