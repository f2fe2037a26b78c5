/**
 * A figure in parentheses whose closing parenthesis OCR lost with the currency mark printed
 * after it ("(165,97" for "(165,97 €)": Times 9 pt photographed, composed scan 1304, every debit
 * of the page so; the engine returned nothing for "€)"): not money as read, so every debit row
 * was lost and the credits' signs were left unsettled (F1 0). Accounting print never opens a
 * figure without closing it: the figure closed.
 * The figure so read matches no word of the page, so ../ocr/confidence.ts flags it (never
 * trusted silently); only a scan's words are read so (the caller says).
 */
const OPENED_FIGURE = /^(\(\s?[$€£]?\s?\d{1,3}(?:[.,' ]?\d{3})*[.,]\d{2})(?:\s(\S{1,3}))?$/;

export function closedParenFigure(text: string): string | null {
  const m = OPENED_FIGURE.exec(text.trim());
  // What follows the cents, a word's space on, is the mark and the parenthesis misread ("5S)",
  // "9", "<3)" for "€)": composed 1304 flatbed at 300 dpi): no digit of the figure, which ends
  // with its cents; never letters that could be a word.
  if (!m || (m[2] && /\p{L}{2}/u.test(m[2]) && !/\)$/.test(m[2]))) return null;
  return `${m[1]})`;
}
