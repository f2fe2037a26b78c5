/**
 * The OCR-layer check (src/engine/ocr/ocr-layer.ts) reads a page with the fast reader's parser
 * instead of loading pdf-lib and parsing the whole file again; pdf-lib's reading stays for the
 * files the fast reader does not follow. Both readings give the same pages: on another program's
 * OCR layer over a scan (the generator's scan fixture), on text pages with and without pictures,
 * and on PDFs written here by hand for the details (fonts an OCR program synthesised, names with
 * #xx escapes, inherited resources and media box, a turned picture, a second content stream).
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ocrLayerPages, ocrLayerPagesFast, ocrLayerPagesWithPdfLib, scanLayer } from '../../src/engine/ocr/ocr-layer.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { ocrLayeredPdf } from '../fixtures/generator/scan.js';
import { handPdf } from '../fixtures/hand-pdf.js';


const flate = (s: string) => ({ dict: '/Filter /FlateDecode', stream: deflateSync(Buffer.from(s, 'latin1')) });
const IMAGE = { dict: '/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8', stream: '\x80' };
const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
const SYNTHESISED = '<< /Type /Font /Subtype /Type1 /BaseFont /*Arial-8825 /Encoding /WinAnsiEncoding >>';

/**
 * Pages 1–3 under one /Pages node that holds the resources and media box they inherit
 * (objects 1–2), the pages as objects 3–5, their contents from object 6 on, then `shared`
 * (fonts F1 = Helvetica, F2 = a synthesised font, image Im#20A named with an escape).
 */
function threePages(contents: [string, string, string]): Uint8Array {
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 /MediaBox [0 0 612 792] /Resources << /Font << /F1 9 0 R /F2 10 0 R >> /XObject << /Im#20A 11 0 R >> >> >>',
    '<< /Type /Page /Parent 2 0 R /Contents 6 0 R >>',
    '<< /Type /Page /Parent 2 0 R /Contents [7 0 R 12 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /Contents 8 0 R >>',
    flate(contents[0]), flate(contents[1]), flate(contents[2]),
    HELVETICA, SYNTHESISED, IMAGE, flate('BT 3 Tr /F1 9 Tf 72 650 Td (more invisible words) Tj ET'),
  ]);
}

async function bothReadings(bytes: Uint8Array, pages: number[]) {
  return { fast: ocrLayerPagesFast(bytes, pages), pdfLib: await ocrLayerPagesWithPdfLib(bytes, pages) };
}

describe('the OCR-layer check read by the fast reader\'s parser', () => {
  it('finds another program\'s layer over a scan, page for page as pdf-lib\'s reading does, and no layer on text pages', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 3, layout: 'chase' }));
    const layered = await ocrLayeredPdf(r.bytes, { dpi: 100, seed: 3 });
    const pages = Array.from({ length: r.pageCount }, (_, i) => i + 1);
    const onScan = await bothReadings(layered, pages);
    expect(onScan.fast).toEqual(pages);
    expect(onScan.fast).toEqual(onScan.pdfLib);
    const onText = await bothReadings(r.bytes, pages);
    expect(onText).toEqual({ fast: [], pdfLib: [] });
  }, 120_000);

  it('reads synthesised fonts, escaped names, inherited resources, a turned picture and a second content stream as pdf-lib\'s reading does', async () => {
    const bytes = threePages([
      // Full-page picture named with an escape, words only in a font an OCR program synthesised: a layer.
      'q 612 0 0 792 0 0 cm /Im#20A Do Q BT /F2 9 Tf 72 700 Td (Opening balance) Tj ET',
      // Turned a quarter (the sides swap), text invisible here and in the second stream: a layer.
      'q 0 792 -612 0 612 0 cm /Im#20A Do Q BT 3 Tr /F1 9 Tf 72 700 Td (Closing balance) Tj ET',
      // A small picture (a logo) under visible print: no layer.
      'q 100 0 0 40 40 740 cm /Im#20A Do Q BT /F1 9 Tf 72 700 Td (Statement period) Tj ET',
    ]);
    const r = await bothReadings(bytes, [1, 2, 3, 4]);
    expect(r.fast).toEqual([1, 2]);
    expect(r.fast).toEqual(r.pdfLib);
  });

  it('stops reading a content stream once more text than asked was shown visibly, which already says "no layer"', () => {
    const image = 'q 612 0 0 792 0 0 cm /Im0 Do Q ';
    const content = `BT /F1 9 Tf (print) Tj ET ${image}BT 3 Tr (hidden) Tj ET`;
    expect(scanLayer(content)).toMatchObject({ shown: 2, visibleShown: 1, images: [{ name: 'Im0' }] });
    expect(scanLayer(content, () => false, 0)).toMatchObject({ shown: 1, visibleShown: 1, images: [] });
    // The render mode is graphics state: text after the Q that closes an invisible layer is print again.
    expect(scanLayer(`q BT 3 Tr /F1 9 Tf (hidden) Tj ET Q BT /F1 9 Tf (stamp) Tj ET`)).toMatchObject({ shown: 2, visibleShown: 1 });
    // Text in a font an OCR program synthesised is not print: the scan goes on past it.
    expect(scanLayer(`BT /C0_1 9 Tf (a) Tj ET ${image}BT /TT0 9 Tf (b) Tj ET`, (f) => f === 'C0_1', 0)).toMatchObject({ shown: 2, visibleShown: 1, images: [{ name: 'Im0' }] });
  });

  it('leaves a file it does not follow to pdf-lib: the answer is pdf-lib\'s', async () => {
    // A page-tree node without /Type: pdf-lib goes by the types, so the fast parser does not judge it.
    const untyped = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 5 0 R >> /Font << /F1 6 0 R >> >> /Contents 4 0 R >>',
      flate('q 612 0 0 792 0 0 cm /Im0 Do Q BT 3 Tr /F1 9 Tf 72 700 Td (words) Tj ET'), IMAGE, HELVETICA,
    ]);
    expect(() => ocrLayerPagesFast(untyped, [1])).toThrow(/without its \/Type/);
    expect(await ocrLayerPages(untyped, [1])).toEqual(await ocrLayerPagesWithPdfLib(untyped, [1]));
    // A content stream under a filter the fast reader does not decode, on a page with an image.
    const runLength = (resources: string) => handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << ${resources} >> /Contents 4 0 R >>`,
      { dict: '/Filter /RunLengthDecode', stream: Uint8Array.from([3, ...Buffer.from('q Q '), 128]) }, HELVETICA, IMAGE,
    ]);
    const withImage = runLength('/Font << /F1 5 0 R >> /XObject << /Im0 6 0 R >>');
    expect(() => ocrLayerPagesFast(withImage, [1])).toThrow(/RunLengthDecode/);
    expect(await ocrLayerPages(withImage, [1])).toEqual(await ocrLayerPagesWithPdfLib(withImage, [1]));
  });

  it('never decodes the content of a page whose resources name no image (it can be no picture)', async () => {
    // The same undecodable content without the image: the page is answered without reading it.
    const noImage = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      { dict: '/Filter /RunLengthDecode', stream: Uint8Array.from([3, ...Buffer.from('q Q '), 128]) }, HELVETICA,
    ]);
    expect(ocrLayerPagesFast(noImage, [1])).toEqual([]);
    expect(await ocrLayerPagesWithPdfLib(noImage, [1])).toEqual([]);
  });
});
