import type { PdfText } from './extract.js';

/**
 * On a photographed sheet squared to the page (../ocr/perspective.ts), the sheet's own edge
 * against the table or the room stays a dark line at the page's rim, and OCR reads it as "|"
 * beside every line it passes (composed 1309 photographed in a dark room: "|" at 0-2 pt before
 * "13-Juni-2025 FORWARD FIN ACH PMT"): the row's first cell was then no date, and the row took
 * the next row's date. No printer inks the outer 1.5 % of a sheet (about 9 pt of a letter
 * page's width): a stroke read there is the edge, not print, and is left out of an OCR page.
 */
const RIM = 0.015;
const STROKE = /^[|¦]+$/;

export function withoutSheetEdges(text: PdfText): PdfText {
  const ocr = new Set(text.info.ocrPages ?? []);
  if (!ocr.size) return text;
  let changed = false;
  const pages = text.pages.map((p) => {
    if (!ocr.has(p.page)) return p;
    const rim = p.width * RIM;
    const items = p.items.filter((it) => !(STROKE.test(it.str.trim()) && (it.x + it.w <= rim || it.x >= p.width - rim)));
    if (items.length === p.items.length) return p;
    changed = true;
    return { ...p, items };
  });
  return changed ? { ...text, pages } : text;
}
