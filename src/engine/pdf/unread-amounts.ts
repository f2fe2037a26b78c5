/**
 * OCR rows whose amount cell was garbled past reading ("264145€" with its point lost, "36.CC",
 * "1276.0F", "767.8Q": 150-dpi faxes, composed 649 and 665) while the row's date, description and
 * running balance were read. Read as a dated line with no amount, such a row was dropped as no
 * transaction, and the balances around it broke. Where the balance printed on the row above and
 * the row's own are both vouched for by their neighbours (the row above's balance minus the one
 * before it is that row's amount, and the next row's balance minus this row's is the next row's
 * amount), the row's amount is what its balances say: no digit of it is guessed. The row is kept
 * with that amount, flagged (confidence 0, named in a hint as taken from the balances); where the
 * balances do not vouch for it, it is left out as before.
 */
import type { Cents } from '../../contract/money.js';
import type { Money } from './tokens.js';

/** A row's figures as ./rows.ts reads them (declared here: rows.ts imports this file). */
export interface FigureRow { debit?: Money; credit?: Money; amount?: Money; balance?: Money }

/** Transactions whose amount came from the balances around them (ocr/confidence.ts says so in its hint). Kept beside the rows, out of the contract. */
export const AMOUNT_FROM_BALANCES = new WeakSet<object>();

/** The longest cell taken for a garbled figure (a figure with its marks: "-1.234.567,89 €"). */
const MAX_FIGURE_CHARS = 18;

/**
 * Whether an OCR cell under a debit, credit or amount column that read as no figure is one
 * garbled: a digit in it, no word of four letters ("CARD", a description run on), short.
 */
export function garbledFigureText(text: string): boolean {
  const t = text.trim();
  return t.length >= 2 && t.length <= MAX_FIGURE_CHARS && /\d/.test(t) && !/\p{L}{4}/u.test(t);
}

/** A printed balance as a signed figure (a CR/DR mark over its minus). */
export function balanceCents(m: Money): Cents {
  return m.marker === 'CR' ? Math.abs(m.cents) : m.marker === 'DR' ? -Math.abs(m.cents) : m.cents;
}

/** How far a row moved the balance, sign aside: its credit less its debit, or its one amount. */
function movedBy(r: FigureRow): Cents | null {
  if (r.debit || r.credit) return Math.abs(Math.abs(r.credit?.cents ?? 0) - Math.abs(r.debit?.cents ?? 0));
  return r.amount ? Math.abs(r.amount.cents) : null;
}

/** Whether `r`'s printed balance is `before`'s moved by `r`'s amount (sign aside: a lost minus breaks it). */
export function balanceFollows(before: FigureRow, r: FigureRow): boolean {
  const moved = movedBy(r);
  return !!before.balance && !!r.balance && moved !== null && Math.abs(balanceCents(r.balance) - balanceCents(before.balance)) === moved;
}

/**
 * The amount of `row` (no amount read; the garbled cell stood under `kind`'s column) from the
 * balance printed on `above` and its own, as the row's figure cells: null where a balance is
 * missing, they do not move, or the way they move is not the column's (a credit column's row
 * whose balance fell). The caller has checked that both balances are vouched for.
 */
export function amountFromBalances(above: FigureRow, row: FigureRow, kind: 'debit' | 'credit' | 'amount'): Pick<FigureRow, 'debit' | 'credit' | 'amount'> | null {
  if (!above.balance || !row.balance) return null;
  const d = balanceCents(row.balance) - balanceCents(above.balance);
  if (d === 0) return null;
  if (kind === 'debit') return d < 0 ? { debit: { cents: -d, explicit: false, marker: null } } : null;
  if (kind === 'credit') return d > 0 ? { credit: { cents: d, explicit: false, marker: null } } : null;
  // One amount column: a debit with its minus (as the column's debits print one or a letter
  // says so; a credit bare, as most columns print them).
  return { amount: { cents: d, explicit: d < 0, marker: null } };
}
