import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { LAYOUTS, makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { imagePlacements, openFast } from '../../src/engine/pdf/fast/index.js';
import { inflateBudget } from '../../src/engine/pdf/inflate.js';
import { DEFAULT_LIMITS } from '../../src/engine/limits.js';
import { openPdf } from '../../src/engine/pdf/open-pdf.js';
import { pdfjs } from '../../src/engine/pdf/pdfjs.js';
import { drawLogoImage, logoPng } from './logo-image.js';

type M = [number, number, number, number, number, number];
type Box = [number, number, number, number];
const mul = (m: M, n: M): M => [
  m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
];

/** Page 1's image boxes as src/engine/ocr/image-text.ts places them from pdf.js's operator list. */
async function pdfjsBoxes(bytes: Uint8Array): Promise<Box[]> {
  const pdf = await openPdf(bytes);
  try {
    const page = await pdf.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const ops = await page.getOperatorList();
    const placed = new Set<number>([pdfjs.OPS.paintImageXObject, pdfjs.OPS.paintInlineImageXObject, pdfjs.OPS.paintImageMaskXObject]);
    const out: Box[] = [];
    const stack: M[] = [];
    let ctm: M = [1, 0, 0, 1, 0, 0];
    for (let i = 0; i < ops.fnArray.length; i++) {
      const fn = ops.fnArray[i]!;
      const args = ops.argsArray[i] as unknown[] | null;
      if (fn === pdfjs.OPS.save || fn === pdfjs.OPS.paintFormXObjectBegin) {
        stack.push(ctm);
        const m = fn === pdfjs.OPS.paintFormXObjectBegin ? args?.[0] : undefined;
        if (Array.isArray(m) && m.length === 6) ctm = mul(m as M, ctm);
      } else if (fn === pdfjs.OPS.restore || fn === pdfjs.OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
      else if (fn === pdfjs.OPS.transform && args?.length === 6) ctm = mul(args as M, ctm);
      else if (placed.has(fn)) {
        const c = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([u, v]) => base.convertToViewportPoint(ctm[0] * u! + ctm[2] * v! + ctm[4], ctm[1] * u! + ctm[3] * v! + ctm[5]) as [number, number]);
        const xs = c.map((p) => p[0]), ys = c.map((p) => p[1]);
        const x0 = Math.max(0, Math.min(...xs)), y0 = Math.max(0, Math.min(...ys));
        const x1 = Math.min(base.width, Math.max(...xs)), y1 = Math.min(base.height, Math.max(...ys));
        if (x1 - x0 > 0 && y1 - y0 > 0) out.push([x0, y0, x1 - x0, y1 - y0]);
      }
    }
    return out;
  } finally {
    await pdf.destroy();
  }
}

function fastBoxes(bytes: Uint8Array) {
  return imagePlacements(openFast(bytes, inflateBudget(DEFAULT_LIMITS)), 1);
}

/** Every box pdf.js places is among the fast reader's (the fast reading may list more, never fewer). */
function expectCovers(fast: Box[], pdfjsOnes: Box[]): void {
  for (const b of pdfjsOnes) expect(fast.some((x) => x.every((v, i) => Math.abs(v - b[i]!) < 0.01)), `${JSON.stringify(b)} in ${JSON.stringify(fast)}`).toBe(true);
}

describe('image placements read without pdf.js (the logo check asks them first)', () => {
  it('pictures drawn on generated statements (a logo in the top band, one in the body, a small one): every box pdf.js places is found, the page size is its view', async () => {
    for (const layout of LAYOUTS.slice(0, 6)) {
      const original = (await renderStatementPdf(makeStatementSpec({ seed: 5, layout }))).bytes;
      let bytes = await drawLogoImage(original, logoPng('NORTH BANK'), { page: 1, x: 40, y: 20, w: 150, h: 30 });
      bytes = await drawLogoImage(bytes, logoPng(null), { page: 1, x: 300, y: 400, w: 200, h: 60 });
      bytes = await drawLogoImage(bytes, logoPng(null, 40, 20), { page: 1, x: 500, y: 30, w: 12, h: 6 });
      const fast = fastBoxes(bytes);
      expect(fast, layout).not.toBeNull();
      const expected = await pdfjsBoxes(bytes);
      expect(expected.length, layout).toBe(3);
      expectCovers(fast!.boxes, expected);
    }
  });

  it('a page drawn into another as a Form XObject (scaled and moved by its matrix): its picture is found', async () => {
    const original = (await renderStatementPdf(makeStatementSpec({ seed: 6, layout: LAYOUTS[0]! }))).bytes;
    const withLogo = await drawLogoImage(original, logoPng('NORTH BANK'), { page: 1, x: 40, y: 20, w: 150, h: 30 });
    const doc = await PDFDocument.create();
    const [embedded] = await doc.embedPdf(withLogo, [0]);
    const page = doc.addPage([612, 792]);
    page.drawPage(embedded!, { x: 30, y: 40, xScale: 0.8, yScale: 0.8 });
    const bytes = await doc.save({ useObjectStreams: false });
    const fast = fastBoxes(bytes);
    expect(fast).not.toBeNull();
    const expected = await pdfjsBoxes(bytes);
    expect(expected.length).toBe(1);
    expectCovers(fast!.boxes, expected);
  });

  it('a page with no picture lists none; a page with annotations is left to pdf.js', async () => {
    const original = (await renderStatementPdf(makeStatementSpec({ seed: 7, layout: LAYOUTS[1]! }))).bytes;
    expect(fastBoxes(original)?.boxes).toEqual([]);
    const doc = await PDFDocument.load(original);
    const p = doc.getPage(0);
    p.node.set(doc.context.obj('Annots'), doc.context.obj([doc.context.obj({ Type: 'Annot', Subtype: 'Square', Rect: [10, 10, 50, 50] })]));
    expect(fastBoxes(await doc.save({ useObjectStreams: false }))).toBeNull();
  });
});
