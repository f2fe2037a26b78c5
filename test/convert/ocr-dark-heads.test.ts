/**
 * Column heads printed in white on a dark bar, as many statements print them: scanned, the bar
 * binarised into one black block and the heads, and with them the whole table, were lost (the
 * composed seeds below read no row). The bar's light type is turned dark on paper before
 * recognition (src/engine/ocr/dark-bands.ts); rules, light bars with dark type, zebra rows and
 * pictures are left as they are.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { lightTypeOnBars } from '../../src/engine/ocr/dark-bands.js';
import type { Gray } from '../../src/engine/ocr/clean.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const W = 1200, H = 900, PAPER = 235;
function page(): Gray { return { width: W, height: H, data: new Uint8Array(W * H).fill(PAPER) }; }
function fill(g: Gray, x0: number, y0: number, x1: number, y1: number, v: number): void {
  for (let y = y0; y < y1; y++) g.data.fill(v, y * W + x0, y * W + x1);
}
const at = (g: Gray, x: number, y: number) => g.data[y * W + x]!;
/** "Type": a row of letter-sized blocks (strokes 4 px wide) from x0, in `v`. */
function type(g: Gray, x0: number, y0: number, v: number, letters = 12): void {
  for (let i = 0; i < letters; i++) { fill(g, x0 + i * 16, y0, x0 + i * 16 + 4, y0 + 18, v); fill(g, x0 + i * 16, y0 + 14, x0 + i * 16 + 10, y0 + 18, v); }
}

describe('light type on a dark bar', () => {
  it('turns the bar to paper and its type to ink, and leaves the rest of the page byte for byte', () => {
    const g = page();
    fill(g, 60, 200, 1140, 240, 70); // the bar, 40 px high across most of the page
    type(g, 90, 211, 250);           // white heads on it
    type(g, 600, 211, 250);
    type(g, 90, 300, 20);            // a row of ordinary dark type under it
    const out = lightTypeOnBars(g);
    expect(out).not.toBe(g);
    // The heads are ink now, the fill paper.
    expect(at(out, 91, 215)).toBeLessThan(60);
    expect(at(out, 601, 215)).toBeLessThan(60);
    expect(at(out, 80, 220)).toBeGreaterThan(200);
    expect(at(out, 1000, 230)).toBeGreaterThan(200);
    // The bar's rim is no frame round the heads.
    for (const x of [60, 61, 1138, 1139]) expect(at(out, x, 220)).toBeGreaterThan(200);
    expect(at(out, 500, 200)).toBeGreaterThan(200);
    expect(at(out, 500, 239)).toBeGreaterThan(200);
    // Everything off the bar as it was.
    for (const y of [0, 150, 190, 250, 305, 600, 899]) for (const x of [0, 91, 500, 1199]) expect(at(out, x, y)).toBe(at(g, x, y));
  });

  it('leaves a page with no such bar untouched: rules, a light bar with dark type, zebra rows, a picture', () => {
    const g = page();
    fill(g, 60, 100, 1140, 103, 40);  // a rule, 3 px
    fill(g, 60, 140, 1140, 180, 215); // a light bar…
    type(g, 90, 151, 20);             // …with dark heads
    for (let r = 0; r < 6; r++) if (r % 2) fill(g, 60, 220 + r * 30, 1140, 250 + r * 30, 225); // zebra rows
    fill(g, 300, 450, 900, 850, 60);  // a picture: too tall for a bar
    type(g, 320, 500, 250);
    expect(lightTypeOnBars(g)).toBe(g);
  });

  it('leaves a dark band with no light type on it (a thick rule, a shaded block) as it is', () => {
    const g = page();
    fill(g, 60, 200, 1140, 240, 70);
    expect(lightTypeOnBars(g)).toBe(g);
  });
});

describe('composed statements with their heads on a dark bar, scanned', () => {
  // Before: "No transaction table header was found", F1 0.00 on both.
  for (const seed of [2, 4]) {
    it(`seed ${seed} at 300 dpi reads its rows under the bar`, async () => {
      const r = await readScannedComposed(seed, 300, { headShade: 'dark' });
      expect(r.silent).toEqual([]);
      expect(f1(r.match)).toBeGreaterThanOrEqual(0.95);
    });
  }
});
