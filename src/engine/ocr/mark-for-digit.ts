/**
 * A figure whose first glyph reads as a currency mark where its column prints none: the mark is
 * a digit misread (data/ocr-confusables.ts OCR_MARKS_FOR_DIGITS; "$21.42" for "521.42" read at
 * 88 on a fax, the page's other figures in that column printed bare). Which digit it was is not
 * known, so the figure is not changed: it is read unsure, and the balances judge it
 * (./balance-oracle.ts takes a figure one digit short when they imply it).
 */
import type { TextItem } from '../pdf/text-item.js';
import { OCR_MARKS_FOR_DIGITS } from '../data/ocr-confusables.js';

const escaped = OCR_MARKS_FOR_DIGITS.map((m) => m.replace(/[$]/g, '\\$')).join('');
/** A figure with cents whose first glyph is one of the marks, glued to its digits. */
const MARKED = new RegExp(`^[-(]?[${escaped}]\\d[\\d.,' ]*[.,]\\d{2}[)-]?$`);
/** A figure with cents, marked or not. */
const FIGURE = /\d[.,]\d{2}(?:\D{0,3})$/;
/** A column's figures that tell it prints no mark: at least this many besides the one judged. */
const MIN_COLUMN = 4;

/**
 * Whether `items[i]` is such a figure: marked, and of the other figures whose right edges line
 * up with its own (within half its type size) at least MIN_COLUMN print, and none of them with a mark.
 */
export function markReadForDigit(items: readonly TextItem[], i: number): boolean {
  const it = items[i]!;
  if (!MARKED.test(it.str)) return false;
  const right = it.x + it.w;
  const column = items.filter((x, j) => j !== i && FIGURE.test(x.str) && Math.abs(x.x + x.w - right) <= it.size * 0.5);
  return column.length >= MIN_COLUMN && !column.some((x) => /[$€£¥§]/.test(x.str) || MARKED.test(x.str));
}
