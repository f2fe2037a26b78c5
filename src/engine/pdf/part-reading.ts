import type { ParsedStatement } from '../../contract/model.js';
import { reconcile } from '../statement/reconcile.js';
import { buildStatement, type DocumentContext } from './assemble.js';
import type { Line } from './lines.js';

/**
 * One statement part of a file read under each of a few candidate types, in order, kept by the
 * reading that reconciles. A part whose own type evidence is weak or split (a card's or a loan's
 * phrases in one box only, beside a ledger: a checking account's statement printing a linked
 * card's summary) is read first as that evidence says; when that reading does not reconcile, as
 * the next candidate; the first reading that agrees is kept. When none does, the first stays,
 * flagged unreconciled as it was: never a type chosen without the balances agreeing.
 *
 * Each candidate reads the part once (at most `candidates.length` readings). What a reading
 * teaches the file's later parts (how its rows wrap, heads it implied) is the kept reading's
 * only: a discarded reading's votes would tell the next part a layout nobody kept.
 */
export interface PartReading {
  statement: ParsedStatement | null;
  ctx: DocumentContext;
  /** Index of the candidate kept (0 when the first was kept or none reconciled). */
  chosen: number;
  /** Candidates whose readings did not reconcile before the one kept (or all of them, when none did). */
  failed: number;
}

/**
 * A reading reconciles: the opening and the rows come to the closing, and every running balance
 * printed agrees. Not the printed totals: a page's totals are read for the statement's on some
 * layouts (composed pageTotals), and a right reading would fail on them.
 */
export function readingAgrees(st: ParsedStatement | null, allowed: number): boolean {
  if (!st || st.startBalance === null || st.endBalance === null) return false;
  const r = reconcile(st, allowed);
  return r.reconciled && !r.firstBroken;
}

/** The state a reading leaves on the file's context for the parts after it (see above), and the objects holding it. */
interface Learnt { ctx: DocumentContext; votes?: DocumentContext['anchorVotes']; heads?: NonNullable<DocumentContext['impliedHeads']>['heads'] }
const learnt = (c: DocumentContext): Learnt => ({ ctx: c, votes: c.anchorVotes && { ...c.anchorVotes }, heads: c.impliedHeads?.heads });
function restore(l: Learnt): void {
  if (l.ctx.anchorVotes && l.votes) Object.assign(l.ctx.anchorVotes, l.votes);
  if (l.ctx.impliedHeads) l.ctx.impliedHeads.heads = l.heads;
}

export function readPartByReconciliation(segment: Line[], candidates: readonly DocumentContext[], allowed: number): PartReading {
  const first = candidates[0]!;
  if (candidates.length < 2) return { statement: buildStatement(segment, first), ctx: first, chosen: 0, failed: 0 };
  const before = candidates.map(learnt);
  const statement = buildStatement(segment, first);
  if (readingAgrees(statement, allowed)) return { statement, ctx: first, chosen: 0, failed: 0 };
  const firstRead = learnt(first);
  for (let i = 1; i < candidates.length; i++) {
    before.forEach(restore);
    const other = buildStatement(segment, candidates[i]!);
    if (readingAgrees(other, allowed)) return { statement: other, ctx: candidates[i]!, chosen: i, failed: i };
  }
  before.forEach(restore);
  restore(firstRead);
  return { statement, ctx: first, chosen: 0, failed: candidates.length };
}
