/**
 * The blur measure's steepness along several directions is taken in one pass over the page
 * (src/engine/ocr/deblur.ts `steepnesses`: the page's histogram counted once, each direction's
 * neighbour read while the row is at hand; ~0.08 → 0.04 CPU s a sharp 300-dpi page). It must give
 * the figures the plain per-direction loop gave, bit for bit: a step that moved one bucket would
 * move a blurred page's measured σ or smear, and so its pixels and its reading. The reference
 * below is that loop as it was.
 */
import { describe, expect, it } from 'vitest';
import { steepnesses } from '../../src/engine/ocr/deblur.js';
import type { Gray } from '../../src/engine/ocr/clean.js';

/** The per-direction loop the measure used before (every third row's steps, bilinear neighbour). */
function steepnessLoop(img: Gray, deg: number): number {
  const { width: w, height: h, data } = img;
  const a = (deg * Math.PI) / 180, ux = Math.cos(a) * 2, uy = Math.sin(a) * 2;
  const hist = new Uint32Array(256), steps = new Uint32Array(256);
  const stepY = Math.max(4, Math.floor(h / 600));
  let n = 0;
  for (let y = 4; y < h - 4; y += stepY) {
    for (let x = 4; x < w - 4; x++) {
      const fx = x + ux, fy = y + uy, x0 = Math.floor(fx), y0 = Math.floor(fy), tx = fx - x0, ty = fy - y0;
      const p = y0 * w + x0;
      const b = (data[p]! * (1 - tx) + data[p + 1]! * tx) * (1 - ty) + (data[p + w]! * (1 - tx) + data[p + w + 1]! * tx) * ty;
      const v = data[y * w + x]!;
      hist[v]!++;
      const d = v > b ? v - b : b - v;
      steps[d > 255 ? 255 : d | 0]!++;
      n++;
    }
  }
  const at = (hs: Uint32Array, q: number) => { let acc = 0; for (let v = 0; v < 256; v++) { acc += hs[v]!; if (acc >= n * q) return v; } return 255; };
  const paper = at(hist, 0.9), darkest = at(hist, 0.001);
  const q = at(hist, 0.005) > (paper + darkest) / 2 ? 0.001 : 0.005;
  const contrast = paper - at(hist, q);
  if (contrast < 40) return 1;
  return at(steps, 1 - q) / contrast;
}

/** A reproducible pseudo-random sequence (no Math.random in tests). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
}

/** Strokes of "print" on grey paper with grain; `blur` px of a box along rows (a smear) or none; `ink` the share of rows printed. */
function page(seed: number, blur: number, ink: number): Gray {
  const w = 420, h = 2500, rand = lcg(seed), data = new Uint8Array(w * h);
  for (let i = 0; i < data.length; i++) data[i] = 228 + Math.floor(rand() * 12);
  for (let y = 20; y < h - 20; y += 30) {
    if (rand() > ink) continue;
    for (let x = 20; x < w - 20; x++) if (Math.floor(x / 7) % 3 !== 0 && rand() > 0.2) for (let d = 0; d < 12; d++) data[(y + d) * w + x] = 20 + Math.floor(rand() * 30);
  }
  if (!blur) return { width: w, height: h, data };
  const out = new Uint8Array(data);
  for (let y = 0; y < h; y++) for (let x = blur; x < w - blur; x++) { let s = 0; for (let d = -blur; d <= blur; d++) s += data[y * w + x + d]!; out[y * w + x] = Math.round(s / (2 * blur + 1)); }
  return { width: w, height: h, data: out };
}

describe('the blur measure in one pass: the per-direction loop\'s figures, bit for bit', () => {
  const twelve = Array.from({ length: 12 }, (_, i) => (i * 180) / 12);
  for (const [name, img] of [
    ['a sharp page', page(1, 0, 0.8)],
    ['a page smeared along its rows', page(2, 3, 0.8)],
    ['a short last page (little ink: measured on its darkest 0.1 %)', page(3, 0, 0.02)],
    ['paper with no print', page(4, 0, 0)],
  ] as const) {
    it(name, () => {
      const one = steepnesses(img, [0, 45, 90, 135, ...twelve]);
      const loop = [0, 45, 90, 135, ...twelve].map((d) => steepnessLoop(img, d));
      expect(one).toEqual(loop);
      expect(one.every((v, i) => Object.is(v, loop[i]))).toBe(true);
    });
  }

  it('the directions differ on a smeared page (the comparison can see a direction swapped)', () => {
    const s = steepnesses(page(2, 3, 0.8), [0, 90]);
    expect(s[0]).toBeLessThan(s[1]!);
  });
});
