/**
 * OCR of scans: generated statements printed, "scanned" (300 dpi, turned on the glass, grey
 * paper, specks; test/fixtures/generator/scan.ts) and read back through the real engine
 * (pdf.js rendering, deskew, tesseract.js with the model npm installed). Few and one page each:
 * OCR is slow on a shared machine.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import UTIF from 'utif';
import { loadImage } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions, type ConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { flattenLight, grayOf, skewAngle, rotated, rotatedGray } from '../../src/engine/ocr/clean.js';
import { markOcrConfidence } from '../../src/engine/ocr/confidence.js';
import { sniffImage } from '../../src/engine/ocr/decode.js';
import { pageFromWords, withoutEdgeMarks } from '../../src/engine/ocr/words.js';
import { eraseRules } from '../../src/engine/ocr/rules.js';
import { scanLayer } from '../../src/engine/ocr/ocr-layer.js';
import { makeStatementSpec, renderStatementPdf, type LayoutName } from '../fixtures/generator/index.js';
import { ocrLayeredPdf, scanImages, scannedPdf } from '../fixtures/generator/scan.js';
import type { ParsedDocument } from '../../src/contract/model.js';
import type { OcrLimits } from '../../src/engine/ocr/limits.js';
import { transactionF1 } from '../fixtures/transaction-f1.js';

// OCR is slow on a shared 2-core machine: generous bounds, never a speed assertion.
vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const f1 = transactionF1;

async function statement(layout: LayoutName, seed: number, perMonth = 12) {
  return renderStatementPdf(makeStatementSpec({ seed, layout, transactionsPerMonth: perMonth }));
}

function convert(fileName: string, bytes: Uint8Array, options: Partial<ConversionOptions> = {}, ocrLimits?: Partial<OcrLimits>): Promise<ParsedDocument> {
  return convertDocument({ fileName, bytes, options: defaultConversionOptions({ accounttype: 'Bank', ...options }), ...(ocrLimits ? { ocrLimits } : {}) });
}

describe('scanned statements read by OCR', () => {
  it('reads an image-only PDF (300 dpi, 0.8° skew, specks) to F1 ≥ 0.9 and it reconciles; each amount keeps its confidence', async () => {
    const r = await statement('chase', 3);
    const scan = await scannedPdf(r.bytes, { dpi: 300, skewDeg: 0.8, seed: 3 });
    const progress: string[] = [];
    const doc = await convertDocument({ fileName: 'chase-scan.pdf', bytes: scan, options: defaultConversionOptions({ accounttype: 'Bank' }), onProgress: (p) => progress.push(`${p.page}/${p.of}`) });
    expect(doc.error).toBeUndefined();
    expect(doc.pdf).toMatchObject({ image: true, ocrPages: [1] });
    expect(doc.pdf!.minResolution).toBe(300);
    expect(progress).toEqual(['0/1', '1/1']);
    expect(f1(r.truth, doc.statements)).toBeGreaterThanOrEqual(0.9);
    expect(reconcile(doc.statements[0]!, 0).reconciled).toBe(true);
    const confs = doc.statements[0]!.transactions.map((t) => t.amountConfidence);
    expect(confs.every((c) => typeof c === 'number' && c >= 0 && c <= 100)).toBe(true);
  });

  it('reads a scan whose page was fed twice once: the repeat is left out and named, F1 ≥ 0.9, and it reconciles', async () => {
    const r = await statement('chase', 3);
    const twice = await PDFDocument.load(r.bytes);
    twice.addPage((await twice.copyPages(twice, [0]))[0]!);
    const scan = await scannedPdf(await twice.save(), { dpi: 300, skewDeg: 0.8, seed: 3 });
    const doc = await convertDocument({ fileName: 'fed-twice.pdf', bytes: scan, options: defaultConversionOptions({ accounttype: 'Bank' }) });
    expect(doc.pdf).toMatchObject({ image: true, ocrPages: [1, 2] });
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    expect(s.repeatedListings).toEqual([expect.objectContaining({ page: 2, sameAs: [1] })]);
    expect(s.hints!.join(' ')).toMatch(/Page 2 lists again the transactions of page\(s\) 1/);
    expect(f1(r.truth, doc.statements)).toBeGreaterThanOrEqual(0.9);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('reads a JPEG photo of a page (turned the other way) through the same path', async () => {
    const r = await statement('wellsfargo', 3);
    const [jpeg] = await scanImages(r.bytes, 'jpeg', { dpi: 300, skewDeg: -1.2, seed: 5 });
    expect(sniffImage(jpeg!)).toBe('jpeg');
    const doc = await convert('statement-photo.dat', jpeg!); // by magic bytes, not by name
    expect(doc.error).toBeUndefined();
    expect(doc.pdf).toMatchObject({ image: true, ocrPages: [1] });
    // JPEG artefacts and specks cost this page one row (a debit read as "mie"): F1 holds, and the
    // statement is then reported unreconciled rather than silently wrong.
    expect(f1(r.truth, doc.statements)).toBeGreaterThanOrEqual(0.9);
    const rec = reconcile(doc.statements[0]!, 0);
    if (!rec.reconciled) expect(rec.balancesValid && rec.difference !== 0).toBe(true);
  });

  it('reads a photo lit from one side (the light falls to 40 % across the sheet): the light is flattened before the one global threshold', async () => {
    // Without flattening this page read no statement at all: the shaded half went black under Otsu.
    const r = await statement('wellsfargo', 4);
    const [jpeg] = await scanImages(r.bytes, 'jpeg', { dpi: 300, skewDeg: 0.6, seed: 4, shadow: 0.6 });
    const doc = await convert('shaded-photo.jpg', jpeg!);
    expect(doc.error).toBeUndefined();
    expect(f1(r.truth, doc.statements)).toBeGreaterThanOrEqual(0.9);
    expect(reconcile(doc.statements[0]!, 0).reconciled).toBe(true);
  });

  it('reads a scan whose invisible OCR text layer is noisy by its own OCR, and keeps a good layer as it is', async () => {
    const r = await statement('chase', 3);
    // Another program's layer that lost decimal points and words: its reading does not hold together.
    const noisy = await ocrLayeredPdf(r.bytes, { dpi: 300, skewDeg: 0.8, seed: 3 }, true);
    const fromLayer = await convert('noisy-layer.pdf', noisy, { neverocr: true });
    expect(fromLayer.statements.length === 0 || !reconcile(fromLayer.statements[0]!, 0).reconciled).toBe(true);
    const doc = await convert('noisy-layer.pdf', noisy);
    expect(doc.error).toBeUndefined();
    expect(doc.pdf!.ocrPages).toEqual([1]);
    expect(f1(r.truth, doc.statements)).toBeGreaterThanOrEqual(0.9);
    expect(reconcile(doc.statements[0]!, 0).reconciled).toBe(true);
    expect(doc.statements[0]!.hints!.join(' ')).toMatch(/Page\(s\) 1 carry another program's OCR text/);
    // A faithful layer reconciles as it is: no OCR is run.
    const good = await convert('good-layer.pdf', await ocrLayeredPdf(r.bytes, { dpi: 100, seed: 3 }));
    expect(good.pdf!.ocrPages).toBeUndefined();
    expect(reconcile(good.statements[0]!, 0).reconciled).toBe(true);
    expect(f1(r.truth, good.statements)).toBe(1);
  });

  it('reads only the image page of a PDF whose other page has text (a blank page is not read)', async () => {
    const r = await statement('bofa', 4, 45);
    expect(r.pageCount).toBeGreaterThanOrEqual(2);
    const scanned = await PDFDocument.load(await scannedPdf(r.bytes, { dpi: 300, skewDeg: 0.5, seed: 4 }, [2]));
    scanned.addPage([612, 792]); // blank: no text, no ink
    const mixed = await scanned.save();
    const progress: string[] = [];
    const doc = await convertDocument({ fileName: 'mixed.pdf', bytes: mixed, options: defaultConversionOptions({ accounttype: 'Bank' }), onProgress: (p) => progress.push(`${p.page}/${p.of}`) });
    expect(progress.at(-1)).toBe('2/2');
    expect(doc.error).toBeUndefined();
    expect(doc.pdf!.image).toBe(false);
    expect(doc.pdf!.ocrPages).toEqual([2]);
    const fromImage = doc.statements.flatMap((s) => s.transactions).filter((t) => t.page === 2);
    expect(fromImage.length).toBeGreaterThan(0);
    expect(fromImage.every((t) => t.amountConfidence !== undefined)).toBe(true);
    expect(doc.statements.flatMap((s) => s.transactions).filter((t) => t.page === 1).every((t) => t.amountConfidence === undefined)).toBe(true);
    expect(f1(r.truth, doc.statements)).toBeGreaterThanOrEqual(0.9);
    // The same file without OCR: page 2 stays unread and the document says it needs OCR.
    const never = await convert('mixed.pdf', mixed, { neverocr: true });
    expect(never.requiresRerunWithOCR).toBe(true);
    expect(never.pdf!.ocrPages).toBeUndefined();
    expect(never.statements.flatMap((s) => s.transactions).some((t) => t.page === 2)).toBe(false);
    expect(never.statements[0]!.hints?.join(' ')).toMatch(/Page\(s\) 2 are images and were not read \(neverocr\)/);
  });

  it('reads a TIFF upload', async () => {
    const r = await statement('usbank', 6);
    const [png] = await scanImages(r.bytes, 'png', { dpi: 300, skewDeg: 0.3, seed: 5 });
    const img = await loadImage(png!);
    const c = createCanvas(img.width, img.height);
    c.getContext('2d').drawImage(img, 0, 0);
    const rgba = c.getContext('2d').getImageData(0, 0, img.width, img.height).data;
    const tiff = new Uint8Array(UTIF.encodeImage(new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength), img.width, img.height));
    expect(sniffImage(tiff)).toBe('tiff');
    const doc = await convert('scan.tif', tiff);
    expect(doc.error).toBeUndefined();
    expect(f1(r.truth, doc.statements)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('OCR options and bounds (no recognition needed)', () => {
  it('neverocr: an image-only PDF is not read and says it needs OCR; an image upload too', async () => {
    const r = await statement('bofa', 7);
    const scan = await scannedPdf(r.bytes, { dpi: 100, seed: 7 });
    const doc = await convert('scan.pdf', scan, { neverocr: true });
    expect(doc.requiresRerunWithOCR).toBe(true);
    expect(doc.error).toMatch(/no text layer.*neverocr/);
    const [png] = await scanImages(r.bytes, 'png', { dpi: 50 });
    const img = await convert('scan.png', png!, { neverocr: true });
    expect(img).toMatchObject({ requiresRerunWithOCR: true });
    expect(img.error).toMatch(/image \(PNG\) and neverocr is set/);
  });

  it('refuses more OCR pages than the limit, a page past its time, and an image past the pixel cap, each with a clear message', async () => {
    const r = await statement('bofa', 8);
    const scan = await scannedPdf(r.bytes, { dpi: 100, seed: 8 });
    await expect(convert('scan.pdf', scan, {}, { maxPages: 0 })).rejects.toThrow(/1 pages need OCR, more than the 0-page limit/);
    await expect(convert('scan.pdf', scan, {}, { pageTimeoutMs: 1 })).rejects.toThrow(/OCR of page 1 stopped: page recognition took longer than 0 s \(the per-page limit\)/);
    const [png] = await scanImages(r.bytes, 'png', { dpi: 50 });
    await expect(convert('big.png', png!, {}, { maxImagePixels: 1000 })).rejects.toThrow(/pixels, more than the 0-megapixel limit for OCR/);
  });

  it('refuses a TIFF whose page chain loops instead of following it forever', async () => {
    // II*\0, first IFD at 8; the IFD has 0 entries and points back to itself.
    const loop = new Uint8Array([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 0, 0, 8, 0, 0, 0]);
    await expect(convert('loop.tif', loop)).rejects.toThrow(/TIFF file is corrupt \(its page directory chain is broken\)/);
  });
});

describe('cleaning and confidence', () => {
  it('finds the skew of a page by projection profile', () => {
    const c = createCanvas(1200, 1600);
    const g = c.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, c.width, c.height);
    g.fillStyle = '#000';
    for (let y = 100; y < 1500; y += 40) for (let x = 100; x < 1100; x += 60) g.fillRect(x, y, 45, 14); // rows of "words"
    expect(skewAngle(grayOf(c))).toBe(0);
    for (const deg of [1.5, -2.2]) expect(Math.abs(skewAngle(grayOf(rotated(c, -deg))) - deg)).toBeLessThanOrEqual(0.1);
  });

  it('reads gray from the surface as from getImageData: opaque ink, and see-through paint on white paper', () => {
    const c = createCanvas(300, 200);
    const g = c.getContext('2d');
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, 300, 100); // the lower half stays transparent: paper
    g.fillStyle = 'rgb(200,30,90)';
    g.fillRect(10, 10, 50, 50);
    g.fillStyle = 'rgba(0,0,0,0.3)';
    g.fillRect(100, 50, 100, 100);
    g.fillStyle = 'rgba(250,10,10,0.7)';
    g.fillRect(200, 120, 90, 60);
    const rgba = g.getImageData(0, 0, 300, 200).data;
    const gray = grayOf(c).data;
    let worst = 0;
    for (let p = 0; p < gray.length; p++) {
      const [r, gg, b, a] = [rgba[4 * p]!, rgba[4 * p + 1]!, rgba[4 * p + 2]!, rgba[4 * p + 3]! / 255];
      const onWhite = (r * 0.3 + gg * 0.586 + b * 0.113) * a + 255 * (1 - a);
      worst = Math.max(worst, Math.abs(onWhite - gray[p]!));
    }
    expect(worst).toBeLessThanOrEqual(2);
    expect(gray[150 * 300 + 20]).toBe(255); // transparent: paper
    expect(gray[30 * 300 + 30]).toBe((200 * 77 + 30 * 150 + 90 * 29) >> 8);
  });

  it('whitens ruling lines (a box, a rule, a rule at the page edge) and leaves the letters inside', () => {
    const c = createCanvas(1000, 600);
    const g = c.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, 1000, 600);
    g.strokeStyle = '#000';
    g.lineWidth = 3;
    g.strokeRect(100.5, 100.5, 400, 60); // a form box
    g.fillStyle = '#000';
    g.fillRect(0, 590, 1000, 3); // a rule along the bottom edge
    g.fillRect(996, 0, 3, 600); // and one down the right edge
    g.fillRect(120, 120, 20, 25); // "letters" inside the box: shorter than any rule
    g.fillRect(160, 120, 12, 25);
    const img = grayOf(c);
    const out = eraseRules(img);
    const at = (x: number, y: number) => out.data[y * 1000 + x]!;
    expect([at(300, 101), at(101, 130), at(500, 130), at(500, 591), at(997, 300)]).toEqual([255, 255, 255, 255, 255]);
    expect(at(130, 130)).toBeLessThan(100);
    expect(at(165, 130)).toBeLessThan(100);
    expect(img.data[101 * 1000 + 300]).toBeLessThan(100); // the input is left as it was
  });

  it('flattens uneven light: shaded paper comes back white, ink stays dark, a dark header bar stays; an evenly lit page is left as it is', () => {
    const c = createCanvas(1275, 1650); // a letter page at 150 dpi
    const g = c.getContext('2d');
    g.fillStyle = '#f0f0f0';
    g.fillRect(0, 0, c.width, c.height);
    g.fillStyle = '#202020';
    g.fillRect(80, 200, 1115, 45); // a dark header bar, white "words" in it
    g.fillStyle = '#f0f0f0';
    for (let x = 100; x < 1150; x += 120) g.fillRect(x, 212, 70, 20);
    g.fillStyle = '#202020';
    for (let y = 300; y < 1550; y += 30) for (let x = 100; x < 1150; x += 90) g.fillRect(x, y, 60, 14); // rows of "words"
    const even = grayOf(c);
    const same = flattenLight(even);
    expect(same.flattened).toBe(false);
    expect(same.image).toBe(even);
    // Lit from the left: the light falls to 35 % at the right edge.
    const shade = g.createLinearGradient(0, 0, c.width, 0);
    shade.addColorStop(0, '#ffffff');
    shade.addColorStop(1, 'rgb(89,89,89)');
    g.globalCompositeOperation = 'multiply';
    g.fillStyle = shade;
    g.fillRect(0, 0, c.width, c.height);
    const shaded = grayOf(c);
    const at = (img: { data: Uint8Array; width: number }, x: number, y: number) => img.data[y * img.width + x]!;
    expect(at(shaded, 1180, 1010)).toBeLessThan(100); // shaded paper: as dark as ink under one threshold
    const { image, flattened } = flattenLight(shaded);
    expect(flattened).toBe(true);
    for (const x of [90, 640, 1180]) {
      expect(at(image, x, 1010)).toBeGreaterThan(225); // paper, between rows, left to right
      expect(at(image, x + (x === 1180 ? -40 : 30), 307)).toBeLessThan(80); // a "word"
      expect(at(image, x, 204)).toBeLessThan(80); // the header bar stays dark
    }
    expect(at(image, 1000, 222)).toBeGreaterThan(200); // a white word in the bar stays white
  });

  it('turns a grayscale page back as the canvas would (the deskew step works on gray pixels)', () => {
    const c = createCanvas(1200, 1600);
    const g = c.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, c.width, c.height);
    g.fillStyle = '#000';
    for (let y = 100; y < 1500; y += 40) for (let x = 100; x < 1100; x += 60) g.fillRect(x, y, 45, 14);
    for (const deg of [1.5, -2.2]) {
      const skewed = grayOf(rotated(c, -deg));
      const back = rotatedGray(skewed, deg);
      expect(Math.abs(skewAngle(back))).toBeLessThanOrEqual(0.1);
      // Pixel for pixel close to the canvas's own turn of the same image (both bilinear-ish).
      const viaCanvas = grayOf(rotated(rotated(c, -deg), deg));
      let diff = 0;
      for (let i = 0; i < back.data.length; i++) diff += Math.abs(back.data[i]! - viaCanvas.data[i]!);
      expect(diff / back.data.length).toBeLessThan(8);
    }
  });

  it("tells another program's OCR layer from a text page: text shown invisibly or in its synthesised fonts only, over a full-page image", () => {
    const image = 'q 612 0 0 792 0 0 cm /Im0 Do Q ';
    const invisible = scanLayer(`${image}BT 3 Tr /F1 9 Tf 72 700 Td (Opening balance 1,000.00) Tj [(A) 2 (B)] TJ ET`);
    expect(invisible).toMatchObject({ shown: 2, visibleShown: 0, images: [{ name: 'Im0', matrix: [612, 0, 0, 792, 0, 0] }] });
    // Text drawn visibly in a font an OCR program synthesised counts as its layer; in any other font, as print.
    const drawn = `${image}BT /C0_1 9 Tf (\\(paren\\) 1.00) Tj ET BT /TT0 9 Tf <0041> Tj ET`;
    expect(scanLayer(drawn, (f) => f === 'C0_1')).toMatchObject({ shown: 2, visibleShown: 1 });
    expect(scanLayer(drawn, (f) => f === 'C0_1' || f === 'TT0')).toMatchObject({ shown: 2, visibleShown: 0 });
    // Words inside strings and inline images are not operators.
    expect(scanLayer('BT (3 Tr Tj Do) Tj ET BI /W 1 /H 1 ID xx Tj EI')).toMatchObject({ shown: 1, visibleShown: 1, images: [] });
  });

  it('drops marks read at the edge of a number or date (a table rule, a speck, a leader line), never from words', () => {
    expect(withoutEdgeMarks('08/02»')).toBe('08/02');
    expect(withoutEdgeMarks('|1,240.00')).toBe('1,240.00');
    expect(withoutEdgeMarks('“12.47”')).toBe('12.47');
    expect(withoutEdgeMarks('(52.00)|')).toBe('(52.00)');
    expect(withoutEdgeMarks('15.00-¦')).toBe('15.00-');
    expect(withoutEdgeMarks('»Agios')).toBe('»Agios');
    expect(withoutEdgeMarks("l'APL")).toBe("l'APL");
    expect(withoutEdgeMarks('|')).toBe('|');
    expect(withoutEdgeMarks('12.00')).toBe('12.00');
    expect(withoutEdgeMarks('__$18469.05')).toBe('$18469.05'); // a leader line read as underscores
    expect(withoutEdgeMarks('_ACCOUNT')).toBe('_ACCOUNT');
  });

  it('leaves out words that are only tildes, and reads a tilde touching a figure as its minus sign', () => {
    const word = (text: string, x0: number, line: number) => ({ text, conf: 90, x0, x1: x0 + text.length * 20, y0: 100 * line, y1: 100 * line + 30, baseline: 100 * line + 30, ascent: 30, line });
    const page = pageFromWords(1, [
      word('Solde', 0, 0), word('~', 400, 0), word('278,96', 430, 0), // the minus of a closing balance
      word('Total', 0, 1), word('|', 200, 1), word('~', 300, 1), word('50,50', 600, 1), // a rule and a smudge, far from the figure
      word('~12.00', 0, 2), word('»', 200, 2),
    ], 1, 1000, 1000);
    expect(page.items.map((i) => i.str)).toEqual(['Solde', '-278,96', 'Total', '|', '50,50', '-12.00', '»']);
  });

  it('counts amounts read with low confidence as suspects, with a hint naming them', () => {
    const doc: ParsedDocument = {
      format: 'pdf', detectedDocType: 'Bank Statement', statements: [{
        docType: 'Bank Statement', accountTypeStr: 'Checking', bankName: 'Unknown', accountNumber: '1', isStrongAccountNo: false,
        startBalance: 100000, endBalance: 95000,
        transactions: [{ date: '2025-01-02', description: 'A', amount: -2000, page: 1 }, { date: '2025-01-03', description: 'B', amount: -3000, page: 1 }],
      }],
    };
    const item = (str: string, conf: number) => ({ str, x: 0, y: 0, w: 10, size: 9, font: 'OCR', conf });
    markOcrConfidence(doc, [{ page: 1, width: 612, height: 792, items: [item('20.00', 95), item('30.00', 41), item('1,000.00', 90), item('950.00', 60)] }]);
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => t.amountConfidence)).toEqual([95, 41]);
    expect(s.suspectCount).toBe(2);
    expect(s.hints?.join(' ')).toMatch(/2 amount\(s\) read by OCR with low confidence, check them: 2025-01-03 -30\.00 \(41 %\), ending balance 950\.00 \(60 %\)/);
  });
});
