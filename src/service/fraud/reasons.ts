/**
 * The fraud-score reasons (file_status `tpreasonsIndexes` holds these indexes). Data, reviewed
 * like code: each reason found takes its weight off 100. Indexes are part of the API: never
 * renumber; retire a reason by setting its weight to 0 and append new ones at the end.
 * docs/api.md "Fraud score" lists them; test/fraud/reasons.test.ts keeps the two in step.
 */
export interface FraudReason {
  index: number;
  key: ReasonKey;
  weight: number;
  /** What the signal means (the sentence in each file_status item names the evidence). */
  meaning: string;
}

export type ReasonKey =
  | 'editing-tool' | 'modified-after-creation' | 'incremental-updates' | 'redefined-objects'
  | 'font-differs-in-column' | 'misaligned-amount' | 'not-reconciled' | 'broken-running-balance'
  | 'round-large-credits' | 'ach-on-non-business-day' | 'owner-inconsistent' | 'seen-in-other-application';

export const FRAUD_REASONS: readonly FraudReason[] = [
  { index: 0, key: 'editing-tool', weight: 25, meaning: 'Producer or creator (Info dictionary or XMP) is software that edits PDFs or composes documents (word processors, design tools)' },
  { index: 1, key: 'modified-after-creation', weight: 10, meaning: 'Modification date later than the creation date (or earlier, which is impossible)' },
  { index: 2, key: 'incremental-updates', weight: 15, meaning: 'Saved again after creation: more than one xref/trailer section (incremental update)' },
  { index: 3, key: 'redefined-objects', weight: 10, meaning: 'Objects redefined by a later incremental update' },
  { index: 4, key: 'font-differs-in-column', weight: 25, meaning: "An amount's font or size differs from the rest of its column" },
  { index: 5, key: 'misaligned-amount', weight: 15, meaning: "An amount's alignment differs from the rest of its column" },
  { index: 6, key: 'not-reconciled', weight: 15, meaning: 'Start balance + credits − debits does not give the printed ending balance' },
  { index: 7, key: 'broken-running-balance', weight: 15, meaning: 'The printed running balance breaks at one row' },
  { index: 8, key: 'round-large-credits', weight: 10, meaning: 'Most large credits are round amounts (whole hundreds of dollars)' },
  { index: 9, key: 'ach-on-non-business-day', weight: 10, meaning: 'ACH transactions dated on a weekend or a US bank holiday (ACH does not settle then)' },
  { index: 10, key: 'owner-inconsistent', weight: 15, meaning: 'Owner name or address differs between statements of the same file' },
  { index: 11, key: 'seen-in-other-application', weight: 10, meaning: 'The same file (SHA-256) was uploaded to another application of the account' },
];

export function reasonOf(key: ReasonKey): FraudReason {
  const r = FRAUD_REASONS.find((x) => x.key === key);
  if (!r) throw new Error(`unknown fraud reason ${key}`);
  return r;
}

/** Score bands (higher = more trustworthy). */
export const FRAUD_BANDS = [
  { min: 90, band: 'authentic' },
  { min: 70, band: 'minor' },
  { min: 50, band: 'moderate' },
  { min: 0, band: 'high risk' },
] as const;

export type FraudBand = (typeof FRAUD_BANDS)[number]['band'];

export function bandOf(score: number): FraudBand {
  return (FRAUD_BANDS.find((b) => score >= b.min) ?? FRAUD_BANDS[FRAUD_BANDS.length - 1]!).band;
}

/** Thresholds of the detectors (data, so they are tuned without touching the code). */
export const FRAUD_THRESHOLDS = {
  /** Seconds between CreationDate and ModDate tolerated (producers stamp both while writing). */
  modifiedAfterSeconds: 120,
  /** A column needs this many amounts before outliers are judged. */
  minColumnAmounts: 5,
  /** The column's majority font must hold at least this share of its amounts. */
  majorityShare: 0.8,
  /** Font sizes closer than this (points) are the same size. */
  sizeTolerance: 0.3,
  /** Right edges of a right-aligned column within this many points are aligned. */
  alignTolerance: 1.5,
  /** A stray amount whose right edge is this close to a column (points), amid its rows, is misaligned. */
  columnReach: 15,
  /** Large credit: at least this many cents. */
  largeCreditCents: 100_000,
  /** Round: a multiple of this many cents. */
  roundCents: 10_000,
  /** Round large credits flag when at least this many and this share of large credits. */
  roundMinCount: 4,
  roundMinShare: 0.6,
} as const;
