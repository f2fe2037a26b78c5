import { z } from 'zod';

/**
 * The scorecard object of reference 2.4 (docs/scorecard.md "Formats"). Every section is a table
 * `{labels, columns, data}`: `labels` the human headers, `columns` the stable snake_case keys,
 * `data` rows — arrays aligned with `columns` (format default) or objects keyed by them
 * (format jsonobject). Money is a number of dollars, dates 'YYYY-MM-DD', an `ids` cell the
 * transaction ids behind a figure. `utilities` is a flat list of transaction objects.
 */
export const ScorecardCell = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.number())]);
export type ScorecardCell = z.infer<typeof ScorecardCell>;

export const ScorecardRow = z.union([z.array(ScorecardCell), z.record(z.string(), ScorecardCell)]);
export type ScorecardRow = z.infer<typeof ScorecardRow>;

const TableShape = z.object({ labels: z.array(z.string()), columns: z.array(z.string()), data: z.array(ScorecardRow) });
/** `forms`: the application's tax forms beside the taxscorelist rows (a table of its own). */
export const ScorecardTable = TableShape.extend({ forms: TableShape.optional() });
export type ScorecardTable = z.infer<typeof ScorecardTable>;

export const ScorecardFlatSection = z.array(z.record(z.string(), ScorecardCell));
export type ScorecardFlatSection = z.infer<typeof ScorecardFlatSection>;

export const ScorecardSection = z.union([ScorecardTable, ScorecardFlatSection]);
export type ScorecardSection = z.infer<typeof ScorecardSection>;

export const ScorecardMetadata = z.object({
  someTransactionsExcludedDueToValidationFailures: z.boolean(),
  numFileConversionsInProgress: z.number().int(),
  /** Sections that failed or names that were unknown, '; '-separated ('' when none). */
  warnings: z.string(),
});

/** The metrics, in the order of `metricdata`; `revenue_statistics` (jsonobject) is keyed by them. */
export const METRIC_KEYS = [
  'true_revenue', 'total_revenue', 'expenses', 'profit', 'total_debt_withdrawals', 'dti_percent', 'mca_withdrawals', 'holdback_percent',
  'average_daily_balance', 'minimum_balance', 'negative_days', 'nsf_count', 'nsf_days', 'mca_positions',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
export const MetricFigure = z.object({ label: z.string(), monthly: z.number().nullable(), annual: z.number().nullable() });
export type MetricFigure = z.infer<typeof MetricFigure>;

/** `[label, monthly, annual]`; a figure that cannot be computed is null. */
export const MetricRow = z.tuple([z.string(), z.number().nullable(), z.number().nullable()]);
const RevenueStatistics = z.partialRecord(z.enum(METRIC_KEYS), MetricFigure);
/** What a set of metrics covers: its currency, statement months and the days its balances average over. */
export const MetricsPeriod = z.object({
  currency: z.string(), months: z.number().int(), month_list: z.array(z.string()),
  balance_days: z.number().int(), first_balance_day: z.string().nullable(), last_balance_day: z.string().nullable(),
});
export type MetricsPeriod = z.infer<typeof MetricsPeriod>;
export const ScorecardMetrics = z.object({
  metricdata: z.array(MetricRow),
  /** jsonobject only: the same figures as named rows. */
  revenue_statistics: RevenueStatistics.optional(),
  /** ISO 4217 code of the figures (the application's main currency). */
  currency: z.string().optional(),
  period: MetricsPeriod.optional(),
  /** With several currencies: every currency's own figures, the main one first. */
  by_currency: z.array(MetricsPeriod.extend({ metricdata: z.array(MetricRow), revenue_statistics: RevenueStatistics.optional() })).optional(),
});
export type ScorecardMetrics = z.infer<typeof ScorecardMetrics>;

/**
 * A consistency check (docs/scorecard.md "Checks"): one plain-language line and the statements
 * it concerns. In the scorecard (`checks`) and in the application results (`checks`).
 */
export const CheckCodes = ['fraud_score', 'coverage_gap', 'duplicate_statement', 'overlapping_statements', 'unreconciled',
  'excluded_transactions', 'several_holders', 'several_currencies', 'stale_statements', 'no_deposit_account'] as const;
export type CheckCode = (typeof CheckCodes)[number];
export const CheckStatementSchema = z.object({
  tid: z.string(), statementid: z.number().int(), file_name: z.string(), account: z.string(), start_date: z.string(), end_date: z.string(),
});
export type CheckStatement = z.infer<typeof CheckStatementSchema>;
export const CheckSchema = z.object({
  code: z.enum(CheckCodes),
  /** alert: read before deciding; warning: figures are affected; info: context. */
  severity: z.enum(['alert', 'warning', 'info']),
  message: z.string(),
  statements: z.array(CheckStatementSchema),
});
export type Check = z.infer<typeof CheckSchema>;

export type ScorecardMetadata = z.infer<typeof ScorecardMetadata>;
export interface Scorecard {
  _metadata: ScorecardMetadata;
  metrics: ScorecardMetrics;
  /** Consistency checks, most severe first (absent in scorecards made before they existed). */
  checks?: Check[];
  [section: string]: ScorecardSection | ScorecardMetadata | ScorecardMetrics | Check[] | undefined;
}

/** TypeScript infers no usable type from `catchall` beside typed members: the schema is typed by the interface above. */
export const ScorecardSchema = z.object({ _metadata: ScorecardMetadata, metrics: ScorecardMetrics, checks: z.array(CheckSchema).optional() })
  .catchall(ScorecardSection)
  .describe('scorecard object (reference 2.4): _metadata, metrics and one member per section') as unknown as z.ZodType<Scorecard>;

/** The sections of a scorecard in their order, `_metadata`, `metrics` and `checks` left out. */
export function scorecardSections(card: Scorecard): [string, ScorecardSection][] {
  return Object.entries(card).filter((e): e is [string, ScorecardSection] => e[0] !== '_metadata' && e[0] !== 'metrics' && e[0] !== 'checks' && e[1] !== undefined);
}
