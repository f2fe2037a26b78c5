import type { Canvas } from '@napi-rs/canvas';
import { grayOf, type Gray } from './clean.js';
import { dewarped } from './dewarp.js';
import { halfTurned, linesRunVertically, mayBeUpsideDown, quarterTurnedGray, turnedReadsBetter } from './orientation.js';
import { darkBorder, findSheet, rectify, type Quad } from './perspective.js';
import { deblurred, measureBlur, type Blur } from './deblur.js';
import { smearByReading } from './smear-direction.js';
import { smearFromSpectrum } from './smear-spectrum.js';
import { boxTransfer, filteredGray, gaussTransfer } from './blur-filter.js';
import { undithered } from './dither.js';
import { bilevelSmoothed } from './bilevel.js';
import type { OcrWord } from './tesseract.js';

/**
 * A captured page made upright, in gray, before cleaning: a photographed sheet found on the
 * table and squared (./perspective.ts), then turned a quarter when its lines run up and down
 * (./orientation.ts), out of focus or shaken undone: a wide defocus by one regularised inverse
 * filter of its Gaussian, a long smear of a shaken hand filtered along the smear its spectrum
 * shows (`filteredBlur`), a narrower defocus and a short smear deconvolved (./deblur.ts). Scans and photos whose sheet
 * fills the frame with lines across come out as the plain gray of the canvas.
 */
export function uprightGray(canvas: Canvas, opts: { enlarged?: boolean } = {}): { gray: Gray; quad: Quad | null; quarterTurned: boolean; sharpened: boolean } {
  const u = squaredAndTurned(canvas, opts);
  if (u.final) return u;
  const measured = u.dithered ? undefined : measureBlur(u.gray);
  const filtered = measured ? filteredBlur(u.gray, measured) : null;
  if (filtered) return { gray: filtered, quad: u.quad, quarterTurned: u.quarterTurned, sharpened: true };
  const sharp = deblurred(u.gray, measured, { fewest: u.dithered });
  return { gray: sharp.image, quad: u.quad, quarterTurned: u.quarterTurned, sharpened: sharp.blur !== null };
}

/**
 * `uprightGray`, with a smear that the spectrum cannot measure (no tile of print) given the
 * direction a band of the page reads best in once undone (./smear-direction.ts); `read` is the
 * plain page reading.
 */
export async function uprightGrayRead(canvas: Canvas, opts: { enlarged?: boolean }, read: (img: Gray) => Promise<OcrWord[]>): Promise<{ gray: Gray; quad: Quad | null; quarterTurned: boolean; sharpened: boolean; coarseFax: boolean }> {
  const u = squaredAndTurned(canvas, opts);
  if (u.final) return u;
  const measured = u.dithered ? undefined : measureBlur(u.gray);
  const filtered = measured ? filteredBlur(u.gray, measured) : null;
  if (filtered) return { gray: filtered, quad: u.quad, quarterTurned: u.quarterTurned, sharpened: true, coarseFax: false };
  // A page with no tile of print for the spectrum: the direction chosen by reading (short smears keep the measured one).
  const blur = measured ? await smearByReading(u.gray, measured, read) : measured;
  const sharp = deblurred(u.gray, blur, { fewest: u.dithered });
  return { gray: sharp.image, quad: u.quad, quarterTurned: u.quarterTurned, sharpened: sharp.blur !== null, coarseFax: false };
}

/**
 * The Laplacian's weight in the smear's filter (./blur-filter.ts): on the most printed bands of
 * composed 428–436 shaken 7 px (bench/restore-compare.ts), 0.03 read 1846 characters of the
 * pages' words surely; with a constant 0.002 added to the denominator (Wiener's noise term),
 * 0.01 / 0.03 / 0.1 / 0.3 read 1783 / 1804 / 1665 / 1488, and plain Wiener (0.03, no Laplacian) 1473.
 */
const SMEAR_LAMBDA = 0.03;

/**
 * The Laplacian's weight in a defocus's filter: a Gaussian has no zeros, so it wants less than a
 * smear's sinc. Whole pages of composed scans defocused by the generator, each read whole
 * (characters of words read sure that are words of the page; out/scratch-style): on 437 and
 * 441 (200 dpi, 3 pages) λ 0.003 / 0.01 / 0.03 read 2025 / 2185 / 2035, Richardson–Lucy 2029;
 * on 438, 442 (300 dpi) and 439 (200 dpi) λ 0.005 / 0.01 / 0.02 read 3935 / 4197 / 4160, RL
 * 3599. The steps' σ (./deblur.ts) scaled × 1.15 read 1738 on the first set and × 0.9 4165 on
 * the second: the measure is kept as it is.
 */
const DEFOCUS_LAMBDA = 0.01;
/**
 * The σ (px at the page's ~300 dpi) from which a defocus is filtered rather than deconvolved by
 * Richardson–Lucy. Measured on composed scans defocused by the generator (σ 2.2 px of a 300-dpi
 * capture, 3.3 of a 200-dpi one enlarged): pages measured σ 2.1–2.4 read more right characters
 * filtered, but lost whole figures' thin marks (a leading 1, a date's dots: composed 912 F1
 * 1.000 → 0.462, 902 and 904 1.000 → 0.92) where RL's positive, multiplicative steps keep them;
 * pages of σ 2.7–3.6, which RL's 11–12 steps leave soft, read far better filtered (443 0.52 →
 * 0.97, 453 0 → 0.97; 914's second page, 2.72 at 300 dpi, reads 1.000 either way). The
 * generator draws no width between, so the boundary is set between the two it draws.
 */
