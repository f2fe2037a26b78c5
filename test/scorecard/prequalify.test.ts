import { describe, expect, it } from 'vitest';
import { prequalify } from '../../src/scorecard/index.js';
import { negativeTwoAccountsApp, stackedMcaApp } from './fixtures.js';

describe('prequalify', () => {
  it('NO_DECISION exactly when no qualifying run was made first', () => {
    expect(prequalify(stackedMcaApp(), { minMonths: 1 }, { qualifyingRunDone: false })).toEqual({ result: 'NO_DECISION', reasons: [] });
    expect(prequalify({ appid: 1, appnumber: 'x', statements: [], numFileConversionsInProgress: 0 }, { minMonths: 1 })).toEqual({ result: 'NO_DECISION', reasons: [] });
  });

  it('APPROVED when every configured rule passes (omitted thresholds are not run)', () => {
    expect(prequalify(stackedMcaApp(), { minMonths: 2, minAvgMonthlyTrueRevenue: 15_000, maxNsfPerMonth: 0, maxNegativeDays: 0 }, { qualifyingRunDone: true }))
      .toEqual({ result: 'APPROVED', reasons: [] });
    expect(prequalify(stackedMcaApp(), {}, { qualifyingRunDone: true })).toEqual({ result: 'APPROVED', reasons: [] });
  });

  it('DECLINED with one reason per failed rule: {rule_name, actual_value, threshold}', () => {
    const r = prequalify(stackedMcaApp(), { minMonths: 3, maxMcaPositions: 2, maxHoldbackPercent: 20, minAvgMonthlyTrueRevenue: 15_000 }, { qualifyingRunDone: true });
    expect(r).toEqual({
      result: 'DECLINED',
      reasons: [
        { rule_name: 'min_months', actual_value: 2, threshold: 3 },
        { rule_name: 'max_mca_positions', actual_value: 4, threshold: 2 },
        { rule_name: 'max_holdback_percent', actual_value: 69, threshold: 20 },
      ],
    });
  });

  it('balance, NSF and negative-day rules read the same figures as the scorecard', () => {
    const r = prequalify(negativeTwoAccountsApp(), { minAvgDailyBalance: 2_000, maxNsfPerMonth: 1, maxNegativeDays: 2 }, { qualifyingRunDone: true });
    expect(r.result).toBe('DECLINED');
    expect(r.reasons).toEqual([
      // Mean combined balance over the 44 covered days (Apr 1 – May 14), no balance carried past a statement: 75,240 ÷ 44.
      { rule_name: 'min_avg_daily_balance', actual_value: 1710, threshold: 2000 },
      { rule_name: 'max_nsf_per_month', actual_value: 2, threshold: 1 },
      { rule_name: 'max_negative_days', actual_value: 3, threshold: 2 },
    ]);
  });
});
