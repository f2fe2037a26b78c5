import type { ParsedStatement } from '../../contract/model.js';
import { reconcile } from '../statement/reconcile.js';
import { balanceBreaks } from './signs.js';
import { buildStatement, type DocumentContext } from './assemble.js';
import type { Line } from './lines.js';

/**
 * One statement part of a file read under each of a few candidate types, in order, kept by the
 * reading that reconciles. A part whose own type evidence is weak or split (a card's or a loan's
 * phrases in one box only, beside a ledger: a checking account's statement printing a linked
 * card's summary) is read first as that evidence says; when that reading does not reconcile, as
 * the next candidate; the first reading that agrees is kept. When none does, the reading that
 * breaks the fewest links of its balances is kept, of those the one whose closing balance the
 * rows miss by least (the first on a tie), flagged unreconciled: a
 * checking account's statement with one row altered, under a linked loan's box, breaks one link
 * read as a bank account's and more read as the loan (its closing the box's debt, its balances
 * turned), and was kept a Line of Credit.
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
  /** No reading reconciled: each one's broken links (`readingBreaks`) and closing gap in cents (`closingGap`), in the candidates' order. */
  breaks?: number[];
  gaps?: number[];
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
  const breaks = [readingBreaks(statement)], gaps = [closingGap(statement)];
  let best = { statement, chosen: 0, read: learnt(first) };
  for (let i = 1; i < candidates.length; i++) {
    before.forEach(restore);
    const other = buildStatement(segment, candidates[i]!);
    if (readingAgrees(other, allowed)) return { statement: other, ctx: candidates[i]!, chosen: i, failed: i };
    breaks.push(readingBreaks(other));
    gaps.push(closingGap(other));
    const b = best.chosen;
    if (breaks[i]! < breaks[b]! || (breaks[i] === breaks[b] && gaps[i]! < gaps[b]!)) best = { statement: other, chosen: i, read: learnt(candidates[i]!) };
  }
  before.forEach(restore);
  restore(best.read);
  return { statement: best.statement, ctx: candidates[best.chosen]!, chosen: best.chosen, failed: candidates.length, breaks, gaps };
}

/**
 * Links of a reading that its figures break: each printed running balance the amounts do not
 * reach from the balance before it (./signs.ts balanceBreaks), and the printed closing balance
 * the amounts after the last running balance do not reach. An opening or closing balance not
 * found is a broken link too; no statement, every link.
 */
export function readingBreaks(st: ParsedStatement | null): number {
  if (!st) return Number.POSITIVE_INFINITY;
  const rows = st.transactions.map((t) => ({ abs: Math.abs(t.amount), sign: (t.amount < 0 ? -1 : 1) as 1 | -1, balance: t.balance ?? null }));
  let breaks = balanceBreaks(rows, rows.map((r) => r.sign), st.startBalance);
  let at = st.startBalance;
  for (const r of rows) at = r.balance ?? (at === null ? null : at + r.sign * r.abs);
  if (st.startBalance === null) breaks++;
  if (st.endBalance === null || at !== st.endBalance) breaks++;
  return breaks;
}

/** How far the opening and the rows miss the printed closing balance (every figure, when either balance is not found). */
function closingGap(st: ParsedStatement | null): number {
  if (!st || st.startBalance === null || st.endBalance === null) return Number.POSITIVE_INFINITY;
  return Math.abs(reconcile(st, 0).difference);
}
