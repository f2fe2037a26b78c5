import type { ScorecardInput } from '../contract/model.js';
import type { PrequalifyContext, PrequalifyReason, PrequalifyResult, PrequalifyThresholds } from './types.js';
export type { PrequalifyContext } from './types.js';
import { buildContext } from './sections/context.js';
import { sanitizeInput } from './sections/validate.js';
import { pairOwnTransfers } from './categorize/own-transfers.js';
import { computeFacts, type Facts } from './metrics.js';


interface RuleDef {
  name: string;
  threshold: keyof PrequalifyThresholds;
  /** Actual value from the facts (dollars for money, percent, counts); null = cannot be measured (fails the rule). */
  actual: (f: Facts) => number | null;
  /** Passes when actual compares so with the threshold. */
  op: '>=' | '<=';
}

/** The prequalification rules, in the order reasons are reported. */
export const PREQUALIFY_RULES: RuleDef[] = [
  { name: 'min_months', threshold: 'minMonths', actual: (f) => f.months, op: '>=' },
  { name: 'min_avg_monthly_true_revenue', threshold: 'minAvgMonthlyTrueRevenue', actual: (f) => (f.months ? Math.round(f.trueRevenue / f.months) : 0) / 100, op: '>=' },
  { name: 'min_avg_daily_balance', threshold: 'minAvgDailyBalance', actual: (f) => (f.averageDailyBalance === null ? null : f.averageDailyBalance / 100), op: '>=' },
  { name: 'max_nsf_per_month', threshold: 'maxNsfPerMonth', actual: (f) => f.maxNsfInMonth, op: '<=' },
  { name: 'max_negative_days', threshold: 'maxNegativeDays', actual: (f) => f.maxNegativeDaysInMonth, op: '<=' },
  { name: 'max_mca_positions', threshold: 'maxMcaPositions', actual: (f) => f.positionsLatest, op: '<=' },
  { name: 'max_holdback_percent', threshold: 'maxHoldbackPercent', actual: (f) => (f.trueRevenue ? Math.round((f.mcaWithdrawals / f.trueRevenue) * 10_000) / 100 : 0), op: '<=' },
];

function failedRules(facts: Facts, thresholds: PrequalifyThresholds): PrequalifyReason[] {
  const reasons: PrequalifyReason[] = [];
  for (const rule of PREQUALIFY_RULES) {
    const threshold = thresholds[rule.threshold];
    if (threshold === undefined || threshold === null) continue;
    const actual = rule.actual(facts);
    const ok = actual !== null && (rule.op === '>=' ? actual >= threshold : actual <= threshold);
    if (!ok) reasons.push({ rule_name: rule.name, actual_value: actual ?? 'not available (no deposit account balance)', threshold });
  }
  return reasons;
}

function checkThresholds(thresholds: PrequalifyThresholds): void {
  for (const rule of PREQUALIFY_RULES) {
    const v = thresholds[rule.threshold];
    if (v !== undefined && v !== null && (typeof v !== 'number' || !Number.isFinite(v) || v < 0)) {
      throw new Error(`prequalify threshold ${rule.threshold}: must be a number ≥ 0, got ${JSON.stringify(v)}`);
    }
  }
}

/**
 * Two tiers: any failed `decline` threshold → DECLINED with those reasons; otherwise any failed
 * `review` threshold → REVIEW with those reasons; otherwise APPROVED. NO_DECISION as `prequalify`.
 */
export function prequalifyTiers(
  input: ScorecardInput, policy: { decline?: PrequalifyThresholds; review?: PrequalifyThresholds }, context?: PrequalifyContext,
): PrequalifyResult {
  const ran = context ? context.qualifyingRunDone : input.statements.length > 0;
  if (!ran) return { result: 'NO_DECISION', reasons: [] };
  checkThresholds(policy.decline ?? {});
  checkThresholds(policy.review ?? {});
  const clean = sanitizeInput(input).input;
  const facts = computeFacts(buildContext({ ...clean, statements: pairOwnTransfers(clean.statements) }));
  const declined = failedRules(facts, policy.decline ?? {});
  if (declined.length) return { result: 'DECLINED', reasons: declined };
  const review = failedRules(facts, policy.review ?? {});
  return review.length ? { result: 'REVIEW', reasons: review } : { result: 'APPROVED', reasons: [] };
}

/**
 * Runs the thresholds the account set (omitted = rule not run).
 * NO_DECISION exactly when no qualifying run was made first (reference 2.6); otherwise
 * DECLINED with one reason per failed rule, or APPROVED with no reasons.
 */
export function prequalify(input: ScorecardInput, thresholds: PrequalifyThresholds, context?: PrequalifyContext): PrequalifyResult {
  return prequalifyTiers(input, { decline: thresholds }, context);
}
