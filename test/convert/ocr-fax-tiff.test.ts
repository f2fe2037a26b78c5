/**
 * A fax uploaded as a 1-bit TIFF (as fax software sends one) is read as the same fax inside a
 * PDF is: enlarged by a whole factor without smoothing, each dot a block as pdf.js draws it, so
 * ./bilevel.ts smooths it as a fax, and a reading that does not hold together is read again
 * thresholded locally (src/engine/ocr/fax-reread.ts). Enlarged smoothly, its dots' edges came
 * out grey: it was read as a grey scan, unsmoothed, and never read again.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
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

describe('a fax uploaded as a 1-bit TIFF', () => {
  it('is enlarged to a page as 2 × 2 blocks of black and white, not smoothed to grey (a PNG fax too; a grey PNG as before)', async () => {
    // A 150-dpi letter page (1275 dots wide) with a one-dot diagonal and a bar on it.
    const width = 1275, height = 1650, row = Math.ceil(width / 8), bits = new Uint8Array(row * height);
    const ink = (x: number, y: number) => { bits[y * row + (x >> 3)]! |= 0x80 >> (x & 7); };
    for (let i = 0; i < 400; i++) { ink(100 + i, 100 + i); for (let t = 0; t < 3; t++) ink(600 + i, 900 + t); }
    const png = (grey: boolean) => {
      const c = createCanvas(width, height), g = c.getContext('2d');
      g.fillStyle = '#fff'; g.fillRect(0, 0, width, height);
      g.fillStyle = grey ? '#777' : '#000';
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (bits[y * row + (x >> 3)]! & (0x80 >> (x & 7))) g.fillRect(x, y, 1, 1);
      return new Uint8Array(c.toBuffer('image/png'));
    };
    const decoded = async (bytes: Uint8Array, kind: 'tiff' | 'png') => {
      const [page] = await decodeImagePages(bytes, `fax.${kind}`, kind, DEFAULT_OCR_LIMITS);
      const px = page!.getContext('2d').getImageData(0, 0, page!.width, page!.height).data;
      let grey = 0, black = 0;
      for (let p = 0; p < px.length; p += 4) { if (px[p]! > 0 && px[p]! < 255) grey++; else if (px[p] === 0) black++; }
      return { size: [page!.width, page!.height], grey, black };
    };
    const blocks = { size: [2 * width, 2 * height], grey: 0, black: 4 * (400 + 3 * 400) };
    expect(await decoded(bilevelTiff([{ width, height, bits }], 150), 'tiff')).toEqual(blocks);
    expect(await decoded(png(false), 'png')).toEqual(blocks);
    // Grey ink is no fax: enlarged smoothly, as before.
    expect((await decoded(png(true), 'png')).grey).toBeGreaterThan(4 * (400 + 3 * 400));
  });

  it('composed 1203 faxed at 150 dpi as a TIFF: smoothed as a fax, read again thresholded locally, reconciled', async () => {
    // Enlarged smoothly (before), it was read once, unsmoothed: F1 0.938, its closing taken from its last row.
    const pdf = await composeStatementPdf(1203, {});
    const bytes = await scannedFaxTiff(pdf.bytes, officeScan(1203, 200, fax));
    const doc = await convertDocument({ fileName: 'composed-fax-1203.tif', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const r = scoreReading(pdf, doc), w = silentlyWrong(pdf.truth, doc.statements);
    expect(w.silent).toEqual([]);
    expect(w.reconciled).toBe(1);
    expect(f1(r.match)).toBe(1);
    expect(doc.statements[0]!.hints?.some((h) => /thresholded locally/.test(h))).toBe(true);
  });
});
