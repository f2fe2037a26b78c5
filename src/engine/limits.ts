import type { ParsedDocument } from '../contract/model.js';
import { ConversionError } from './conversion-error.js';

/**
 * What one conversion may use. Each is checked where the work happens (the worker pool, the
 * PDF reader, this module after a format is read, the store) and a file that reaches one gets
 * `numTransactions` < 0 and a message naming the setting (`limits.<name>` in the config file).
 */
export interface ConversionLimits {
  /** Wall time of one document in a worker; the worker is stopped and replaced beyond it. */
  maxConversionMs: number;
  /** Extra wall time per page sent to OCR (counted apart from maxConversionMs). */
  ocrPageMs: number;
  /** V8 old-generation heap of each worker thread (worker resourceLimits), MB. */
  workerHeapMb: number;
  /** Bytes one compressed PDF stream may inflate to. */
  maxInflatedStreamBytes: number;
  /** Bytes all compressed streams of one PDF may inflate to together. */
  maxInflatedDocumentBytes: number;
  /** Pages of one PDF. */
  maxPages: number;
  /** Text items of one PDF (all pages). */
  maxTextItems: number;
  /** Content-stream operators of one PDF (all streams). */
  maxOperators: number;
  /** Graphics-state (q … Q) nesting depth in a content stream. */
  maxNestingDepth: number;
  /** Transactions of one statement. */
  maxTransactionsPerStatement: number;
  /** Days a statement spans (1,827 = 5 years): its printed period, or, with none printed, its first to its last transaction date. */
  maxStatementDays: number;
  /** Different accounts (account numbers) in one application. */
  maxAccountsPerApplication: number;
  /**
   * Transactions of one application (all its statements): what a scorecard, a workbook or a
   * results object costs grows with this (some of it on the service's event loop).
   */
  maxTransactionsPerApplication: number;
}

export const DEFAULT_LIMITS: ConversionLimits = {
  maxConversionMs: 60_000,
  ocrPageMs: 20_000,
  workerHeapMb: 1024,
  maxInflatedStreamBytes: 64 * 1024 * 1024,
  maxInflatedDocumentBytes: 256 * 1024 * 1024,
  maxPages: 2_000,
  maxTextItems: 2_000_000,
  maxOperators: 5_000_000,
  maxNestingDepth: 256,
  maxTransactionsPerStatement: 100_000,
  maxStatementDays: 1_827,
  maxAccountsPerApplication: 50,
  maxTransactionsPerApplication: 100_000,
};

/** A file stopped by a limit: the message names the setting and its value. */
export class LimitError extends ConversionError {
  constructor(readonly limit: keyof ConversionLimits, message: string) {
    super(message);
    this.name = 'LimitError';
  }
}

export function limitMessage(fileName: string, limit: keyof ConversionLimits, value: number, what: string): string {
  return `${fileName}: ${what}, over the limit ${limit} = ${value.toLocaleString('en-US')} (the operator sets it in the config file under "limits")`;
}

/** Day number of an ISO date, proleptic Gregorian, for any year 0000–9999 (Date.UTC maps 0–99 to 19xx). */
function dayNumber(iso: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return null;
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const t = d.getTime();
  return Number.isFinite(t) ? Math.floor(t / 86_400_000) : null;
}

/**
 * A read document against the per-statement and per-document limits: transactions per
 * statement, the period each statement spans, and different accounts. Throws LimitError naming
 * the first limit reached. A statement that prints its period is measured by it: one row whose
 * year is misprinted or tampered ("01/07/2052" in a January 2025 statement) is a row to report
 * (the reader's hints and the fraud signals name it), not a reason to refuse the whole file.
 */
export function checkDocumentLimits(doc: ParsedDocument, fileName: string, limits: ConversionLimits): void {
  const accounts = new Set<string>();
  for (const s of doc.statements) {
    accounts.add(s.accountNumber);
    if (s.transactions.length > limits.maxTransactionsPerStatement) {
      throw new LimitError('maxTransactionsPerStatement', limitMessage(fileName, 'maxTransactionsPerStatement', limits.maxTransactionsPerStatement,
        `a statement of account ${s.accountNumber || '(no number)'} holds ${s.transactions.length.toLocaleString('en-US')} transactions`));
    }
    let lo = Infinity, hi = -Infinity, loIso = '', hiIso = '';
    const see = (iso: string | undefined) => {
      if (!iso) return;
      const n = dayNumber(iso);
      if (n === null) return;
      if (n < lo) { lo = n; loIso = iso; }
      if (n > hi) { hi = n; hiIso = iso; }
    };
    see(s.startDate);
    see(s.endDate);
    if (!s.startDate || !s.endDate) for (const t of s.transactions) see(t.date);
    if (hi - lo > limits.maxStatementDays) {
      throw new LimitError('maxStatementDays', limitMessage(fileName, 'maxStatementDays', limits.maxStatementDays,
        `a statement of account ${s.accountNumber || '(no number)'} spans ${loIso} to ${hiIso} (${(hi - lo).toLocaleString('en-US')} days)`));
    }
  }
  if (accounts.size > limits.maxAccountsPerApplication) {
    throw new LimitError('maxAccountsPerApplication', limitMessage(fileName, 'maxAccountsPerApplication', limits.maxAccountsPerApplication,
      `the file holds ${accounts.size} different accounts`));
  }
}
