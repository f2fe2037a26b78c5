/**
 * A figure whose decimal mark a blurred scan lost: a shaken or defocused page's comma or point is
 * a few pixels of ink under a smear of ten, and OCR reads the digits on either side as one number
 * ("3400€" for "34,00 €", "475255" for "4.752,55", "775291 -" for "7.752,91-", "14264 54€" for
 * "14.264,54 €": composed 2102, 2103 and 2119 shaken 7 px, one row in six of a page). Read as it
 * stands it is no money, or, under a money column, a whole figure in units a hundred times too
 * large, and the row was lost or wrong. A document that prints its figures with cents prints
 * every figure so: its last two digits are the cents, whatever marks the whole part lost.
 * So is one whose currency mark after it blur doubled or gave a stray point ("56,46.€", "0,00€€"),
 * and one whose groups kept their marks while the decimal mark went ("3 32375" for "3 323,75",
 * "5 23216 $", "14 04458": composed 2105, 2111, 2113 and 2119 shaken, 2105 defocused; the last
 * group's five digits are a group's three and the cents).
 * The figure so read matches no word of the page, so ../ocr/confidence.ts flags it (never
 * trusted silently); only a scan's words of a document printing decimal figures are read so,
 * under a money column (the caller says).
 */
const LOST_MARK = /^([-(]?)\s?(?:[$€£]\s?)?(\d{1,3}(?:[ .,'’]\d{3})+(?=\d{2}\b)|\d{1,7})( ?)(\d{2})(?:\s?[.$€£]){0,3}\s?([-)]?)$/;

/**
 * A figure with its cents whose currency mark after it blur doubled or gave a point before it
 * ("56,46.€", "0,00€€", "197.242,80.€": composed 2103 shaken): the figure with one mark.
 */
const STRAY_MARKS = /^([-(]?\s?\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2})\s?[.,]?\s?([$€£])\2?\s?([-)]?)$/;

export function lostDecimalMarkFigure(text: string): string | null {
  const stray = STRAY_MARKS.exec(text.trim());
  if (stray) return `${stray[1]} ${stray[2]}${stray[1]!.startsWith('(') && !stray[3] ? ')' : stray[3]}`;
  const m = LOST_MARK.exec(text.trim());
  // Three digits at least (two alone are a day, a count) and the mark's place kept by a space or
  // by digits on both sides.
  if (!m || m[2]!.length + 2 < 3) return null;
  const open = m[1] === '(', close = m[5] === ')';
  if (open !== close && !(open && !m[5])) return null;
  return `${m[1]}${m[2]}.${m[4]}${open ? ')' : m[5]}`;
}
