/**
 * The page passes that run once a page (deskew's turn and skew search, the paper's light, the
 * dewarp's line pitch, the quarter-turn test, the unread-print grid) keep their loops over a row
 * in small functions of their own: inline in a function called once a page, V8 optimised each
 * loop only part way through every page's call (on-stack replacement), the rest ran unoptimised
 * (every double a new heap number: 14 MB of garbage a page in the blur measure alone) and each
 * page's compile was of the whole large function (docs/ocr.md, "Loops in functions of their
 * own"). The split must not move a pixel or a figure: the references below are the loops as they
 * were inline, on generated pages.
 */
import { describe, expect, it } from 'vitest';
import { paperLight, rotatedGray, skewAngle, type Gray } from '../../src/engine/ocr/clean.js';
import { linePitch } from '../../src/engine/ocr/dewarp.js';

/** A reproducible pseudo-random sequence (no Math.random in tests). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
}

/** Lines of "print" on grey paper with grain, the lines falling `slope` px per px, the light falling across the page by `shade`. */
function page(seed: number, slope: number, shade: number): Gray {
  const w = 900, h = 1200, rand = lcg(seed), data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = Math.round((226 + rand() * 14) * (1 - shade * (x / w)));
  for (let base = 40; base < h - 60; base += 22) {
    if (rand() < 0.2) continue;
    for (let x = 40; x < w - 40; x++) {
      if (Math.floor(x / 6) % 4 === 0 || rand() < 0.15) continue;
      const y0 = Math.round(base + slope * x);
      for (let d = 0; d < 9; d++) if (y0 + d < h) data[(y0 + d) * w + x] = 25 + Math.floor(rand() * 40);
    }
  }
  return { width: w, height: h, data };
}

/** rotatedGray as it was: the runs' copy inline. */
function rotatedGrayInline(img: Gray, deg: number): Uint8Array {
  const { width: w, height: h, data: src } = img;
  const out = new Uint8Array(w * h).fill(255);
  const t = Math.tan((deg * Math.PI) / 180);
  const cx = w / 2, cy = h / 2;
  const runs: { x0: number; x1: number; dy: number }[] = [];
  for (let x = 0; x < w;) {
    const dy = Math.round(t * (x + 0.5 - cx));
    let x1 = x + 1;
    while (x1 < w && Math.round(t * (x1 + 0.5 - cx)) === dy) x1++;
    runs.push({ x0: x, x1, dy });
    x = x1;
  }
  for (let y = 0; y < h; y++) {
    const dx = -Math.round(t * (y + 0.5 - cy));
    for (const r of runs) {
      const sy = y + r.dy;
      if (sy < 0 || sy >= h) continue;
      const a = Math.max(r.x0, -dx), b = Math.min(r.x1, w - dx);
      for (let x = a; x < b; x++) out[y * w + x] = src[sy * w + dx + x]!;
    }
  }
  return out;
}

/** paperLight's blocks as they were counted inline: each block's brightest 4×4 cell mean. */
function brightestCellsInline(img: Gray, block: number): Float32Array {
  const { width: w, height: h, data } = img;
  const bw = Math.ceil(w / block), bh = Math.ceil(h / block), a = new Float32Array(bw * bh);
  const cw = Math.floor(w / 4), sums = new Uint32Array(cw);
  for (let cy = 0; (cy + 1) * 4 <= h; cy++) {
    sums.fill(0);
    for (let y = cy * 4; y < (cy + 1) * 4; y++) {
      let p = y * w;
      for (let c = 0; c < cw; c++, p += 4) sums[c] = sums[c]! + data[p]! + data[p + 1]! + data[p + 2]! + data[p + 3]!;
    }
    const brow = Math.floor((cy * 4) / block) * bw;
    for (let c = 0; c < cw; c++) {
      const m = sums[c]! / 16, k = brow + Math.floor((c * 4) / block);
      if (m > a[k]!) a[k] = m;
    }
  }
  return a;
}

