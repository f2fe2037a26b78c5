import type { Cents } from '../../contract/money.js';

/**
 * Where a statement admits several readings, reconciliation decides: the reading whose
 * amounts carry the printed opening balance to the printed closing balance, and through the
 * most printed running balances, is kept. Readings tried when the first does not reconcile:
 * - every sign the other way (which column is debit, which sign convention a card uses);
 * - one table's signs the other way (a section's heading or columns read the wrong way);
 * - the rows of the last tables left out, when the rows before them already reach the closing
 *   balance (a second table printed after the statement: pending items, a specimen, a repeat).
 * A reading is only taken over the first when it reconciles and the first does not, and no
 * more printed running balances, nor printed side totals, disagree with it than with the first
 * (a template whose closing balance is the opening less its deposits plus its checks, PNC's in
 * the dev corpus, reconciled with every sign the other way, against its own labelled totals
 * "Deposits and other additions 1,527.34" and its daily balances). When none reconciles, every
 * sign the other way is kept only where the printed figures say it is the nearer (`nearestFlip`).
 */
export interface ReadingInput {
  amounts: Cents[];
  balances: (Cents | null)[];
  /** Which table (header) each row was read under. */
  tables: number[];
  start: Cents | null;
  end: Cents | null;
  /** The printed totals of each side (unsigned), where the statement prints them. */
  totals?: { credits?: Cents; debits?: Cents };
}

export interface Reading {
  amounts: Cents[];
  /** Rows kept (the first `kept`). */
  kept: number;
  /** Why another reading than the first was kept; null for the first. */
  note: string | null;
}

const MAX_CUTS = 20;

function score(amounts: Cents[], balances: (Cents | null)[], kept: number, start: Cents | null, end: Cents | null): { reconciles: boolean; agree: number; disagree: number } {
  let running = start, total = 0, agree = 0, disagree = 0;
  for (let i = 0; i < kept; i++) {
    total += amounts[i]!;
    if (running !== null) running += amounts[i]!;
    const b = balances[i];
    if (b === null || b === undefined) continue;
    if (running === b) agree++;
    else if (running !== null) disagree++;
    running = b;
  }
  return { reconciles: start !== null && end !== null && start + total === end, agree, disagree };
}

/** How many printed side totals the first `kept` amounts do not sum to. */
function totalsDisagree(amounts: Cents[], kept: number, totals: ReadingInput['totals']): number {
  if (!totals || (totals.credits === undefined && totals.debits === undefined)) return 0;
  let credits = 0, debits = 0;
  for (let i = 0; i < kept; i++) { const a = amounts[i]!; if (a >= 0) credits += a; else debits -= a; }
  return (totals.credits !== undefined && totals.credits !== credits ? 1 : 0) + (totals.debits !== undefined && totals.debits !== debits ? 1 : 0);
}

export function chooseReading(inp: ReadingInput): Reading {
  const n = inp.amounts.length;
  const first: Reading = { amounts: inp.amounts, kept: n, note: null };
  if (inp.start === null || inp.end === null || !n) return first;
  const base = score(inp.amounts, inp.balances, n, inp.start, inp.end);
  if (base.reconciles) return first;
  const baseTotals = totalsDisagree(inp.amounts, n, inp.totals);
  let best: { r: Reading; disagree: number; agree: number } | null = null;
  const consider = (r: Reading) => {
    const s = score(r.amounts, inp.balances, r.kept, inp.start, inp.end);
    if (!s.reconciles || s.disagree > base.disagree || totalsDisagree(r.amounts, r.kept, inp.totals) > baseTotals) return;
    if (!best || s.disagree < best.disagree || (s.disagree === best.disagree && s.agree > best.agree)) best = { r, disagree: s.disagree, agree: s.agree };
  };
  consider({ amounts: inp.amounts.map((a) => -a), kept: n, note: 'every amount read with the other sign: only that way do the printed balances agree (debit and credit columns or the sign convention the other way round)' });
  // One table's signs the other way (a section whose heading or column gave its rows the wrong
  // direction), when the document has several tables.
  const tableIds = [...new Set(inp.tables)];
  if (tableIds.length > 1) {
    for (const id of tableIds.slice(0, MAX_CUTS)) {
      consider({ amounts: inp.amounts.map((a, i) => (inp.tables[i] === id ? -a : a)), kept: n, note: 'the rows of one table read with the other sign: only that way do the printed balances agree (its heading or columns gave the wrong direction)' });
    }
  }
  // Table boundaries, last first.
  let cuts = 0;
  for (let i = n - 1; i > 0 && cuts < MAX_CUTS; i--) {
    if (inp.tables[i] === inp.tables[i - 1]) continue;
    cuts++;
    consider({ amounts: inp.amounts, kept: i, note: `${n - i} row(s) of a table printed after the closing balance was reached are not counted` });
  }
  if (best) return (best as { r: Reading }).r;
  return nearestFlip(inp, base, baseTotals) ?? first;
}

/**
 * No reading reconciles (a row misprinted or altered, a figure misread): every sign the other way
 * is still kept when it is nearer to agreeing by the printed figures themselves: fewer printed
 * running balances broken, no more printed side totals missed; or as few broken, fewer totals
 * missed and the closing missed by less. A table whose columns were told by their figures
 * (composed noHeads, one row misprinted) was kept with every sign wrong, 5,564.84 off its
 * closing, where the other way it is 9.00 off and agrees with the printed credits.
 */
function nearestFlip(inp: ReadingInput, base: ReturnType<typeof score>, baseTotals: number): Reading | null {
  const n = inp.amounts.length, flipped = inp.amounts.map((a) => -a);
  const s = score(flipped, inp.balances, n, inp.start, inp.end), totals = totalsDisagree(flipped, n, inp.totals);
  const gap = (amounts: Cents[]) => Math.abs(amounts.reduce((t, a) => t + a, inp.start!) - inp.end!);
  const nearer = (s.disagree < base.disagree && totals <= baseTotals)
    || (s.disagree === base.disagree && totals < baseTotals && gap(flipped) < gap(inp.amounts));
  if (!nearer) return null;
  return { amounts: flipped, kept: n, note: `every amount read with the other sign: no reading reconciles, but so ${s.disagree < base.disagree ? `${base.disagree - s.disagree} fewer printed running balances disagree` : `${baseTotals - totals} more of the printed side totals agree`} (debit and credit columns or the sign convention the other way round)` };
}
