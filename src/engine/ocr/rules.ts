import type { Gray } from './clean.js';

/** Darker than this is ink (0 = black). */
const INK = 150;
/** Ink lighter than this next to a rule is the rule's anti-aliased edge. */
const EDGE = 215;

/**
 * The page with its ruling lines whitened: the borders of form boxes and the lines of blanks.
 * The OCR engine takes a box drawn around a value for a picture and drops the value inside
 * (measured on scanned application and tax forms: every boxed value lost). A rule is a run of
 * ink longer than a glyph of the text a form is filled in: a twenty-fifth of the page width
 * across (a third of an inch), a fiftieth down (12 points: a box around one line of 10-point
 * text is 15 to 20 points high). Runs are found on three rows (columns) at once so that a rule
 * left a pixel off level by the deskew still counts whole.
 */
export function eraseRules(img: Gray): Gray {
  const { width: w, height: h, data } = img;
  const minAcross = Math.max(40, Math.round(w / 25));
  const minDown = Math.max(30, Math.round(w / 50));
  const mask = new Uint8Array(w * h);
  const ink = (x: number, y: number) => y >= 0 && y < h && data[y * w + x]! < INK;

  for (let y = 0; y < h; y++) {
    let start = -1;
    for (let x = 0; x <= w; x++) {
      const on = x < w && (ink(x, y) || ink(x, y - 1) || ink(x, y + 1));
      if (on && start < 0) start = x;
      else if (!on && start >= 0) {
        if (x - start >= minAcross) for (let i = start; i < x; i++) mask[y * w + i] = 1;
        start = -1;
      }
    }
  }
  for (let x = 0; x < w; x++) {
    let start = -1;
    for (let y = 0; y <= h; y++) {
      const on = y < h && (ink(x, y) || (x > 0 && ink(x - 1, y)) || (x + 1 < w && ink(x + 1, y)));
      if (on && start < 0) start = y;
      else if (!on && start >= 0) {
        if (y - start >= minDown) for (let i = start; i < y; i++) mask[i * w + x] = 1;
        start = -1;
      }
    }
  }
  const out = new Uint8Array(data);
  for (let p = 0; p < out.length; p++) if (mask[p] && out[p]! < EDGE) out[p] = 255;
  return { width: w, height: h, data: out };
}