/** The skew search's projection score as skewAngle's closure computed it. */
function skewInline(img: Gray): number {
  const f = Math.max(1, Math.round(img.width / 800));
  const w = Math.floor(img.width / f), h = Math.floor(img.height / f);
  const small = new Uint8Array(w * h), hist = new Uint32Array(256);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let s = 0;
    for (let dy = 0; dy < f; dy++) for (let dx = 0; dx < f; dx++) s += img.data[(y * f + dy) * img.width + x * f + dx]!;
    const v = Math.round(s / (f * f)); small[y * w + x] = v; hist[v]!++;
  }
  let sum = 0, sumB = 0, wB = 0, best = 0, t = 128;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  for (let k = 0; k < 256; k++) {
    wB += hist[k]!; if (!wB) continue;
    const wF = w * h - wB; if (!wF) break;
    sumB += k * hist[k]!;
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > best) { best = between; t = k; }
  }
  const xs: number[] = [], ys: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (small[y * w + x]! <= t) { xs.push(x - w / 2); ys.push(y); }
  if (xs.length < 200 || xs.length > w * h * 0.5) return 0;
  const bins = new Float64Array(h * 2 + 2);
  const score = (deg: number) => {
    const r = (deg * Math.PI) / 180, s = Math.sin(r), c = Math.cos(r);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) { const yy = Math.round(ys[i]! * c - xs[i]! * s) + Math.floor(h / 2); if (yy >= 0 && yy < bins.length) bins[yy]!++; }
    let q = 0;
    for (let i = 0; i < bins.length; i++) q += bins[i]! * bins[i]!;
    return q;
  };
  let at = 0, atScore = score(0);
  for (let a = -5; a <= 5 + 1e-9; a += 0.25) { const sc = score(a); if (sc > atScore) { at = a; atScore = sc; } }
  const coarse = at;
  for (let a = coarse - 0.25; a <= coarse + 0.25 + 1e-9; a += 0.02) { const sc = score(a); if (sc > atScore) { at = a; atScore = sc; } }
  return Math.round(at * 100) / 100;
}

/** linePitch's autocorrelation as it was summed inline: the first peak's lag past the first valley. */
function pitchInline(profiles: Float32Array[], maxLag: number): number | null {
  const h = profiles[0]!.length, L = Math.min(maxLag, h >> 1);
  const centred = profiles.map((p) => { let mean = 0; for (let y = 0; y < h; y++) mean += p[y]!; mean /= h; const c = new Float32Array(h); for (let y = 0; y < h; y++) c[y] = p[y]! - mean; return c; });
  const at = (d: number) => { let sum = 0; for (const c of centred) { let sc = 0; for (let y = 0; y + d < h; y++) sc += c[y]! * c[y + d]!; sum += sc; } return sum; };
  let d = 1;
  while (d <= L && at(d) >= 0) d++;
  while (d < L && at(d + 1) <= at(d)) d++;
  while (d < L && at(d + 1) > at(d)) d++;
  return d < L && at(d) > 0 ? d : null;
}

describe('page passes with their row loops in functions of their own: the inline loops\' pixels and figures', () => {
  const pages = [page(1, 0, 0), page(2, 0.012, 0.3), page(3, -0.03, 0.6)];

  it('deskew turns every pixel as before', () => {
    for (const p of pages) for (const deg of [0.8, -2.3, 4.9]) expect(Buffer.compare(rotatedGray(p, deg).data, rotatedGrayInline(p, deg))).toBe(0);
  });

  it('the skew search finds the same angle', () => {
    for (const p of pages) expect(skewAngle(p)).toBe(skewInline(p));
    expect(skewInline(pages[2]!)).not.toBe(0);
  });

  it('the paper\'s light is estimated from the same brightest cells', () => {
    for (const p of pages) {
      const got = paperLight(p);
      expect([...got.blocks]).toEqual([...brightestCellsInline(p, got.block)]);
    }
  });

  it('the line pitch is summed to the same lag', () => {
    for (const [k, p] of pages.entries()) {
      const profiles = [0, 1, 2].map((s) => { const f = new Float32Array(p.height); for (let y = 0; y < p.height; y++) for (let x = s * 300; x < s * 300 + 300; x += 2) if (p.data[y * p.width + x]! < 128) f[y]!++; return f; });
      expect(linePitch(profiles, [true, true, true], 40), `page ${k}`).toBe(pitchInline(profiles, 40));
      if (k === 0) expect(pitchInline(profiles, 40)).toBe(22);
    }
  });
});
