/**
 * A 1-bit fax of 2 × 2 dots (./bilevel.ts `coarse`) whose reading does not hold together is read
 * a second time with the engine thresholding it locally (Sauvola, ./tesseract.ts `local`) in
 * place of its global Otsu, and the reading whose balances agree better is kept. On such a page
 * the smoothed figures' points, commas and one-dot strokes are greys near the one global level:
 * each threshold loses other glyphs (composed fax 1203 read every sign wrong globally and
 * reconciles locally; 1208 the other way round), so neither is better alone, and the running
 * balances, not the engine's confidence, choose (the local reading is the less confident one
 * across the board).
 */
import type { ParsedDocument } from '../../contract/model.js';
import { reconcile } from '../statement/reconcile.js';

/**
 * How well a reading's balances hold together, compared in order: statements that reconcile,
 * statements whose opening and closing balances were both found, and printed running balances
 * that agree with the amounts less those that do not (a misread or lost row breaks one; a
 * reading that lost a table has neither). `checked` counts the running balances compared.
 */
export function balanceStanding(doc: ParsedDocument): { rank: number[]; checked: number } {
  if (doc.error) return { rank: [0, 0, -Infinity], checked: 0 };
  let reconciled = 0, valid = 0, net = 0, checked = 0;
  for (const s of doc.statements) {
    const r = reconcile(s, 0);
    if (r.reconciled) reconciled++;
    if (r.balancesValid) valid++;
    let running: number | null = s.startBalance;
    for (const t of s.transactions) {
      if (running !== null) running += t.amount;
      if (t.balance === undefined || t.balance === null) continue;
      if (running !== null) { checked++; net += running === t.balance ? 1 : -1; }
      running = t.balance;
    }
  }
  return { rank: [reconciled, valid, net], checked };
}

/**
 * Whether reading `a` stands strictly better than `b`: more of its statements reconcile, or
 * as many and its rank is higher (the first that differs decides) comparing no fewer running
 * balances. A reading that drops balances
 * drops their breaks with them: composed fax 961 read locally took its balance column for its
 * amounts on half its rows, 22 balances compared of 41, and its net agreement rose (9 → 14)
 * while its rows went wrong (F1 0.505).
 */
export function standsBetter(a: { rank: number[]; checked: number }, b: { rank: number[]; checked: number }): boolean {
  if (a.rank[0] !== b.rank[0]) return a.rank[0]! > b.rank[0]!;
  if (a.checked < b.checked) return false;
  for (let i = 0; i < a.rank.length; i++) if (a.rank[i] !== b.rank[i]) return a.rank[i]! > b.rank[i]!;
  return false;
}

/** Every statement read reconciles: nothing a second reading could improve on. */
export function holdsTogether(doc: ParsedDocument): boolean {
  return !doc.error && doc.statements.length > 0 && doc.statements.every((s) => reconcile(s, 0).reconciled);
}

/**
 * The local reading of the fax pages `coarseFax` and the document read from it, when the first
 * reading `doc` does not hold together and the second stands strictly better; null otherwise (the
 * first reading stays). `readAgain` reads those pages with the local threshold; `read` reads a
 * document from text.
 */
export async function faxReadLocally<T>(doc: ParsedDocument, coarseFax: number[], readAgain: (pages: number[]) => Promise<T>, read: (again: T) => ParsedDocument): Promise<{ again: T; doc: ParsedDocument } | null> {
  if (!coarseFax.length || holdsTogether(doc)) return null;
  const again = await readAgain(coarseFax);
  const second = read(again);
  if (!standsBetter(balanceStanding(second), balanceStanding(doc))) return null;
  const hint = `Page(s) ${coarseFax.join(', ')}, a 1-bit fax, were read a second time thresholded locally; that reading's balances agree better and it was kept.`;
  for (const s of second.statements) s.hints = [...(s.hints ?? []), hint];
  return { again, doc: second };
}
