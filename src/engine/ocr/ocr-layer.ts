/**
 * Pages whose text layer is another program's OCR: a picture of the whole page with the
 * recognised words laid over it as invisible text (render mode 3), as scanner software and
 * Acrobat's "searchable image" write them, or drawn in the fonts Acrobat's "editable text"
 * synthesises for what it recognised (base font names starting with "*", "/*Arial-8825-Identity-H"). Such a layer is only as good as that program's
 * reading (a credit union statement's layer had "Your  revious balance as of04104/2022" and
 * "...:...1.Jl!.33"), so when it reads into a statement that does not hold together, the
 * engine reads the pictures itself and keeps whichever reading holds together better
 * (./ocr-layer-choice.ts).
 */
import type { PDFDocument, PDFObject } from 'pdf-lib';

/** Content read per page: an OCR layer of a dense page is ~100 KB; past this the page is not judged. */
const MAX_CONTENT_BYTES = 4_000_000;
/** The picture must cover this share of the page (both sides) to be "the page". */
const FULL_PAGE = 0.8;

type Matrix = [number, number, number, number, number, number];
const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
];

/**
 * What a content stream does that matters here: the images it paints (name and matrix), the
 * text it shows, and how much of that is visible in a font that is not an OCR program's
 * (`ocrFont`, by resource name). Strings and inline images are skipped, not parsed; nesting is followed for q/Q only.
 */
export function scanLayer(content: string, ocrFont: (resourceName: string) => boolean = () => false): { images: { name: string; matrix: Matrix }[]; shown: number; visibleShown: number } {
  const images: { name: string; matrix: Matrix }[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let mode = 0, shown = 0, visibleShown = 0, font = '';
  let nums: number[] = [];
  let name: string | null = null;
  // Tokens: strings (skipped whole, nested parentheses and escapes), hex strings, names, numbers, operators.
  const re = /\bBI\b[\s\S]*?\bEI\b|\((?:\\[\s\S]|[^\\()]|\((?:\\[\s\S]|[^\\()])*\))*\)|<[0-9A-Fa-f\s]*>|\/[^\s/[\]()<>{}%]+|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*]+\d?|%[^\r\n]*|[[\]<>{}]/g;
  for (const m of content.matchAll(re)) {
    const t = m[0];
    const c = t.charCodeAt(0);
    if (c === 0x28 || (c === 0x3c && t.length > 1) || c === 0x25 || t === '[' || t === ']' || t.startsWith('BI')) continue;
    if (c === 0x2f) { name = t.slice(1); continue; }
    if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e) { nums.push(Number(t)); continue; }
    const args = nums, arg = name;
    nums = []; name = null;
    switch (t) {
      case 'q': stack.push(ctm); break;
      case 'Q': ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0]; break;
      case 'cm': if (args.length === 6) ctm = mul(args as Matrix, ctm); break;
      case 'Tr': if (args.length === 1) mode = args[0]!; break;
      case 'Tf': if (arg) font = arg; break;
      case 'Tj': case 'TJ': case "'": case '"':
        shown++;
        if (mode !== 3 && mode !== 7 && !ocrFont(font)) visibleShown++;
        break;
      case 'Do': if (arg) images.push({ name: arg, matrix: ctm }); break;
      default: break;
    }
  }
  return { images, shown, visibleShown };
}

/**
 * Of `pages` (1-based), those that are a full-page picture under invisible text only. Pages
 * pdf-lib cannot read, encrypted files and pages past the content bound are left out.
 */
export async function ocrLayerPages(bytes: Uint8Array, pages: number[]): Promise<number[]> {
  const lib = await import('pdf-lib');
  let doc: PDFDocument;
  try {
    doc = await lib.PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return [];
  }
  if (doc.isEncrypted) return [];
  const { PDFName, PDFArray, PDFRawStream, PDFDict, decodePDFRawStream } = lib;
  const out: number[] = [];
  for (const n of pages) {
    try {
      const page = doc.getPage(n - 1);
      const { width, height } = page.getSize();
      const contents = page.node.Contents();
      const streams: (PDFObject | undefined)[] = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
      let text = '';
      for (const s of streams) {
        if (!(s instanceof PDFRawStream)) continue;
        text += Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') + '\n';
        if (text.length > MAX_CONTENT_BYTES) break;
      }
      if (!text || text.length > MAX_CONTENT_BYTES) continue;
      const fonts = page.node.Resources()?.lookup(PDFName.of('Font'));
      const ocrFont = (res: string) => {
        const f = fonts instanceof PDFDict ? fonts.lookup(PDFName.of(res)) : undefined;
        return f instanceof PDFDict && /^\/\*/.test(f.lookup(PDFName.of('BaseFont'))?.toString() ?? '');
      };
      const layer = scanLayer(text, ocrFont);
      if (!layer.shown || layer.visibleShown) continue;
      const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'));
      const full = layer.images.some(({ name, matrix }) => {
        const img = xobjects instanceof PDFDict ? xobjects.lookup(PDFName.of(name)) : undefined;
        if (!(img instanceof PDFRawStream) || img.dict.lookup(PDFName.of('Subtype'))?.toString() !== '/Image') return false;
        // The unit square under the matrix: its extent on the page (a turn of 90° swaps the sides).
        const w = Math.abs(matrix[0]) + Math.abs(matrix[2]), h = Math.abs(matrix[1]) + Math.abs(matrix[3]);
        return w >= width * FULL_PAGE && h >= height * FULL_PAGE;
      });
      if (full) out.push(n);
    } catch {
      // A page pdf-lib cannot follow is not judged: its text layer stands.
    }
  }
  return out;
}
