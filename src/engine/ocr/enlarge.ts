/** Image scaling for OCR, apart from clean.ts so the OCR engine's module does not load the native canvas. */
import type { Gray } from './clean.js';

/** The image enlarged by `factor` (bilinear). */
export function enlarged(img: Gray, factor: number): Gray {
  const width = Math.round(img.width * factor), height = Math.round(img.height * factor);
  const data = new Uint8Array(width * height);
  const src = img.data, sw = img.width, sh = img.height;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(fy), y1 = Math.min(sh - 1, y0 + 1), wy = fy - y0;
    const r0 = y0 * sw, r1 = y1 * sw, out = y * width;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(fx), x1 = Math.min(sw - 1, x0 + 1), wx = fx - x0;
      const top = src[r0 + x0]! + (src[r0 + x1]! - src[r0 + x0]!) * wx;
      const bottom = src[r1 + x0]! + (src[r1 + x1]! - src[r1 + x0]!) * wx;
      data[out + x] = top + (bottom - top) * wy + 0.5;
    }
  }
  return { width, height, data };
}
