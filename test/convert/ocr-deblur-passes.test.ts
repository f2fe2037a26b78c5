/**
 * The deconvolution's blur passes (src/engine/ocr/deblur.ts weightedSum) are generated with each
 * tap's offset and weight written in as constants, 3× less CPU than the loop over the taps (a
 * defocused 200-dpi page: 14.3 → 4.4 CPU s in the upright step). They must be the same
 * arithmetic as the loop, bit for bit: a sum in double from 0 tap by tap (a Gaussian's rows and
 * columns), or rounded to single precision after each tap (a smear, as accumulating in a
 * Float32Array did). A pass that summed in another order or rounded elsewhere would move pixels
 * of every deconvolved page.
 */
import { describe, expect, it } from 'vitest';
import { deblurred, weightedSum, weightedSumLoop, type Blur } from '../../src/engine/ocr/deblur.js';
import type { Gray } from '../../src/engine/ocr/clean.js';

/** A reproducible pseudo-random sequence (no Math.random in tests). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
}

describe('deconvolution passes: generated code, the loop\'s arithmetic', () => {
  const W = 97, rand = lcg(7);
  const src = Float32Array.from({ length: W * 40 }, () => 1 + rand() * 250);
  const gauss = Float32Array.from([0.05, 0.12, 0.2, 0.26, 0.2, 0.12, 0.05].map(Math.fround));
  const smearW = Float32Array.from([0.1, 0.13, 0.27, 0.3, 0.2].map(Math.fround));

  for (const [name, offsets, weights, round] of [
    ['Gaussian along rows', [-3, -2, -1, 0, 1, 2, 3], gauss, false],
    ['Gaussian down columns', [-3, -2, -1, 0, 1, 2, 3].map((i) => i * W), gauss, false],
    ['smear, rounded each tap', [-2 * W - 1, -W, 0, W + 1, 2 * W + 2], smearW, true],
    ['smear flipped', [2 * W + 1, W, 0, -W - 1, -2 * W - 2], smearW, true],
  ] as const) {
    it(name, () => {
      const a = new Float32Array(src.length), b = new Float32Array(src.length);
      const from = 3 * W, to = src.length - 3 * W;
      weightedSum([...offsets], weights, round)(src, a, from, to);
      weightedSumLoop([...offsets], Array.from(weights), round)(src, b, from, to);
      expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
      // Not a pass that does nothing: the sums are there.
      expect(a[from + 5]).toBeGreaterThan(0);
    });
  }

  it('a smear rounded once at the end differs from one rounded each tap (the test can see the difference)', () => {
    const a = new Float32Array(src.length), b = new Float32Array(src.length);
    const offsets = [-2 * W - 1, -W, 0, W + 1, 2 * W + 2];
    weightedSum(offsets, smearW, true)(src, a, 3 * W, src.length - 3 * W);
    weightedSum(offsets, smearW, false)(src, b, 3 * W, src.length - 3 * W);
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(false);
  });

  it('a defocused and a smeared drawing come out of the deconvolution sharper', () => {
    // Dark bars on paper, blurred by a box: the deconvolution must steepen their edges.
    const w = 200, h = 120, data = new Uint8Array(w * h).fill(230);
    for (let y = 40; y < 80; y++) for (let x = 0; x < w; x++) if (Math.floor(x / 10) % 2) data[y * w + x] = 30;
    const soft = new Uint8Array(data);
    for (let y = 0; y < h; y++) for (let x = 3; x < w - 3; x++) { let s = 0; for (let d = -3; d <= 3; d++) s += data[y * w + x + d]!; soft[y * w + x] = Math.round(s / 7); }
    const img: Gray = { width: w, height: h, data: soft };
    const edge = (g: Gray) => Math.abs(g.data[60 * w + 21]! - g.data[60 * w + 19]!);
    const blurs: Blur[] = [{ kind: 'defocus', sigma: 1.5, steepness: [] }, { kind: 'smear', angle: 0, length: 7, steepness: [] }];
    for (const blur of blurs) {
      const out = deblurred(img, blur).image;
      expect(edge(out)).toBeGreaterThan(edge(img));
    }
  });
});
