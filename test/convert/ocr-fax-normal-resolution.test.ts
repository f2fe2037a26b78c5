/**
 * A fax in G3 "normal" resolution (204 × 98 dpi, fax machines' default) has dots twice as tall
 * as wide; its TIFF says so in its X/YResolution tags. Decoded at its dots, the page was half as
 * tall as printed, every letter squashed. It is stretched down to square dots (src/engine/ocr/
 * decode.ts), each line repeated so it stays black and white.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { decodeImagePages } from '../../src/engine/ocr/decode.js';
import { DEFAULT_OCR_LIMITS } from '../../src/engine/ocr/limits.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { bilevelTiff, scannedFaxTiff } from '../fixtures/generator/fax-tiff.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { f1, scoreReading } from '../fixtures/generator/composer/score.js';
import { officeScan, silentlyWrong } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const fax = CAPTURE_TRAITS.find((t) => t.name === 'fax-150')!.options;

describe('a fax in normal resolution (204 × 98 dpi)', () => {
  it('is decoded with square dots: 2.08 times as tall as its lines, black and white', async () => {
    // A letter page's width of dots (1728) and its 11 inches of lines at 98 lpi, a bar on it.
    const width = 1728, height = 1078, row = width / 8, bits = new Uint8Array(row * height);
    for (let y = 500; y < 510; y++) for (let x = 100; x < 900; x++) bits[y * row + (x >> 3)]! |= 0x80 >> (x & 7);
    const [page] = await decodeImagePages(bilevelTiff([{ width, height, bits }], { x: 204, y: 98 }), 'fax.tif', 'tiff', DEFAULT_OCR_LIMITS);
    expect([page!.width, page!.height]).toEqual([width, Math.round(height * 204 / 98)]);
    const px = page!.getContext('2d').getImageData(0, 0, page!.width, page!.height).data;
    let grey = 0, black = 0;
    for (let p = 0; p < px.length; p += 4) { if (px[p]! > 0 && px[p]! < 255) grey++; else if (px[p] === 0) black++; }
    expect(grey).toBe(0);
    // The bar's 10 lines are 20 or 21 rows tall.
    expect(black / 800).toBeGreaterThanOrEqual(20);
    expect(black / 800).toBeLessThanOrEqual(21);
    // Square dots are left as they are.
    const [square] = await decodeImagePages(bilevelTiff([{ width, height, bits }], 204), 'fax.tif', 'tiff', DEFAULT_OCR_LIMITS);
    expect([square!.width, square!.height]).toEqual([width, height]);
  });

  it('composed 1203 faxed at 204 × 98 dpi as a TIFF reads as printed', async () => {
    // Decoded at its dots (before): F1 0.138, its opening unread, 11 signs unsettled.
    const pdf = await composeStatementPdf(1203, {});
    const bytes = await scannedFaxTiff(pdf.bytes, officeScan(1203, 204, { ...fax, dpi: 204 }), 98);
    const doc = await convertDocument({ fileName: 'composed-fax-normal.tif', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const r = scoreReading(pdf, doc), w = silentlyWrong(pdf.truth, doc.statements);
    expect(w.silent).toEqual([]);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.95);
  });
});
