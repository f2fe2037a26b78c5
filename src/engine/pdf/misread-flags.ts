/**
 * Debit/credit letters OCR misread by one glyph ("I)" or "1)" for "D", "§" for "S", "AL" for
 * "Af", "Rij" for "Bij", "OR" for "DR": 150-dpi faxes, composed 620 and 649, whose type columns
 * print them beside unsigned amounts). Read as no letter, the row's sign was left unsettled and
 * read as a debit. Such a word is read as the letter only in a type column that prints its
 * letters cleanly on other rows (at least `MIN_CLEAN`), as exactly one of the letters it prints
 * so (./ocr-misreads.ts), and not against the row's running balance where that tells its side.
 * The row is flagged (low confidence): its sign is read, not printed so.
 */
import type { Cents } from '../../contract/money.js';
import { misreadOf, foldWord } from './ocr-misreads.js';
import type { Money } from './tokens.js';

/**
 * Transactions whose sign came from a letter read so: their low confidence is said as a letter
 * misread, not a date unread (ocr/confidence.ts). Kept beside the rows, out of the contract.
 */
export const SIGN_LETTER_MISREAD = new WeakSet<object>();

/** Rows on which a type column prints a letter cleanly, at least, before a misread one is read as it. */
const MIN_CLEAN = 2;

/** What mendMisreadFlags reads of a row (./rows.ts RawRow). */
export interface FlaggedRow {
  type?: string;
  amount?: Money;
  balance?: Money;
  /** Its type word read as a sign letter from a one-glyph misreading. */
  flagMisread?: boolean;
}

/**
 * Rows (oldest first) whose type word gives no side (`sideOf` 0) and is a one-glyph misreading
 * of exactly one of the words the column gives a side cleanly: that word, and `flagMisread`
 * set. `opening` is the balance before the first row (null when unread). Returns how many.
 */
export function mendMisreadFlags(rows: FlaggedRow[], sideOf: (word: string | undefined) => 1 | -1 | 0, opening: Cents | null): number {
  const clean = new Map<string, { word: string; side: 1 | -1; n: number }>();
  for (const r of rows) {
    const side = r.type && r.amount && !r.amount.explicit ? sideOf(r.type) : 0;
    if (!side) continue;
    const k = foldWord(r.type!);
    const c = clean.get(k);
    if (c) c.n++; else clean.set(k, { word: r.type!.trim(), side, n: 1 });
  }
  const names = [...clean].filter(([, c]) => c.n >= MIN_CLEAN).map(([k, c]) => [k, c] as const);
  if (!names.length) return 0;
  let mended = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (!r.type || !r.amount || r.amount.explicit || sideOf(r.type)) continue;
    const hit = misreadOf(r.type.trim(), names);
    if (!hit) continue;
    // Its running balance, where the one before it is read too, tells its side: the letter must agree.
    const before = i > 0 ? rows[i - 1]!.balance?.cents ?? null : opening;
    if (r.balance && before !== null) {
      const move = r.balance.cents - before, abs = Math.abs(r.amount.cents);
      if (Math.abs(move) === abs && Math.sign(move) !== hit.side) continue;
    }
    r.type = hit.word;
    r.flagMisread = true;
    mended++;
  }
  return mended;
}

/** A figure with cents and a short word glued after it ("2 423.90 OR"). */
const FIGURE_AND_MARK = /^(.*\d[.,]\s?\d{2})\s?((?=[^\s.,]*\p{L})[^\s.,]{1,3})$/u;

/**
 * The marks (CR, DR, C, D…) a document's figures print after them, folded, with how many
 * figures print each: the marks a misread one may be read as (`misreadMarkFigure`).
 */
export function printedMarks(lines: readonly { cells: readonly { text: string }[] }[], parse: (text: string) => Money | null): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of lines) {
    for (const c of l.cells) {
      const m = FIGURE_AND_MARK.exec(c.text);
      if (!m || !parse(c.text)?.marker) continue;
      const k = foldWord(m[2]!);
      out.set(k, (out.get(k) ?? 0) + 1);
    }
  }
  return out;
}

/**
 * A figure whose debit/credit mark OCR misread by one glyph ("2 423.90 OR" for "DR", "C8" for
 * "CR": composed 647 faxed, whose such cells were no figure and their rows lost): the figure
 * with the mark it misreads, when that is exactly one of the marks the document's figures print
 * cleanly on `MIN_CLEAN` figures or more. Null otherwise. The caller flags the row.
 */
export function misreadMarkFigure(text: string, marks: ReadonlyMap<string, number>, parse: (text: string) => Money | null): Money | null {
  const m = FIGURE_AND_MARK.exec(text.trim());
  if (!m) return null;
  const names = [...marks].filter(([, n]) => n >= MIN_CLEAN).map(([k]) => [k, k] as const);
  const mark = names.length ? misreadOf(m[2]!, names) : null;
  return mark ? parse(`${m[1]} ${mark.toUpperCase()}`) : null;
}

/**
 * Rows (oldest first) whose figure's mark was read from a misreading (`misreadMarkFigure`) take
 * the other mark where their running balance, and the one before it, say the other side ("OR"
 * is "DR" by one glyph, printed "CR": composed 626 faxed).
 */
export function markSideByBalance(rows: (FlaggedRow & { debit?: Money; credit?: Money })[], opening: Cents | null): void {
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const m = r.amount ?? r.debit ?? r.credit;
    if (!r.flagMisread || !m?.marker || !r.balance) continue;
    const before = i > 0 ? rows[i - 1]!.balance?.cents ?? null : opening;
    if (before === null) continue;
    const move = r.balance.cents - before;
    if (Math.abs(move) !== Math.abs(m.cents) || Math.sign(move) === (m.marker === 'CR' ? 1 : -1)) continue;
    const flipped: Money = { cents: -m.cents, explicit: m.explicit, marker: m.marker === 'CR' ? 'DR' : 'CR' };
    if (r.amount) r.amount = flipped; else if (r.debit) r.debit = flipped; else r.credit = flipped;
  }
}
