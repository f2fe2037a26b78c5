/**
 * The scorecard module: rules as data, section builders, metrics, xlsx and the signed page. Interface: ./types.ts. See docs/scorecard.md.
 *
 *   classifyTransaction(txn, { finduntrue })         categories + trueval, when storing
 *   buildScorecard(input, { sections, format })      the scorecard object of reference 2.4
 *   pairOwnTransfers(statements)                     unlabelled own-account transfers (run on load)
 *   prequalify(input, thresholds, { qualifyingRunDone })  APPROVED / DECLINED / NO_DECISION
 *   scorecardToXlsx(scorecard, meta)                 .xlsx bytes
 *   renderScorecardPage(scorecard, meta)             self-contained HTML page
 */
export { classifyTransaction, isNondescript, lenderOf, LENDER_TAG } from './categorize/classify.js';
export { buildScorecard, parseSections } from './build.js';
export { pairOwnTransfers } from './categorize/own-transfers.js';
export { prequalify, PREQUALIFY_RULES, type PrequalifyContext } from './prequalify.js';
export { scorecardToXlsx, XLSX_MIME } from './xlsx.js';
export { renderScorecardPage } from './page.js';
export { SECTION_NAMES } from './sections/registry.js';
export { consistencyChecks } from './checks.js';
export type * from './types.js';
