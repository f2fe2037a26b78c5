/**
 * A soft shadow band across a scanned sheet (scanphoto branch; docs/ocr.md, "Photos and
 * marked-up scans"). The light was estimated with a closing over a fifteenth of the page, which
 * half filled the band's valley of light: its flanks came out grey after dividing, and the
 * deskew's projection profile took the band's slant for the lines' (composed 1306 at 300 dpi,
 * 0.4° askew, found -5.25°; 1303 at 200 dpi, 1°, found 5.25°): rows were read across each
 * other (F1 0.61 on 1303). The light divided out is now closed over half that reach
 * (clean.ts flattenLight).
 */
import { describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { cleanGray, grayOf } from '../../src/engine/ocr/clean.js';
import { scanImages } from '../fixtures/generator/scan.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { officeScan } from '../fixtures/generator/composer/scan-score.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';

const band = CAPTURE_TRAITS.find((t) => t.name === 'shadow-band')!.options;

/** Page 1 of a composed statement scanned under a shadow band, drawn at 300 dpi as the engine renders it. */
async function bandedPage(seed: number, dpi: number) {
  const pdf = await composeStatementPdf(seed);
  const scan = officeScan(seed, dpi, band);
  const [jpeg] = await scanImages(pdf.bytes, 'jpeg', scan, [1]);
  const img = await loadImage(jpeg!);
  const k = 300 / dpi, c = createCanvas(Math.round(img.width * k), Math.round(img.height * k));
  c.getContext('2d').drawImage(img, 0, 0, c.width, c.height);
  return { gray: grayOf(c), skew: scan.skewDeg! };
}

describe('a shadow band across the sheet', () => {
  for (const [seed, dpi] of [[1306, 300], [1303, 200], [1311, 200]] as const) {
    it(`composed ${seed} at ${dpi} dpi: the light flattened, the sheet's own skew found`, async () => {
      const { gray, skew } = await bandedPage(seed, dpi);
      const r = cleanGray(gray);
      expect(r.flattened).toBe(true);
      expect(Math.abs(r.skew - skew)).toBeLessThan(0.15);
    });
  }
});
