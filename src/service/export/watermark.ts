import {
  PDFDocument, PDFName, PDFString, StandardFonts, degrees, rgb, type PDFFont, type PDFImage, type PDFPage,
} from 'pdf-lib';
import type { ZipOptions } from './types.js';

/** What is drawn on every page of one file. `idText` is already unique for this copy. */
export interface PageMarks {
  text?: string;
  idText?: string;
  url?: string;
  logo?: ZipOptions['watermarkLogo'];
}

/** A point or angle on the page as the reader sees it (after /Rotate), mapped to user space. */
interface PageFrame {
  width: number;   // visual width in points
  height: number;  // visual height
  rotation: number;
  toUser(x: number, y: number): { x: number; y: number };
}

function frameOf(page: PDFPage): PageFrame {
  const box = page.getMediaBox();
  const rotation = ((page.getRotation().angle % 360) + 360) % 360;
  const W = box.width, H = box.height, x0 = box.x, y0 = box.y;
  const swap = rotation === 90 || rotation === 270;
  const map: Record<number, (x: number, y: number) => { x: number; y: number }> = {
    0: (x, y) => ({ x: x0 + x, y: y0 + y }),
    90: (x, y) => ({ x: x0 + W - y, y: y0 + x }),
    180: (x, y) => ({ x: x0 + W - x, y: y0 + H - y }),
    270: (x, y) => ({ x: x0 + y, y: y0 + H - x }),
  };
  return { width: swap ? H : W, height: swap ? W : H, rotation, toUser: map[rotation] ?? map[0]! };
}

/** Standard fonts only encode WinAnsi: anything else becomes '?' rather than failing the export. */
function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text].map((ch) => (supported.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

function addLink(doc: PDFDocument, page: PDFPage, rect: [number, number, number, number], url: string): void {
  const annot = doc.context.obj({
    Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
  });
  const ref = doc.context.register(annot);
  const annots = page.node.Annots();
  if (annots) annots.push(ref);
  else page.node.set(PDFName.of('Annots'), doc.context.obj([ref]));
}

/** The visual rectangle (x, y, w, h) mapped to a user-space [llx, lly, urx, ury]. */
function userRect(frame: PageFrame, x: number, y: number, w: number, h: number): [number, number, number, number] {
  const a = frame.toUser(x, y), b = frame.toUser(x + w, y + h);
  return [Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y)];
}

/** Adds the clickable URL annotation only (used again after flattening, which drops annotations). */
export function addUrlLink(doc: PDFDocument, page: PDFPage, url: string, font: PDFFont): void {
  const frame = frameOf(page);
  const size = 8;
  const shown = encodable(font, url);
  const w = font.widthOfTextAtSize(shown, size);
  addLink(doc, page, userRect(frame, frame.width - 18 - w, 10, w, size + 4), url);
}

export interface MarkResources { bold: PDFFont; regular: PDFFont; logo?: PDFImage }

export async function embedResources(doc: PDFDocument, marks: PageMarks): Promise<MarkResources> {
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  let logo: PDFImage | undefined;
  if (marks.logo) logo = marks.logo.mime === 'image/png' ? await doc.embedPng(marks.logo.bytes) : await doc.embedJpg(marks.logo.bytes);
  return { bold, regular, logo };
}

/**
 * Draws the marks on one page, in the reader's orientation whatever the page's size and
 * /Rotate: the text large, diagonal (bottom-left to top-right), translucent and centred,
 * fitted to the page's diagonal; the ID text small at the bottom left; the URL as a short
 * line at the bottom right with a link annotation; the logo translucent at the top right.
 */
export function markPage(doc: PDFDocument, page: PDFPage, marks: PageMarks, res: MarkResources): void {
  const f = frameOf(page);
  const r = f.rotation;
  if (marks.text) {
    const text = encodable(res.bold, marks.text);
    const theta = Math.atan2(f.height, f.width);
    const diag = Math.hypot(f.width, f.height);
    const unitWidth = res.bold.widthOfTextAtSize(text, 1) || 1;
    const size = Math.min((0.75 * diag) / unitWidth, 0.22 * Math.min(f.width, f.height));
    const w = unitWidth * size, capHeight = 0.72 * size;
    const cx = f.width / 2, cy = f.height / 2;
    const x = cx - (w / 2) * Math.cos(theta) + (capHeight / 2) * Math.sin(theta);
    const y = cy - (w / 2) * Math.sin(theta) - (capHeight / 2) * Math.cos(theta);
    const p = f.toUser(x, y);
    page.drawText(text, {
      x: p.x, y: p.y, size, font: res.bold, color: rgb(0.55, 0.55, 0.6), opacity: 0.22,
      rotate: degrees((theta * 180) / Math.PI + r),
    });
  }
  if (marks.idText) {
    const p = f.toUser(18, 10);
    page.drawText(encodable(res.regular, marks.idText), { x: p.x, y: p.y, size: 7, font: res.regular, color: rgb(0.3, 0.3, 0.3), opacity: 0.9, rotate: degrees(r) });
  }
  if (marks.url) {
    const shown = encodable(res.regular, marks.url);
    const size = 8;
    const w = res.regular.widthOfTextAtSize(shown, size);
    const p = f.toUser(f.width - 18 - w, 12);
    page.drawText(shown, { x: p.x, y: p.y, size, font: res.regular, color: rgb(0.1, 0.25, 0.7), rotate: degrees(r) });
    addLink(doc, page, userRect(f, f.width - 18 - w, 10, w, size + 4), marks.url);
  }
  if (res.logo) {
    const side = 0.12 * Math.min(f.width, f.height);
    const scale = side / Math.max(res.logo.width, res.logo.height);
    const w = res.logo.width * scale, h = res.logo.height * scale;
    const p = f.toUser(f.width - 18 - w, f.height - 18 - h);
    page.drawImage(res.logo, { x: p.x, y: p.y, width: w, height: h, opacity: 0.35, rotate: degrees(r) });
  }
}

/** Loads a PDF and marks every page. Throws a clear Error for encrypted or unreadable files. */
export async function watermarkPdf(bytes: Uint8Array, marks: PageMarks): Promise<{ doc: PDFDocument; pages: number }> {
  let doc: PDFDocument;
  let pages: PDFPage[];
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
    pages = doc.getPages();
  } catch (err) {
    const msg = (err as Error).message ?? '';
    if (/encrypt/i.test(msg) || (err as Error).name === 'EncryptedPDFError') throw new Error('the PDF is encrypted (password-protected); it cannot be watermarked');
    throw new Error(`the PDF cannot be read (${msg.split('\n')[0]!.slice(0, 120)})`);
  }
  if (pages.length === 0) throw new Error('the PDF has no pages');
  if (marks.text || marks.idText || marks.url || marks.logo) {
    const res = await embedResources(doc, marks);
    for (const page of pages) markPage(doc, page, marks, res);
  }
  return { doc, pages: pages.length };
}
