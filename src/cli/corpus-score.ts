/**
 * Transaction-level scoring for `npm run corpus`: what a conversion read against a truth
 * file, as a multiset match on (date, signed cents), and totals per class of document.
 */
import type { ParsedDocument, ParsedStatement } from '../contract/model.js';
import type { TruthTxn } from './corpus-truth.js';

export interface Match { tp: number; fp: number; fn: number }

/** Multiset match: each truth (date, cents) pair is matched by at most one read transaction. */
export function matchTransactions(read: TruthTxn[], truth: TruthTxn[]): Match {
  // A truth without years (`--MM-DD`) is compared on month and day only.
  const yearless = truth.length > 0 && truth.every((t) => t.date.startsWith('--'));
  const key = (t: TruthTxn) => `${yearless && !t.date.startsWith('--') ? `--${t.date.slice(5)}` : t.date}|${t.cents}`;
  const pool = new Map<string, number>();
  for (const t of truth) pool.set(key(t), (pool.get(key(t)) ?? 0) + 1);
  let tp = 0;
  for (const t of read) {
    const k = key(t);
    const n = pool.get(k) ?? 0;
    if (n > 0) { tp++; pool.set(k, n - 1); }
  }
  return { tp, fp: read.length - tp, fn: truth.length - tp };
}

/**
 * The statements a truth covers: all of them, unless the truth's dates span only some (a truth
 * for the first month of a two-month file): then the statements with a transaction in that span.
 */
export function statementsCovered(statements: ParsedStatement[], truth: TruthTxn[]): ParsedStatement[] {
  const dated = truth.map((t) => t.date).filter((d) => !d.startsWith('--')).sort();
  if (statements.length < 2 || !dated.length) return statements;
  const lo = dated[0]!, hi = dated[dated.length - 1]!;
  const inside = statements.filter((s) => s.transactions.some((t) => t.date >= lo && t.date <= hi));
  return inside.length ? inside : statements;
}

export function readTransactions(statements: ParsedStatement[]): TruthTxn[] {
  return statements.flatMap((s) => s.transactions.map((t) => ({ date: t.date, cents: t.amount, text: t.description })));
}

/** Descriptions compared: of the truth rows with a text that a read row matched, how many read rows hold every word of it. */
export interface Described { held: number; compared: number }

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Each truth row with a description, matched on (date, cents) to a read row in order (as
 * matchTransactions pairs them): its description is held when the read row's description holds
 * every word of the truth's, in any order (a truth may leave out a reference the page prints).
 */
export function describedMatches(read: TruthTxn[], truth: TruthTxn[]): Described {
  const yearless = truth.length > 0 && truth.every((t) => t.date.startsWith('--'));
  const key = (t: TruthTxn) => `${yearless && !t.date.startsWith('--') ? `--${t.date.slice(5)}` : t.date}|${t.cents}`;
  const pool = new Map<string, TruthTxn[]>();
  for (const t of read) { const k = key(t); const list = pool.get(k); if (list) list.push(t); else pool.set(k, [t]); }
  let held = 0, compared = 0;
  for (const t of truth) {
    const got = pool.get(key(t))?.shift();
    if (!got || !t.text) continue;
    compared++;
    const have = new Set(words(got.text ?? ''));
    if (words(t.text).every((w) => have.has(w))) held++;
  }
  return { held, compared };
}

export function prf(m: Match): { precision: number; recall: number; f1: number } {
  const precision = m.tp + m.fp ? m.tp / (m.tp + m.fp) : 0;
  const recall = m.tp + m.fn ? m.tp / (m.tp + m.fn) : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

export const DOC_CLASSES = ['text bank PDF', 'card PDF', 'scan', 'photo', 'other'] as const;
export type DocClass = (typeof DOC_CLASSES)[number];

const KIND_CLASS: Record<string, DocClass> = { bank_pdf: 'text bank PDF', ccard_pdf: 'card PDF', scanned_pdf: 'scan', screenshot_pdf: 'scan', photo: 'photo' };

/**
 * The class of a document: the manifest's `kind` when it gives one (what the document is,
 * whatever the engine took it for); else from the file and the conversion.
 */
export function documentClass(fileName: string, kind: string | undefined, doc: ParsedDocument | null): DocClass {
  if (kind && KIND_CLASS[kind]) return KIND_CLASS[kind];
  if (kind) return 'other';
  if (/\.(jpe?g|png|tiff?|heic|webp|gif|avif)$/i.test(fileName)) return 'photo';
  if (!/\.pdf$/i.test(fileName)) return 'other';
  if (doc?.pdf?.image || doc?.requiresRerunWithOCR) return 'scan';
  if (doc?.statements.some((s) => s.docType === 'Credit Card Statement')) return 'card PDF';
  return 'text bank PDF';
}

export interface ClassTotals {
  documents: number;
  statements: number;
  reconciled: number;
  transactions: number;
  withTruth: number;
  match: Match;
  described: Described;
}

export function emptyTotals(): ClassTotals {
  return { documents: 0, statements: 0, reconciled: 0, transactions: 0, withTruth: 0, match: { tp: 0, fp: 0, fn: 0 }, described: { held: 0, compared: 0 } };
}

export function formatTotals(name: string, t: ClassTotals): string {
  const head = `${name.padEnd(14)} docs ${String(t.documents).padStart(3)}  statements ${String(t.statements).padStart(3)}  reconciled ${String(t.reconciled).padStart(3)}  txns ${String(t.transactions).padStart(4)}`;
  if (!t.withTruth) return `${head}  (no truth files)`;
  const s = prf(t.match);
  const desc = t.described.compared ? `; descriptions ${t.described.held}/${t.described.compared}` : '';
  return `${head}  truth docs ${t.withTruth}: P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} F1 ${s.f1.toFixed(3)} (tp ${t.match.tp} fp ${t.match.fp} fn ${t.match.fn})${desc}`;
}
