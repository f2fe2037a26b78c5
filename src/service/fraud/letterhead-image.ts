import { imageText, type Box } from '../../engine/ocr/image-text.js';
import { DEFAULT_OCR_LIMITS, type OcrLimits } from '../../engine/ocr/limits.js';
import type { PageText } from '../../engine/pdf/extract.js';
import { openPdf } from '../../engine/pdf/open-pdf.js';
import { imagePlacements, openFast } from '../../engine/pdf/fast/index.js';
import { inflateBudget } from '../../engine/pdf/inflate.js';
import { DEFAULT_LIMITS } from '../../engine/limits.js';
import { bankOfMark, type Letterhead } from './letterhead.js';
import { latin1Of } from './pdf-structure.js';
import { FRAUD_THRESHOLDS as T } from './reasons.js';

/**
 * Whether the file holds an image object at all. An image XObject is a stream, and streams are
 * never packed in object streams, so its `/Subtype /Image` is in the file's bytes as written:
 * a file without one is not opened again (opening it and listing page 1's operators costs ~40
 * CPU ms). Inline images (BI … EI inside a content stream) are not seen by this test.
 */
export const mayHoldImages = (raw: string) => /\/Subtype\s*\/Image\b/.test(raw);

/** Images of the top band a logo may be: mostly inside the band, large enough to hold letters, no taller than the band (a page background is not a logo). */
function logoSized(box: Box, page: { width: number; height: number }): boolean {
  const band = page.height * T.letterheadTopShare;
  const [, y, w, h] = box;
  const inside = Math.max(0, Math.min(y + h, band) - y);
  return w >= T.letterheadImageMinWidth && h >= T.letterheadImageMinHeight && h <= band && inside >= h * T.letterheadImageInBand;
}

/**
 * logoSized with a point's margin on every bound: the fast reader's placements are computed as
 * pdf.js's are, but a box on a threshold must not be refused for a rounding difference.
 */
function nearLogoSized(box: Box, page: { width: number; height: number }): boolean {
  const band = page.height * T.letterheadTopShare + 1;
  const [, y, w, h] = box;
  const inside = Math.max(0, Math.min(y + h, band) - y);
  return w >= T.letterheadImageMinWidth - 1 && h >= T.letterheadImageMinHeight - 1 && h <= band && inside >= h * T.letterheadImageInBand - 1;
}

/**
 * Whether page `n` may paint a logo-sized image, read without pdf.js (../../engine/pdf/fast/images.ts):
 * false only when the fast parser follows the page and none of its images is near logo size.
 * pdf.js's operator list of the page (every font loaded, every image decoded: ~60–400 ms of CPU
 * on real statements) is then not built for nothing; any doubt leaves the question to it.
 */
function mayPaintLogo(bytes: Uint8Array, n: number): boolean {
  let placed;
  try {
    placed = imagePlacements(openFast(bytes, inflateBudget(DEFAULT_LIMITS)), n);
  } catch {
    return true;
  }
  return !placed || placed.boxes.some((b) => nearLogoSized(b, placed.page));
}

const centreIn = (w: Box, b: Box) => {
  const cx = w[0] + w[2] / 2, cy = w[1] + w[3] / 2;
  return cx >= b[0] && cx <= b[0] + b[2] && cy >= b[1] && cy <= b[1] + b[3];
};

/**
 * The letterhead of the first page when its logo is a picture: real statements print their
 * logo as an image, which the text letterheads (./letterhead.ts) cannot see. Read only when
 * the first page has no text letterhead naming a bank and an image lies in its top band: the
 * images' rectangle is rendered and read by OCR once per document (the OCR limits bound its
 * pixels and time). An image's words read with enough confidence must be mostly one bank's mark
 * (the rule of text letterheads); a logo OCR cannot read, or reads as no mark, names no bank.
 * Later pages repeat the first page's logo as a rule and are not read: each would cost a render
 * and a recognition. A logo drawn as an inline image is not seen (see mayHoldImages). `raw`: the
 * bytes as latin1, when the caller has them.
 */
export async function imageLetterhead(bytes: Uint8Array, pages: PageText[], heads: Letterhead[], limits: OcrLimits = DEFAULT_OCR_LIMITS, raw?: string): Promise<Letterhead | null> {
  const first = pages[0];
  if (!first || heads.some((h) => h.page === first.page) || !mayHoldImages(raw ?? latin1Of(bytes))) return null;
  if (!mayPaintLogo(bytes, first.page)) return null;
  const pdf = await openPdf(bytes);
  try {
    if (first.page < 1 || first.page > pdf.numPages) return null;
    const { images, words } = await imageText(pdf, first.page, logoSized, limits);
    for (const box of images) {
      const text = words.filter((w) => w.conf >= T.letterheadOcrMinConf && centreIn(w.box, box)).map((w) => w.text).join(' ');
      const hit = bankOfMark(text);
      if (hit) return { page: first.page, text, bank: hit.bank, box, fromImage: true };
    }
    return null;
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}
