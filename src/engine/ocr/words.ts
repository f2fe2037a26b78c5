import type { PageText, TextItem } from '../pdf/extract.js';
import type { OcrWord } from './tesseract.js';

/**
 * Font size per point of ascent (baseline to the top of capitals and tall letters): about 0.72
 * of the font size in the sans-serif faces of statements. The reader's space and cell gaps are
 * fractions of this size, so an overestimate runs words together ("ELECTRONICWITHDRAWALS").
 */
const SIZE_PER_ASCENT = 1 / 0.72;

/** The font name OCR items carry (never bold: the reader's bold cues are a text layer's). */
export const OCR_FONT = 'OCR';

/**
 * Marks an OCR engine reads at the edge of a number or date from things that are not the print:
 * a table rule beside the cell ("|", "¦"), a speck or fold ("»", "«", quotes). A word that is a
 * number or date with them ("08/02»", "|1,240.00") loses them, so the reader sees the date that
 * starts its row; words of letters keep theirs.
 */
const EDGE_MARKS = /^[|¦»«‘’“”"'`_]+|[|¦»«‘’“”"'`_]+$/g;
export function withoutEdgeMarks(text: string): string {
  const core = text.replace(EDGE_MARKS, '');
  return core && /^[-+(€$£]?\d/.test(core) && /[\d)]$|\d[-+]$|\d\s?(?:CR|DR)$/i.test(core) ? core : text;
}

/**
 * Words read from a page image as the text extractor's items, in PDF points from the page's
 * top-left: the geometric reader then reads an OCR page exactly as a text page. `ptPerPx` is
 * the size of one image pixel in points.
 */
export function pageFromWords(page: number, words: OcrWord[], ptPerPx: number, widthPt: number, heightPt: number): PageText {
  const items: TextItem[] = [];
  for (const w of words) {
    items.push({
      str: withoutEdgeMarks(w.text), x: w.x0 * ptPerPx, y: w.baseline * ptPerPx, w: (w.x1 - w.x0) * ptPerPx,
      size: Math.max(1, w.ascent * ptPerPx * SIZE_PER_ASCENT), font: OCR_FONT, conf: Math.round(w.conf),
    });
  }
  return { page, width: widthPt, height: heightPt, items };
}
