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
 * left a pixel off level by the deskew still counts whole. A page with no rule is returned itself.
 */
export function eraseRules(img: Gray): Gray {
  const { width: w, height: h, data } = img;
  const minAcross = Math.max(40, Math.round(w / 25));
  const minDown = Math.max(30, Math.round(w / 50));
  const mask = new Uint8Array(w * h);
  // 1 where the pixel is ink: read once, then the runs are found on these bytes row by row
  // (a column-wise walk over an 8-million-pixel page cost ~0.25 CPU s a page in cache misses).
  const ink = new Uint8Array(w * h);
  for (let p = 0; p < ink.length; p++) ink[p] = data[p]! < INK ? 1 : 0;

  // Across: ink on the row or the one above or below.
  for (let y = 0; y < h; y++) {
    const row = y * w, up = y > 0 ? row - w : -1, down = y + 1 < h ? row + w : -1;
    let start = -1;
    for (let x = 0; x <= w; x++) {
      const on = x < w && (ink[row + x] === 1 || (up >= 0 && ink[up + x] === 1) || (down >= 0 && ink[down + x] === 1));
      if (on && start < 0) start = x;
      else if (!on && start >= 0) {
        if (x - start >= minAcross) mask.fill(1, row + start, row + x);
        start = -1;
      }
    }
  }
  // Down: ink in the column or the one left or right; each column's open run is carried from
  // row to row, so the page is still read in row order.
  const runStart = new Int32Array(w).fill(-1);
  const closeRun = (x: number, end: number) => {
    if (end - runStart[x]! >= minDown) for (let i = runStart[x]!; i < end; i++) mask[i * w + x] = 1;
    runStart[x] = -1;
  };
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const on = ink[row + x] === 1 || (x > 0 && ink[row + x - 1] === 1) || (x + 1 < w && ink[row + x + 1] === 1);
      if (on) { if (runStart[x]! < 0) runStart[x] = y; }
      else if (runStart[x]! >= 0) closeRun(x, y);
    }
  }
  for (let x = 0; x < w; x++) if (runStart[x]! >= 0) closeRun(x, h);
  let erased = false;
  for (let p = 0; p < mask.length && !erased; p++) if (mask[p] && data[p]! < EDGE) erased = true;
  // A page with no rule is handed back as it is: the caller knows its pixels are unchanged.
  if (!erased) return img;
  const out = new Uint8Array(data);
  for (let p = 0; p < out.length; p++) if (mask[p] && out[p]! < EDGE) out[p] = 255;
  return { width: w, height: h, data: out };
}
