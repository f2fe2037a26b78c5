/**
 * A scan read twice (as printed, and with its ruling lines erased: src/engine/ocr/forms.ts) whose
 * erased reading is kept takes from the printed reading each page whose kind only that reading
 * tells (src/engine/ocr/page-readings.ts pagesByKind). Before, one reading was kept for the whole
 * document: in the dev corpus's lending package the erased reading lost a cheque's "DOLLARS"
 * and the cheque went to the driving licence before it as its second page, while the W-2 needed
 * the erased reading. Here the two readings are generated text PDFs: the same W-2, licence and
 * cheque pages, the cheque's words fewer in the "erased" one, as OCR gave them.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { extractPdf } from '../../src/engine/pdf/extract.js';
import { documentLines } from '../../src/engine/pdf/lines.js';
import { splitPackage } from '../../src/engine/pdf/doc-type.js';
import { pagesByKind } from '../../src/engine/ocr/page-readings.js';
import { renderTaxForm } from '../fixtures/generator/forms/tax.js';

/** A page of a few lines of text at fixed places: a driving licence's face or a personal cheque. */
async function textPage(lines: [string, number, number][], box = true): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  if (box) page.drawRectangle({ x: 60, y: 460, width: 490, height: 250, borderColor: rgb(0, 0, 0), borderWidth: 1 });
  for (const [text, x, y] of lines) page.drawText(text, { x, y, size: 10, font });
  return doc.save();
}

const LICENCE: [string, number, number][] = [['STATE OF NORTHLAND', 80, 690], ['DRIVER LICENSE', 80, 672], ['DL N4417-2290-8812', 260, 640], ['CLASS C', 260, 620],
  ['EXP 08/14/2029', 260, 600], ['DOB 08/14/1985', 260, 580], ['EYES BRN', 260, 560], ['REST NONE', 260, 540]];
const CHEQUE: [string, number, number][] = [['JORDAN A RIVERS', 80, 690], ['1204', 500, 690], ['Date 03/14/2025', 390, 650], ['PAY TO THE ORDER OF  Northwind Roofing LLC', 80, 610],
  ['$ 1,250.00', 450, 610], ['One thousand two hundred fifty and 00/100 DOLLARS', 80, 570], ['Harbor State Bank', 80, 540], ['MEMO roof repair', 80, 500], ['AUTHORIZED SIGNATURE', 380, 480]];
// As the erased reading gave it: the words that sat on the cheque's rules gone with them.
const CHEQUE_ERASED: [string, number, number][] = [['JORDAN A RIVERS', 80, 690], ['1204', 500, 690], ['Date 03/14/2025', 390, 650], ['Northwind Roofing LLC', 230, 610],
  ['$ 1,250.00', 450, 610], ['One thousand two hundred fifty and 00/100', 80, 570], ['Harbor State Bank', 80, 540], ['MEMO roof repair', 80, 500]];

async function packagePdf(cheque: [string, number, number][]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const bytes of [(await renderTaxForm(1, 'W-2')).bytes, await textPage(LICENCE), await textPage(cheque)]) {
    const src = await PDFDocument.load(bytes);
    for (const p of await out.copyPages(src, src.getPageIndices())) out.addPage(p);
  }
  return out.save();
}

describe('two readings of a scanned package, kept page by page', () => {
  it('the cheque page read as printed (its kind told), the rest as erased: three parts, not two', async () => {
    const printed = await extractPdf(await packagePdf(CHEQUE), 'printed.pdf', {});
    const erased = await extractPdf(await packagePdf(CHEQUE_ERASED), 'erased.pdf', {});
    const kinds = (pages: typeof printed.pages) => splitPackage(documentLines(pages))?.map((p) => [p.pages, p.kind]);
    // One reading for the whole document: the cheque is the licence's second page.
    expect(kinds(erased.pages)).toEqual([[[1], 'Tax Form'], [[2, 3], 'Identity Document']]);
    const merged = pagesByKind(printed, erased);
    expect(merged?.pages).toEqual([3]);
    expect(merged!.text.pages[0]).toBe(erased.pages[0]);
    expect(kinds(merged!.text.pages)).toEqual([[[1], 'Tax Form'], [[2], 'Identity Document'], [[3], 'Cheque']]);
  });

  it('no page told only as printed: the erased reading as it is', async () => {
    const erased = await extractPdf(await packagePdf(CHEQUE), 'erased.pdf', {});
    expect(pagesByKind(erased, erased)).toBeNull();
  });
});