const FILTER_DEFOCUS_FROM = 2.5;

/**
 * A blur undone by one regularised inverse filter (./blur-filter.ts): a wide defocus by its
 * Gaussian of the σ its steps measure (./deblur.ts), which reads more of such a page than
 * Richardson–Lucy for about 60 % of its CPU; a smear long enough for its direction to matter
 * along the smear measured from the zeros of the page's spectrum (./smear-spectrum.ts: the
 * print's steps lean to the level and the upright), which reads better than Richardson–Lucy along the direction a band's readings
 * choose (./smear-direction.ts), for a fraction of the CPU: no band read 3–6 times, no
 * iterations. Null for a narrower defocus, a short smear, or a smear on a page without print.
 */
function filteredBlur(gray: Gray, blur: Blur): Gray | null {
  if (blur.kind === 'defocus') return blur.sigma >= FILTER_DEFOCUS_FROM ? filteredGray(gray, gaussTransfer(blur.sigma), DEFOCUS_LAMBDA) : null;
  if (!longSmear(blur.length)) return null;
  const spectral = smearFromSpectrum(gray);
  return spectral ? filteredGray(gray, boxTransfer(spectral.angle, spectral.length), SMEAR_LAMBDA) : null;
}

/** A smear whose direction matters (./smear-direction.ts's rule): a 4-px one (a scan's) turned 24° moves its end 1.6 px, under the restoration's own error; such a page keeps Richardson–Lucy along the measured direction. */
function longSmear(length: number): boolean {
  return length * Math.sin((24 * Math.PI) / 180) >= 2;
}

/** The page squared, turned and a dithered fax smoothed: all of `uprightGray` but the blur undone (`final` when that is not to be done). */
function squaredAndTurned(canvas: Canvas, opts: { enlarged?: boolean }): { gray: Gray; quad: Quad | null; quarterTurned: boolean; sharpened: false; dithered: boolean; coarseFax: boolean; final: boolean } {
  let gray = grayOf(canvas);
  const quad = darkBorder(gray) ? findSheet(canvas) : null;
  if (quad) gray = rectify(gray, quad);
  // Which of the two sideways turns is right is not seen here: a quarter turn clockwise, and the
  // reading's half-turn check (readUpright) catches the other.
  const sideways = linesRunVertically(gray);
  // A dithered fax smoothed (./dither.ts); then a blurred page, or the smoothed fax (whose
  // smoothing is a blur of its own: 8-pt digits stayed broken), deconvolved (./deblur.ts); a
  // thresholded fax's staircases smoothed (./bilevel.ts) and not deconvolved (its smoothing is
  // the point; measured, no blur was found on composed 531–540 either); a plain page as it is.
  const turned = sideways ? quarterTurnedGray(gray) : gray;
  const undone = undithered(turned);
  const smooth = undone.dithered ? { image: undone.image, bilevel: false, coarse: false } : bilevelSmoothed(turned);
  // A small photo enlarged to page size is soft by the enlargement, not by its lens: deconvolved,
  // its JPEG blocks came out as marks and a real photo lost a date it read before.
  return { gray: smooth.image, quad, quarterTurned: sideways, sharpened: false, dithered: undone.dithered, coarseFax: smooth.coarse, final: !!opts.enlarged || smooth.bilevel };
}

/**
 * The page's words, read again upside down when the first reading is poor (fewer than half its
 * words sure) and kept when the turned reading is clearly better. Returns the image the kept
 * words were read from (their boxes are in its pixels). `known`: the way up an earlier reading
 * of the same page found (true: half-turned), read that way once: a page read a second way
 * (its rules erased, a fax thresholded locally) is still the same way up, and a poor page was
 * read upside down again on every pass (a fax whose header no pass finds: 3 of its 9 readings).
 */
export async function readUpright(image: Gray, read: (img: Gray) => Promise<OcrWord[]>, known?: boolean, trial?: UpsideDownTrial): Promise<{ words: OcrWord[]; image: Gray; halfTurned: boolean }> {
  if (known !== undefined) {
    const img = known ? halfTurned(image) : image;
    return { words: await read(img), image: img, halfTurned: known };
  }
  const words = await read(image);
  if (!mayBeUpsideDown(words)) return { words, image, halfTurned: false };
  const turned = halfTurned(image);
  const again = await (trial ?? { read }).read(turned);
  if (!turnedReadsBetter(words, again)) return { words, image, halfTurned: false };
  await trial?.check(turned, again);
  return { words: again, image: turned, halfTurned: true };
}

/**
 * How the half-turned page is read on trial: `read` without the best model's checks of unsure
 * figures, which `check` then gives the turned reading only when it is kept. A poor page that is
 * upright (nearly every one) had up to 150 figures of its discarded upside-down reading checked.
 */
export interface UpsideDownTrial {
  read(img: Gray): Promise<OcrWord[]>;
  check(img: Gray, words: OcrWord[]): Promise<unknown>;
}

/** The cleaned page with its printed lines straightened when they bow (a curled sheet; ./dewarp.ts); a flat page as it is. */
export function straightened(image: Gray): Gray {
  return dewarped(image).image;
}
