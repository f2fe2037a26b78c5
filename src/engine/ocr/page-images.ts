/**
 * Page images kept after their reading, so cells that the read document shows to be wrong can be
 * read again from the pixels (./cell-reread.ts). A cleaned 300-dpi letter page is ~8.4 MB of
 * grey: a document keeps at most MAX_KEPT_PAGES of them (its first pages read), for the length
 * of its conversion only (the memo of its passes holds them).
 */
import type { Gray } from './clean.js';

/** A page's image as its words were read (turned, cleaned), and the points per pixel its words were placed by. */
export interface PageImage { image: Gray; ptPerPx: number }

/** Pages of one document whose image is kept: past this a long scan's later pages are not read again cell by cell. */
export const MAX_KEPT_PAGES = 8;

/**
 * Keeps `image` for `page` unless one is kept already (a later pass reads the same sheet: rules
 * erased, a fax thresholded locally; its cells lie where they lay) or MAX_KEPT_PAGES are.
 */
export function keepPageImage(images: Map<number, PageImage>, page: number, image: Gray, ptPerPx: number): void {
  if (images.has(page) || images.size >= MAX_KEPT_PAGES) return;
  images.set(page, { image, ptPerPx });
}
