import { z } from 'zod';

/** One set of prequalification thresholds; an omitted threshold is a rule not run. Money in dollars. */
export const PrequalifyThresholdsSchema = z.object({
  minMonths: z.number().int().min(0).optional(),
  minAvgMonthlyTrueRevenue: z.number().min(0).optional(),
  minAvgDailyBalance: z.number().min(0).optional(),
  maxNsfPerMonth: z.number().int().min(0).optional(),
  maxNegativeDays: z.number().int().min(0).optional(),
  maxMcaPositions: z.number().int().min(0).optional(),
  maxHoldbackPercent: z.number().min(0).optional(),
}).strict();

/**
 * The operator's prequalification policy (config `prequalify`): failing a `decline` threshold
 * declines; passing every `decline` threshold but failing a `review` threshold gives REVIEW
 * (an extension of the reference's values, only ever returned when review thresholds are set).
 */
export const PrequalifyPolicySchema = z.object({
  decline: PrequalifyThresholdsSchema.optional(),
  review: PrequalifyThresholdsSchema.optional(),
}).strict();
export type PrequalifyPolicy = z.infer<typeof PrequalifyPolicySchema>;
