/**
 * A figure whose decimal point OCR read as a colon or semicolon ("-289:46" for "-289.46", Courier
 * at 200 dpi, composed scan 755; "4,615:06", "681:84-" on faxes; "407;61" a balance): not money
 * as read, so its row was lost or its balance went to the description. Read with the document's
 * decimal mark when the whole part cannot be a day, month or hour (three digits or more, digits
 * in groups, or a sign or currency mark before it): "11:20" and "03:26" stay what they are. The
 * figure so read matches no word of the page, so ../ocr/confidence.ts flags it (never trusted
 * silently); only a scan's words are read so (the caller says).
 */
const COLON_DECIMAL = /^([-(]?\s?[$€£]?\s?)(\d{1,3}(?:[.,' ]\d{3})+|\d{3,})[:;](\d{2}\)?-?)$/;
const SIGNED_SHORT = /^([-(]\s?[$€£]?\s?|[$€£]\s?)(\d{1,2})[:;](\d{2}\)?-?)$/;

export function misreadDecimalMark(text: string, decimalComma: boolean): string | null {
  const t = text.trim();
  const m = COLON_DECIMAL.exec(t) ?? SIGNED_SHORT.exec(t);
  return m ? `${m[1]}${m[2]}${decimalComma ? ',' : '.'}${m[3]}` : null;
}
