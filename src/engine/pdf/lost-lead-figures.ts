/**
 * OCR rows whose amount lost its leading digits ("€6.521,02" read ".521,02", "€5.945,93" read
 * "©.945,93": a currency mark and the digit after it taken for one glyph at 7 pt) on a row that
 * prints no balance of its own (balances printed once a day). Such a row was dropped as a dated
 * line with no amount, and the balances around it broke (composed scan 6 @300: 4 of 14 rows).
 *
 * Where it is the only row of unknown amount between two printed balances (the row above's, or
 * the opening, and its own or the next one printed below), its amount is what those balances and the
 * other rows' amounts leave; it is taken only when that figure ends in the digits the cell
 * still shows (four or more) and has more digits than they (the lost lead), and moves the way
 * the cell's column does. No digit is guessed: the balances give the figure, the print confirms
 * its tail. The row is kept flagged, as a row whose amount came from its balances (confidence 0,
 * named in a hint: ./unread-amounts.ts AMOUNT_FROM_BALANCES). Two such rows between the same
 * balances are left out as before: one sum does not split into two figures.
 */
import type { Cents } from '../../contract/money.js';
import { balanceCents, type FigureRow } from './unread-amounts.js';

/** A row as ./rows.ts reads it, the parts used here (declared here: rows.ts imports this file). */
export interface LostRow extends FigureRow {
  description: string[];
  sectionSign: 1 | -1 | 0 | null;
  amountUnread?: 'debit' | 'credit' | 'amount';
  amountUnreadText?: string;
  amountFromBalances?: boolean;
}

/** Rows kept aside per table read (a page of garbled figures is not worth more). */
export const MAX_LOST_FIGURES = 50;

/** The fewest digits of the printed tail that must agree with the figure the balances give. */
const MIN_TAIL_DIGITS = 4;

/** A row dropped for its garbled amount, and where it stood: before `rows[at]` of the table read. */
export interface LostFigureRow<R extends LostRow = LostRow> { at: number; row: R }

/** The digits of a garbled figure's tail, when it ends with a decimal mark and two digits ("…521,02" → "52102"). */
function tailDigits(text: string): string | null {
  const m = /(\d[\d.,' ]*[.,]\d{2})\D{0,2}$/.exec(text.trim());
  if (!m) return null;
  const digits = m[1]!.replace(/\D/g, '');
  return digits.length >= MIN_TAIL_DIGITS ? digits : null;
}

/** A row's signed movement as printed, or null where its sign is not printed (one bare amount column). */
function signedMove(r: LostRow): Cents | null {
  if (r.debit || r.credit) return Math.abs(r.credit?.cents ?? 0) - Math.abs(r.debit?.cents ?? 0);
  if (!r.amount) return null;
  if (r.amount.marker) return r.amount.marker === 'DR' ? -Math.abs(r.amount.cents) : Math.abs(r.amount.cents);
  if (r.amount.explicit) return r.amount.cents;
  return r.sectionSign ? r.sectionSign * Math.abs(r.amount.cents) : null;
}

/**
 * Puts back into `rows` the lost rows whose amounts the balances give and the print confirms,
 * each where it stood, and takes their lines off `nonTransactions`. `opening` stands for the
 * balance above the first row. Returns how many were put back.
 */
export function mendLostLeadFigures<R extends LostRow>(rows: R[], lost: readonly LostFigureRow<R>[], opening: Cents | null, nonTransactions: string[]): number {
  const mended: { at: number; row: R; cents: Cents }[] = [];
  for (const l of lost) {
    const kind = l.row.amountUnread, tail = tailDigits(l.row.amountUnreadText ?? '');
    if (!kind || !tail) continue;
    let a = l.at - 1;
    while (a >= 0 && !rows[a]!.balance) a--;
    // The balance below: the row's own, where it printed one whose row above printed none
    // (./unread-amounts.ts takes the rest), else the next printed below it.
    let b = l.at;
    if (!l.row.balance) while (b < rows.length && !rows[b]!.balance) b++;
    const from = a >= 0 ? balanceCents(rows[a]!.balance!) : opening;
    const to = l.row.balance ? balanceCents(l.row.balance) : b < rows.length ? balanceCents(rows[b]!.balance!) : null;
    if (from === null || to === null) continue;
    const last = l.row.balance ? l.at - 1 : b;
    if (lost.some((o) => o !== l && o.at > a && o.at <= last + (l.row.balance ? 1 : 0))) continue;
    let known = 0, signed = true;
    for (let i = a + 1; i <= last && signed; i++) {
      const m = signedMove(rows[i]!);
      if (m === null) signed = false;
      else known += m;
    }
    if (!signed) continue;
    const cents = to - from - known;
    if (cents === 0 || (kind === 'debit' && cents > 0) || (kind === 'credit' && cents < 0)) continue;
    const digits = String(Math.abs(cents));
    if (digits.length <= tail.length || !digits.endsWith(tail)) continue;
    mended.push({ at: l.at, row: l.row, cents });
  }
  for (const m of mended.sort((p, q) => q.at - p.at)) {
    const money = { cents: Math.abs(m.cents), explicit: false, marker: null };
    const kind = m.row.amountUnread!;
    Object.assign(m.row, kind === 'amount' ? { amount: { cents: m.cents, explicit: m.cents < 0, marker: null } } : m.cents < 0 ? { debit: money } : { credit: money }, { amountFromBalances: true });
    delete m.row.amountUnread;
    delete m.row.amountUnreadText;
    rows.splice(m.at, 0, m.row);
    const note = nonTransactions.lastIndexOf(m.row.description.join(' '));
    if (note >= 0) nonTransactions.splice(note, 1);
  }
  return mended.length;
}
