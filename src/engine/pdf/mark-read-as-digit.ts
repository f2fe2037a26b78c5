/**
 * A currency mark printed after a figure, read by OCR as one more digit: a defocused or shaken
 * scan of figures printed "3 431,00 $" reads "3 431,008", "19 623,373", "640.108" (composed
 * 2113: one figure in three; data/ocr-confusables.ts `OCR_DIGITS_FOR_MARKS`). Read as it stands
 * such a cell is no money (three digits after the decimal mark) and its row was lost. In a
 * document that prints cents and prints that mark after its figures (`MIN_MARKED` figures and
 * most of those with cents read cleanly), no figure has a third digit after its cents: the
 * digit is the mark. Only a scan's words (the caller says), under a money column; the figure so
 * read is the one the cell prints, and ../ocr/confidence.ts weighs it against the page's words
 * as any other (a figure no word prints is flagged).
 */
import { OCR_DIGITS_FOR_MARKS } from '../data/ocr-confusables.js';

/** Figures read cleanly with the mark after them, at least, for it to be the document's. */
const MIN_MARKED = 3;

/** A figure with its cents and a mark after them, a space between or none. */
const CLEAN_MARKED = /\d[.,]\d{2}\s?([$€£])$/;
/** A figure with its cents and no mark after them. */
const CLEAN_BARE = /\d[.,]\d{2}$/;

/**
 * The currency mark a document's figures print after their cents, where most of its figures read
 * with cents print one (`MIN_MARKED` at least) and OCR is known to read it as a digit; else null.
 */
export function markPrintedAfterFigures(lines: readonly { cells: readonly { text: string }[] }[]): string | null {
  const marked = new Map<string, number>();
  let bare = 0;
  for (const l of lines) {
    for (const c of l.cells) {
      const t = c.text.trim();
      const m = CLEAN_MARKED.exec(t);
      if (m) marked.set(m[1]!, (marked.get(m[1]!) ?? 0) + 1);
      else if (CLEAN_BARE.test(t)) bare++;
    }
  }
  let best: string | null = null, n = 0;
  for (const [mark, k] of marked) if (k > n) { best = mark; n = k; }
  return best && n >= MIN_MARKED && n > bare && OCR_DIGITS_FOR_MARKS[best] ? best : null;
}

/**
 * `text` as the figure it prints, where it is a figure with its cents, one digit OCR reads for
 * `mark` after them and perhaps the mark itself ("3 431,008", "3 431,008$"): the figure with its
 * mark ("3 431,00 $"). Null for any other text.
 */
export function figureWithMarkRead(text: string, mark: string): string | null {
  const digits = OCR_DIGITS_FOR_MARKS[mark];
  if (!digits) return null;
  const m = /^([-(]?\s?(?:\d{1,3}(?:[ .,'’]\d{3})*|\d{4,7})[.,]\d{2})(\d)\s?([^\s\d)-]?)\s?([-)]?)$/.exec(text.trim());
  if (!m || !digits.includes(m[2]!) || (m[3] && m[3] !== mark)) return null;
  return `${m[1]} ${mark}${m[4]}`;
}
