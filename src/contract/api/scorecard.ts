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

export const ScorecardTable = z.object({ labels: z.array(z.string()), columns: z.array(z.string()), data: z.array(ScorecardRow) });
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

/** `[label, monthly, annual]`; a figure that cannot be computed is null. */
export const MetricRow = z.tuple([z.string(), z.number().nullable(), z.number().nullable()]);
export const ScorecardMetrics = z.object({
  metricdata: z.array(MetricRow),
  /** jsonobject only: the same figures as named rows. */
  revenue_statistics: z.record(z.string(), z.object({ label: z.string(), monthly: z.number().nullable(), annual: z.number().nullable() })).optional(),
});
export type ScorecardMetrics = z.infer<typeof ScorecardMetrics>;

export const ScorecardSchema = z.object({ _metadata: ScorecardMetadata, metrics: ScorecardMetrics })
  .catchall(ScorecardSection)
  .describe('scorecard object (reference 2.4): _metadata, metrics and one member per section');
export type ScorecardMetadata = z.infer<typeof ScorecardMetadata>;
/** Written out because TypeScript cannot infer an index signature beside differently typed members. */
export interface Scorecard {
  _metadata: ScorecardMetadata;
  metrics: ScorecardMetrics;
  [section: string]: ScorecardSection | ScorecardMetadata | ScorecardMetrics;
}

/** The sections of a scorecard in their order, `_metadata` and `metrics` left out. */
export function scorecardSections(card: Scorecard): [string, ScorecardSection][] {
  return Object.entries(card).filter((e): e is [string, ScorecardSection] => e[0] !== '_metadata' && e[0] !== 'metrics');
}
