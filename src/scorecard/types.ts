import type { ParsedTransaction, ScorecardInput } from '../contract/model.js';
import type { Scorecard } from '../contract/api/scorecard.js';
export type { Check, CheckCode, CheckStatement } from '../contract/api/scorecard.js';
import type { PrequalifyResult } from '../contract/api/endpoints.js';

/**
 * The scorecard module's interface as the service uses it. Implementation: ./index.ts.
 *
 *   classifyTransaction(txn, { finduntrue })  → categories + trueval (called when storing)
 *   buildScorecard(input, { sections, format }) → the object of reference 2.4
 *   prequalify(input, thresholds)             → PrequalifyResult (reference 2.6)
 *   scorecardToXlsx(scorecard, meta)          → .xlsx bytes
 *   renderScorecardPage(scorecard, meta)      → self-contained HTML page (for /scorecard/signedUrl)
 */
export interface Classification {
  categories: string[];
  trueval: boolean | null;
}
export type ClassifyTransaction = (txn: Pick<ParsedTransaction, 'description' | 'memo' | 'amount' | 'type'>, opts: { finduntrue: boolean }) => Classification;

export type ScorecardFormat = 'default' | 'jsonobject';
export interface ScorecardOptions {
  /** Section names to include; empty/undefined = all (or the account profile's list). */
  sections?: string[];
  format: ScorecardFormat;
}
/** The object of reference 2.4, as the contract describes it. */
export type { Scorecard };
export type BuildScorecard = (input: ScorecardInput, opts: ScorecardOptions) => Scorecard;

/** Per-account thresholds (stored in the account's profile). Omitted = rule not run. */
export interface PrequalifyThresholds {
  minMonths?: number;
  minAvgMonthlyTrueRevenue?: number;   // dollars
  minAvgDailyBalance?: number;         // dollars
  maxNsfPerMonth?: number;
  maxNegativeDays?: number;
  maxMcaPositions?: number;
  maxHoldbackPercent?: number;
}
export type PrequalifyReason = PrequalifyResult['reasons'][number];
export type { PrequalifyResult };
/** What the service knows about the application: whether a qualifying run (reference 2.6) was made. */
export interface PrequalifyContext { qualifyingRunDone: boolean }

export interface ScorecardMeta {
  appnumber: string; appid: number; owner: string; generatedAt: string;
  /** Date cells shown M-D-Y (true), D-M-Y (false) or ISO (absent): the conversions' `writeUSdates`. */
  usDates?: boolean;
}
