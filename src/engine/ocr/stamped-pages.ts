/**
 * Scanned pages with a little real text drawn over them: a lender's portal or a document system
 * stamps "Received 11/02/2024", a Bates number or "Page 2 of 5" on each page, a fax service
 * prints its header line, a merge tool adds a footer. The page then has a text layer, but the
 * statement is in the picture: read from its text alone it holds nothing, and a whole scanned
 * statement read so gave "no statement found". Such a page is read by OCR as a page without text
 * is. A text page drawn over a full-page background (a letterhead image) has many lines of its
 * own and is never taken for one.
 */
import type { PageText } from '../pdf/extract.js';
import { mayHoldPageImages, ocrLayerPages } from './ocr-layer.js';

/** At most this many lines of text over the picture: a stamp, a header and a footer. */
export const MAX_STAMP_LINES = 3;
/** … and this many characters in all (a fax header line is ~100). */
export const MAX_STAMP_CHARS = 300;

/** Whether a page's text is a few short lines at most (and some). */
export function fewTextLines(page: PageText): boolean {
  if (!page.items.length) return false;
  let chars = 0;
  const baselines: number[] = [];
  for (const item of page.items) {
    chars += item.str.length;
    if (chars > MAX_STAMP_CHARS) return false;
    // Items on one line share a baseline within a third of their size.
    if (!baselines.some((y) => Math.abs(y - item.y) <= Math.max(1, item.size / 3))) {
      baselines.push(item.y);
      if (baselines.length > MAX_STAMP_LINES) return false;
    }
  }
  return true;
}

/**
 * Of a PDF's pages, those (1-based) that are a full-page picture with a few lines of text
 * over it. Cheap when there are none: no page has so little text, or the file holds no image.
 */
export async function stampedPicturePages(bytes: Uint8Array, pages: PageText[]): Promise<number[]> {
  const few = pages.filter(fewTextLines).map((p) => p.page);
  if (!few.length || !mayHoldPageImages(bytes)) return [];
  return ocrLayerPages(bytes, few, 'picture');
}
