/**
 * Bounds of one file's OCR run. A scan is read at ~300 dpi; a page above the pixel cap is read
 * at a lower resolution instead (an A3 page at 300 dpi is ~17 MP); an image upload larger than
 * the decode cap is refused before its pixels are held. Page count and per-page time are caps
 * with a clear error, so one upload cannot hold a conversion thread for hours.
 */
export interface OcrLimits {
  /** Pages read by OCR in one file. */
  maxPages: number;
  /** Pixels of one page image given to the OCR engine (the render resolution drops to fit). */
  maxPagePixels: number;
  /** Pixels of an uploaded image, decoded (refused above). */
  maxImagePixels: number;
  /** Time for one page's recognition, in milliseconds. */
  pageTimeoutMs: number;
  /** Pages recognised at the same time within one conversion. */
  parallelPages: number;
}

export const OCR_DPI = 300;

export const DEFAULT_OCR_LIMITS: OcrLimits = {
  maxPages: 50,
  maxPagePixels: 24_000_000,
  maxImagePixels: 100_000_000,
  pageTimeoutMs: 120_000,
  parallelPages: 2,
};

/** Word confidence (0–100) under which an amount counts as read with low confidence. */
export const LOW_CONFIDENCE = 80;

/**
 * Word confidence (0–100) from which an amount counts as read surely (no re-read was asked for:
 * tesseract.ts CHECK_BELOW_CONF): the balance oracle does not change it to meet the balances.
 */
export const SURE_CONFIDENCE = 90;

/**
 * The text an OCR page gives a date cell with print that no reading takes (ink under a date
 * column where the page reading found no word, and a strip read again found no date): the
 * reader flags the row's date as unread rather than give it the date above (./column-cells.ts,
 * pdf/rows.ts). U+FFFD, the character for one that could not be read.
 */
export const UNREAD_MARK = '\uFFFD';
