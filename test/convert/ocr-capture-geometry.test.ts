/**
 * The page geometry a phone photo goes through before recognition (../../src/engine/ocr/upright.ts,
 * orientation.ts, dewarp.ts), on generated captures and without OCR (cheap): each case is a page
 * that went wrong before, named in its test. What OCR then reads of such pages is held in
 * ocr-composed.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { cleanGray, grayOf } from '../../src/engine/ocr/clean.js';
import { dewarped, linePitch } from '../../src/engine/ocr/dewarp.js';
import { linesRunVertically } from '../../src/engine/ocr/orientation.js';
import { uprightGray } from '../../src/engine/ocr/upright.js';
import { openPdf } from '../../src/engine/pdf/open-pdf.js';
import { renderPage } from '../../src/engine/ocr/render.js';
import { loneJpegPages } from '../../src/engine/ocr/page-jpeg.js';
import { DEFAULT_OCR_LIMITS, OCR_DPI } from '../../src/engine/ocr/limits.js';
import { scanImages, scannedPdf } from '../fixtures/generator/scan.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { officeScan } from '../fixtures/generator/composer/scan-score.js';
import type { Traits } from '../fixtures/generator/composer/traits.js';

const trait = (name: string) => CAPTURE_TRAITS.find((t) => t.name === name)!.options;

/**
 * Page `page` of a composed seed photographed with the capture trait and handed in as an
 * image-only PDF (as the scan sweep does), rendered as the OCR path renders it.
 */
async function capturedPage(seed: number, dpi: number, captureName: string, page: number, traits: Partial<Traits> = {}) {
  const pdf = await composeStatementPdf(seed, traits);
  const bytes = await scannedPdf(pdf.bytes, officeScan(seed, dpi, trait(captureName)), [page]);
  const doc = await openPdf(bytes);
  try {
    const jpegs = await loneJpegPages(bytes, [page]);
    return (await renderPage(doc, page, OCR_DPI, DEFAULT_OCR_LIMITS.maxPagePixels, jpegs.get(page))).canvas;
  } finally {
    await doc.destroy();
  }
}

describe('straightening a photographed page never slips a line', () => {
  it('a table whose descriptions and amounts stand apart (blank strips between) is not bent a line out of true (keystone, composed seed 7)', async () => {
    // Before: the shift allowed across the blank strips grew with their number, past half a line
    // pitch; the left half of the page moved one line down and every date sat beside the amount
    // of the row above (a reconciled statement of misdated rows).
    const u = uprightGray(await capturedPage(7, 200, 'keystone', 1));
    const { image } = cleanGray(u.gray);
    // (Compared as identity: a failing toBe on two page images would print megabytes.)
    expect(dewarped(image).image === image).toBe(true);
  });

  it('a table with its figures centred on wrapped descriptions is no bend (flatbed scans, composed seeds 7 page 1 and 8 page 2)', async () => {
    // Its figures' lines lie half a line from its descriptions' lines, across the blank strips
    // between them; the match across the gap took that for a bend (bow 5.8 and 9.7 px) and moved
    // the figures' column 16-21 px against the dates: the engine then read each row's figures on
    // a description line (centred sweep 1-12: F1 0.870, 0.945 once the page is left flat).
    for (const [seed, dpi, page] of [[7, 200, 1], [8, 300, 2]] as const) {
      const { image } = cleanGray(uprightGray(await capturedPage(seed, dpi, 'flatbed', page, { wrapValues: 'middle' })).gray);
      expect(dewarped(image).image === image, `seed ${seed}`).toBe(true);
    }
  });

  it('a fax whose figures stand on each row\'s first line beside wrapped descriptions is no bend (composed 1317, 1232, 1310 page 1 faxed)', async () => {
    // One step of 4–15 px between two touching strips (every other step 0 or ±1) was taken for a
    // bow of 5.6–8.3 px; straightening it tilted the level page 0.2–0.7° and set each figure a
    // line away from its date (fax sweeps: rows lost or given a neighbour's amount).
    for (const [seed, dpi] of [[1317, 200], [1232, 300], [1310, 300]] as const) {
      const { image } = cleanGray(uprightGray(await capturedPage(seed, dpi, 'fax-150', 1)).gray);
      expect(dewarped(image).image === image, `seed ${seed}`).toBe(true);
    }
  });

  it('a curled photo is still straightened, its sheet\'s edge strip aside (generated chase, seed 1)', async () => {
    // The step to the page's edge strip (-10 px among steps of 1 and 2) is now taken from the
    // steps beside it; the curl itself (a bow of 6 px) is straightened as before.
    const r = await renderStatementPdf(makeStatementSpec({ seed: 1, layout: 'chase', transactionsPerMonth: 12 }));
    const [jpeg] = await scanImages(r.bytes, 'jpeg', { dpi: 300, skewDeg: 0.6, seed: 1, ...trait('curl') }, [1]);
    const img = await loadImage(jpeg!);
    const canvas = createCanvas(img.width, img.height);
    canvas.getContext('2d').drawImage(img, 0, 0);
    const { image } = cleanGray(uprightGray(canvas).gray);
    const d = dewarped(image);
    expect(d.image === image).toBe(false);
    expect(d.bow).toBeGreaterThan(5);
  });

  it('the line pitch is the first repeat of the rows\' profile, not a later one', () => {
    const h = 600, pitch = 30;
    const profile = new Float32Array(h);
    // Lines 12 rows tall every 30 rows; every third line longer (a wrapped row's amount line).
    for (let y = 0; y < h; y++) profile[y] = y % pitch < 12 ? (Math.floor(y / pitch) % 3 === 0 ? 40 : 25) : 0;
    expect(linePitch([profile, profile], [true, true], 100)).toBe(pitch);
    expect(linePitch([new Float32Array(h).fill(3)], [true], 100)).toBeNull();
  });
});

describe('a sideways page is told from a short one', () => {
  it('a last page printed in its top fifth stays upright (keystone, composed seed 10 page 2); turned, it is found sideways', async () => {
    // Before: judged on the page's middle third (specks and the sheet's edge), it was turned a
    // quarter and read as nothing; its two rows and closing balance were lost from a statement
    // that then reconciled on the last row it had.
    const upright = uprightGray(await capturedPage(10, 300, 'keystone', 2));
    expect(upright.quarterTurned).toBe(false);
    const turned = await capturedPage(10, 300, 'turned-90', 2);
    expect(linesRunVertically(grayOf(turned))).toBe(true);
  });

  it('a full page whose dates and descriptions crowd its left third stays upright (keystone, composed seed 4)', async () => {
    // Judged across on that dense third instead of the middle one, it profiled less sharply
    // than down the page and was turned (a first try at the short-page fix).
    expect(uprightGray(await capturedPage(4, 300, 'keystone', 1)).quarterTurned).toBe(false);
  });
});
