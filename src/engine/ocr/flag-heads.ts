import { TYPE_SIGN_WORDS } from '../data/labels.js';

const CREDIT_WORDS = new Set(TYPE_SIGN_WORDS.credit), DEBIT_WORDS = new Set(TYPE_SIGN_WORDS.debit);
/** What a scan reads a slash between two short words as: the stroke it looks like. */
const SLASH_LOOKALIKE = /[/|Il1!\\]/;

/**
 * A debit/credit column's head read whole, as the debit and credit words it joins with its
 * slash ("D/C" → "D/C"; "DIC", "D|C", "SIH": the slash read as the stroke it looks like, "CrIDr"
 * → "Cr/Dr"), or null when the word is no such head. A head read so was no column for the reader
 * (the letters under it then lay "beside the table" and were left out, composed scan 322: every
 * sign unsettled) and no head for the marks under it (./column-cells.ts).
 */
export function flagHeadOf(text: string): string | null {
  if (text.length > 7) return null;
  for (let i = 1; i + 1 < text.length; i++) {
    if (!SLASH_LOOKALIKE.test(text[i]!)) continue;
    const a = text.slice(0, i), b = text.slice(i + 1);
    if (!/^[A-Za-z]{1,3}$/.test(a) || !/^[A-Za-z]{1,3}$/.test(b)) continue;
    const la = a.toLowerCase(), lb = b.toLowerCase();
    if ((CREDIT_WORDS.has(la) && DEBIT_WORDS.has(lb)) || (DEBIT_WORDS.has(la) && CREDIT_WORDS.has(lb))) return `${a}/${b}`;
  }
  return null;
}

/** A debit/credit column's head read whole ("D/C", "Cr/Dr", "S/H", "Af/Bij"; "DIC" its slash misread). */
export function isFlagHead(text: string): boolean {
  return flagHeadOf(text) !== null;
}
