/**
 * A figure in parentheses whose closing parenthesis OCR lost with the currency mark printed
 * after it ("(165,97" for "(165,97 €)": Times 9 pt photographed, composed scan 1304, every debit
 * of the page so; the engine returned nothing for "€)"): not money as read, so every debit row
 * was lost and the credits' signs were left unsettled (F1 0). Accounting print never opens a
 * figure without closing it: the figure closed, when nothing after it on its line closes it.
 * The figure so read matches no word of the page, so ../ocr/confidence.ts flags it (never
 * trusted silently); only a scan's words are read so (the caller says).
 */
const OPENED_FIGURE = /^\(\s?[$€£]?\s?\d{1,3}(?:[.,' ]?\d{3})*[.,]\d{2}$/;

export function closedParenFigure(text: string, closedLater: boolean): string | null {
  const t = text.trim();
  return !closedLater && OPENED_FIGURE.test(t) ? `${t})` : null;
}
