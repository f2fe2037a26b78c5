import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'tesseract.js';
import { checkModelDir, englishModel } from './model.js';
import type { Gray } from './clean.js';
import { enlarged } from './enlarge.js';
import { grayTiff } from './gray-tiff.js';

/** One recognised word, in the pixels of the image it was read from. */
export interface OcrWord {
  text: string;
  /** 0–100, the engine's confidence in the whole word. */
  conf: number;
  x0: number; y0: number; x1: number; y1: number;
  /** The line's baseline at the word's left edge, and the line's ascent: baseline to the top of its tallest letters (pixels). */
  baseline: number;
  ascent: number;
  /** Index of the word's line on the page (words of one printed line share it). */
  line: number;
}

interface TessBox { x0: number; y0: number; x1: number; y1: number }
interface TessWord { text: string; confidence: number; bbox: TessBox }
interface TessLine { words: TessWord[]; bbox: TessBox; baseline: TessBox }
interface TessBlock { paragraphs: { lines: TessLine[] }[] }

/**
 * The words of tesseract.js's JSON of blocks, each with its line's baseline: what the engines
 * answered before their thread gave the words alone (`wordsOfEngine`); kept as the reference
 * the words are held to (tests, bench/page-variants.ts).
 */
export function wordsOf(blocks: TessBlock[] | null): OcrWord[] {
  const out: OcrWord[] = [];
  let lineNo = 0;
  for (const b of blocks ?? []) {
    for (const p of b.paragraphs) {
      for (const l of p.lines) {
        const bl = l.baseline;
        const slope = bl && bl.x1 !== bl.x0 ? (bl.y1 - bl.y0) / (bl.x1 - bl.x0) : 0;
        // The line box can take in a speck or a rule below; baseline to top is the letters' own height.
        const lineBase = bl ? bl.y0 + slope * (l.bbox.x0 - bl.x0) : l.bbox.y1;
        const ascent = Math.max(1, lineBase - l.bbox.y0);
        for (const w of l.words) {
          const text = w.text.trim();
          if (!text) continue;
          const baseline = bl ? bl.y0 + slope * (w.bbox.x0 - bl.x0) : w.bbox.y1;
          out.push({ text, conf: w.confidence, ...w.bbox, baseline, ascent, line: lineNo });
        }
        lineNo++;
      }
    }
  }
  return out;
}

/**
 * What ./engine-worker.cjs answers a recognition asked with `ledgerdropWords`: each word's text,
 * confidence and box (`box`: x0 y0 x1 y1 a word), and each line as 10 numbers (`lines`: the
 * index of its first word, its box, 1 when it has a baseline, the baseline's x0 y0 x1 y1).
 */
interface EngineWords { text: string[]; conf: number[]; box: number[]; lines: number[] }

/**
 * The words of the engine thread's answer, as `wordsOf` makes them from the JSON of blocks:
 * the same values by the same arithmetic, in the same order (test/convert/ocr-engine-words.test.ts).
 */
export function wordsOfEngine(r: EngineWords): OcrWord[] {
  const out: OcrWord[] = [];
  const nLines = r.lines.length / 10;
  for (let li = 0; li < nLines; li++) {
    const L = r.lines.slice(li * 10, li * 10 + 10);
    const from = L[0]!, to = li + 1 < nLines ? r.lines[(li + 1) * 10]! : r.text.length;
    const lb = { x0: L[1]!, y0: L[2]!, x1: L[3]!, y1: L[4]! };
    const bl = L[5] ? { x0: L[6]!, y0: L[7]!, x1: L[8]!, y1: L[9]! } : null;
    const slope = bl && bl.x1 !== bl.x0 ? (bl.y1 - bl.y0) / (bl.x1 - bl.x0) : 0;
    const lineBase = bl ? bl.y0 + slope * (lb.x0 - bl.x0) : lb.y1;
    const ascent = Math.max(1, lineBase - lb.y0);
    for (let i = from; i < to; i++) {
      const text = r.text[i]!.trim();
      if (!text) continue;
      const x0 = r.box[i * 4]!, y0 = r.box[i * 4 + 1]!, x1 = r.box[i * 4 + 2]!, y1 = r.box[i * 4 + 3]!;
      const baseline = bl ? bl.y0 + slope * (x0 - bl.x0) : y1;
      out.push({ text, conf: r.conf[i]!, x0, y0, x1, y1, baseline, ascent, line: li });
    }
  }
  return out;
}

/** Recognises an image on an engine thread of ours (./engine-worker.cjs): its words, without tesseract.js's JSON of blocks. */
async function engineWords(worker: Worker, image: Uint8Array | ArrayBufferLike): Promise<OcrWord[]> {
  const r = await worker.recognize(image as unknown as Buffer /* its loadImage views any ArrayBuffer as bytes */, {}, { ledgerdropWords: true, text: false } as never);
  return wordsOfEngine(r.data as unknown as EngineWords);
}

/**
 * The script each engine's thread runs: ./engine-worker.cjs, beside this module (the sources, and
 * the builds, which copy it beside their chunks: bin/build.mjs, electron.vite.config.ts).
 */
export function engineWorkerFile(moduleUrl: string = import.meta.url): string {
  const file = fileURLToPath(new URL('./engine-worker.cjs', moduleUrl));
  if (!existsSync(file)) throw new Error(`the OCR engine's worker script is missing: ${file}`);
  return file;
}

/** A started engine: a tesseract.js worker (a thread running the WebAssembly build) with its model loaded. */
type Start = () => Promise<Worker>;

/**
 * Engines of one kind in this thread, created on first use and kept for the next pages. A
 * worker whose page ran out of time is terminated and replaced; the others stay.
 */
class EnginePool {
  #idle: Worker[] = [];
  #created = 0;
  #waiting: ((w: Worker) => void)[] = [];
  constructor(private readonly size: () => number, private readonly start: Start) {}

  async acquire(): Promise<Worker> {
    const idle = this.#idle.pop();
    if (idle) return idle;
    if (this.#created < this.size()) {
      this.#created++;
      try { return await this.start(); } catch (err) { this.#created--; throw err; }
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(w: Worker): void {
    const next = this.#waiting.shift();
    if (next) next(w);
    else this.#idle.push(w);
  }

  /** A worker that must not be used again (timed out): ended, and a fresh one stands in for it. */
  discard(w: Worker): void {
    this.#created--;
    void w.terminate().catch(() => undefined);
    const next = this.#waiting.shift();
    if (next) void this.acquire().then(next);
  }

  async close(): Promise<void> {
    const all = this.#idle.splice(0);
    this.#created -= all.length;
    await Promise.all(all.map((w) => w.terminate().catch(() => undefined)));
  }
}

/** The page engine: the fast model, sparse text. */
async function startPageEngine(): Promise<Worker> {
  // tesseract.js is loaded with the first engine, not with the module (the CLI imports closeEngines).
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  // tesseract.js reads a model only from a directory (its in-memory form is broken in 7.0.0:
  // the language name is taken from the bytes): the model is put in a private directory for
  // the engine's start and removed once the engine holds it. A local langPath never fetches;
  // cacheMethod 'none' writes no cache file.
  const model = await englishModel();
  // node:os loaded here, not at load: the engine's start (every `ledgerdrop convert`) need not pay it.
  const { tmpdir } = await import('node:os');
  const dir = await mkdtemp(path.join(tmpdir(), 'ledgerdrop-ocr-'));
  let worker: Worker;
  try {
    await writeFile(path.join(dir, 'eng.traineddata'), model);
    worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: dir, cacheMethod: 'none', gzip: false, logger: () => undefined, errorHandler: () => undefined, workerPath: engineWorkerFile(),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  // Sparse text: every table cell is found on its own (page-layout mode merged columns and
  // lost 25 of 41 rows on a two-page scan of the dev corpus).
  // debug_file: the engine's diagnostics ("Estimating resolution as …") would go to the service's stderr.
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, preserve_interword_spaces: '1', debug_file: '/dev/null' });
  return worker;
}

/** The checking engine: the larger "best" model, one line at a time (./model.ts). */
async function startCheckEngine(): Promise<Worker> {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: checkModelDir(), cacheMethod: 'none', gzip: true, logger: () => undefined, errorHandler: () => undefined, workerPath: engineWorkerFile(),
  });
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE, debug_file: '/dev/null' });
  return worker;
}

let parallel = 2;
const engines = new EnginePool(() => parallel, startPageEngine);
// One checking engine per thread: it reads a few small strips a page, so pages share it.
const checkers = new EnginePool(() => 1, startCheckEngine);

export class OcrTimeoutError extends Error {}

/**
 * A number the fast model read with less confidence than this is read again by the best model
 * (the suspect mark is 80, ./confidence.ts: a number re-read above it is no longer a suspect).
 */
export const CHECK_BELOW_CONF = 90;
/** At most this many words of a page are checked (a page of noise would otherwise cost a strip per speck). */
export const MAX_CHECKS_PER_PAGE = 150;

/** A word that prints a number, date or amount: digits with at most a currency, sign or CR/DR around them. */
export function looksNumeric(text: string): boolean {
  return /\d/.test(text) && (text.match(/[A-Za-z]/g)?.length ?? 0) <= 2;
}

/** The bytes of a binary PGM (P5) of a rectangle of the image, framed by a white margin. */
function stripPgm(img: Gray, x0: number, y0: number, x1: number, y1: number, margin: number): Uint8Array {
  const w = x1 - x0 + 2 * margin, h = y1 - y0 + 2 * margin;
  const header = new TextEncoder().encode(`P5\n${w} ${h}\n255\n`);
  const out = new Uint8Array(header.length + w * h).fill(255);
  out.set(header, 0);
  for (let y = y0; y < y1; y++) {
    const from = y * img.width;
    out.set(img.data.subarray(from + x0, from + x1), header.length + (y - y0 + margin) * w + margin);
  }
  return out;
}

/**
 * Numbers the fast model was unsure of, each read again by the best model on a strip cut around
 * the word; the best model's reading replaces it when it is one number, about as long, read with
 * more confidence.
 * The fast model loses a digit now and then where the best one does not ("500.00" read as
 * "900.00" at 68 on a 200-dpi scan): this keeps the best model's accuracy on the figures that
 * matter at a few strips' cost. Returns how many words were checked.
 */
export async function checkNumbers(img: Gray, words: OcrWord[]): Promise<number> {
  const doubtful = words.filter((w) => w.conf < CHECK_BELOW_CONF && looksNumeric(w.text)).slice(0, MAX_CHECKS_PER_PAGE);
  if (!doubtful.length) return 0;
  for (const w of doubtful) {
    const h = Math.max(1, w.y1 - w.y0);
    // Tight sideways (a neighbour's bracket or rule must not join the number), the white margin gives context.
    const padX = Math.round(h * 0.12), padY = Math.round(h * 0.2);
    const x0 = Math.max(0, w.x0 - padX), x1 = Math.min(img.width, w.x1 + padX);
    const y0 = Math.max(0, w.y0 - padY), y1 = Math.min(img.height, w.y1 + padY);
    if (x1 <= x0 || y1 <= y0) continue;
    // The scan's grey paper made white, as for any crop (plainCrop): framed in white, a grey
    // field made the checking engine misread digits ("15.386,15" read "13.386,15" at 23 on a
    // 200-dpi scan; from the plain crop, "15.386,15" at 90).
    const plain = plainCrop(img, x0, y0, x1, y1);
    const pgm = plain ? stripPgm(plain, 0, 0, plain.width, plain.height, Math.round(plain.height * 0.5)) : stripPgm(img, x0, y0, x1, y1, Math.round(h * 0.5));
    const again = await withChecker((worker) => engineWords(worker, pgm), null);
    if (!again) break;
    // Kept only as the same kind of word: one number, about as long, read with more confidence.
    const best = again.length === 1 ? again[0]! : undefined;
    if (best && best.conf > w.conf && looksNumeric(best.text) && Math.abs(best.text.length - w.text.length) <= 1) {
      w.text = best.text;
      w.conf = best.conf;
    }
  }
  return doubtful.length;
}

/**
 * A crop made plain for the checking engine: the scan's grey paper white (inside a white
 * margin a grey field made the engine drop an amount's commas and points: "142,470.62" read
 * "14247062"), then cut to its line of print — the tallest band of inked rows, without a
 * box's edge at either side (a column run a few pixels wide) or the remnants of an erased rule.
 */
function plainCrop(img: Gray, x0: number, y0: number, x1: number, y1: number): Gray | null {
  const w = x1 - x0, h = y1 - y0;
  const data = new Uint8Array(w * h);
  const hist = new Uint32Array(256);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) { const v = img.data[(y0 + y) * img.width + x0 + x]!; data[y * w + x] = v; hist[v]!++; }
  let paper = 255, most = 0;
  for (let v = 100; v < 256; v++) if (hist[v]! > most) { most = hist[v]!; paper = v; }
  const cut = paper - 40;
  for (let i = 0; i < data.length; i++) if (data[i]! >= cut) data[i] = 255;
  const inkRow = (y: number) => { let n = 0; for (let x = 0; x < w; x++) if (data[y * w + x]! < 255) n++; return n; };
  // The tallest band of rows with ink: the printed line (an erased rule leaves a thin band).
  let best: [number, number] | null = null;
  for (let y = 0; y < h;) {
    if (inkRow(y) < 2) { y++; continue; }
    const from = y;
    while (y < h && inkRow(y) >= 2) y++;
    if (!best || y - from > best[1] - best[0]) best = [from, y];
  }
  if (!best || best[1] - best[0] < 6) return null;
  const [top, bottom] = best;
  const inkCol = (x: number) => { for (let y = top; y < bottom; y++) if (data[y * w + x]! < 255) return true; return false; };
  // Column runs of ink; a thin run at either end is a box's edge, not print.
  const runs: Array<[number, number]> = [];
  for (let x = 0; x < w;) {
    if (!inkCol(x)) { x++; continue; }
    const from = x;
    while (x < w && inkCol(x)) x++;
    runs.push([from, x]);
  }
  // An edge: a narrow run set apart from the print by more than half a line's height.
  const edgeW = Math.max(3, Math.round((bottom - top) * 0.12)), apart = (bottom - top) * 0.5;
  const width = (r: [number, number]) => r[1] - r[0];
  while (runs.length > 1 && width(runs[0]!) <= edgeW && runs[1]![0] - runs[0]![1] > apart) runs.shift();
  while (runs.length > 1 && width(runs[runs.length - 1]!) <= edgeW && runs[runs.length - 1]![0] - runs[runs.length - 2]![1] > apart) runs.pop();
  if (!runs.length) return null;
  const left = runs[0]![0], right = runs[runs.length - 1]![1];
  const cw = right - left, ch = bottom - top;
  const out = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) out.set(data.subarray((top + y) * w + left, (top + y) * w + right), y * cw);
  return { width: cw, height: ch, data: out } as Gray;
}

/**
 * The text in one rectangle of a page image (pixels), read by the checking engine as a single
 * line, with only `whitelist` characters allowed when given: a form's box whose value the page
 * reading lost (../forms/second-look.ts), a garbled cell of a table column (./column-cells.ts).
 * A line of print under `minBand` pixels tall is enlarged towards it first (at most 2.5×:
 * small type reads poorly). Words come back in the crop's pixels. The engine's settings are
 * put back after the read.
 */
export async function recognizeRegion(img: Gray, x0: number, y0: number, x1: number, y1: number, whitelist = '', minBand = 0): Promise<OcrWord[]> {
  x0 = Math.max(0, Math.floor(x0)); y0 = Math.max(0, Math.floor(y0));
  x1 = Math.min(img.width, Math.ceil(x1)); y1 = Math.min(img.height, Math.ceil(y1));
  if (x1 - x0 < 4 || y1 - y0 < 4) return [];
  const plain = plainCrop(img, x0, y0, x1, y1);
  if (!plain) return [];
  const crop = plain.height < minBand ? enlarged(plain, Math.min(2.5, minBand / plain.height)) : plain;
  const pgm = stripPgm(crop, 0, 0, crop.width, crop.height, Math.round(crop.height * 0.5));
  return withChecker(async (worker) => {
    try {
      if (whitelist) await worker.setParameters({ tessedit_char_whitelist: whitelist });
      return await engineWords(worker, pgm);
    } finally {
      if (whitelist) await worker.setParameters({ tessedit_char_whitelist: '' }).catch(() => undefined);
    }
  }, []);
}

/**
 * A checking engine's job that has not answered in this long is given up: its engine is ended
 * and a fresh one stands in for it. A strip takes well under a second; an engine whose thread
 * died (an abort inside the WebAssembly build ends the thread without a word) never answers,
 * and a conversion waited on it for good (seen twice on the composed-scan sweep, Courier pages
 * under load).
 */
const CHECK_TIMEOUT_MS = 60_000;

/** Runs `job` on this thread's checking engine; past CHECK_TIMEOUT_MS the engine is replaced and `unread` returned (nothing read, nothing made up). */
async function withChecker<T>(job: (w: Worker) => Promise<T>, unread: T): Promise<T> {
  const worker = await checkers.acquire();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => { timer = setTimeout(() => resolve(LATE), CHECK_TIMEOUT_MS); });
  try {
    const out = await Promise.race([job(worker), late]);
    if (out === LATE) { checkers.discard(worker); return unread; }
    checkers.release(worker);
    return out;
  } catch (err) {
    checkers.release(worker);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
const LATE = Symbol('late');

/** A rectangle of a page image (pixels). */
export interface Box { x0: number; y0: number; x1: number; y1: number }

/**
 * Single marks of a page (a debit/credit column's letters, one a row), each read as
 * `recognizeRegion` reads a region, but all in one pass of the checking engine: each mark's
 * plain crop, enlarged to `minBand` pixels tall (at most 2.5×), is set on a line of its own in
 * one column of white, a band's height apart, read as a block of lines, and each line's words go
 * back to the mark it holds. The engine reads line by line, so a letter is read as alone (laid
 * side by side on one line, evenly spaced letters were read as one word, "D" "D" as "bp"). A
 * pass costs about what one strip costs: the engine's start of a recognition, not the pixels, is
 * most of a small strip's price. Returns each mark's words (none for a mark that holds no
 * print), in the column's pixels.
 */
export async function recognizeMarks(img: Gray, boxes: Box[], minBand: number): Promise<OcrWord[][]> {
  const crops = boxes.map((b) => {
    const x0 = Math.max(0, Math.floor(b.x0)), y0 = Math.max(0, Math.floor(b.y0));
    const x1 = Math.min(img.width, Math.ceil(b.x1)), y1 = Math.min(img.height, Math.ceil(b.y1));
    if (x1 - x0 < 4 || y1 - y0 < 4) return null;
    const plain = plainCrop(img, x0, y0, x1, y1);
    return plain && plain.height < minBand ? enlarged(plain, Math.min(2.5, minBand / plain.height)) : plain;
  });
  const out: OcrWord[][] = boxes.map(() => []);
  const live = crops.flatMap((c, i) => (c ? [{ c, i }] : []));
  if (!live.length) return out;
  const width = Math.max(...live.map(({ c }) => c.width));
  const gap = Math.max(...live.map(({ c }) => c.height)), margin = Math.round(gap * 0.5);
  const height = live.reduce((n, { c }) => n + c.height, 0) + gap * (live.length - 1);
  const column: Gray = { width, height, data: new Uint8Array(width * height).fill(255) };
  const slots: { from: number; to: number; i: number }[] = [];
  let y = 0;
  for (const { c, i } of live) {
    for (let r = 0; r < c.height; r++) column.data.set(c.data.subarray(r * c.width, (r + 1) * c.width), (y + r) * width);
    slots.push({ from: y - gap / 2, to: y + c.height + gap / 2, i });
    y += c.height + gap;
  }
  const words = await withChecker(async (worker) => {
    try {
      await worker.setParameters({ tessedit_pageseg_mode: PSM_SINGLE_BLOCK as never });
      return await engineWords(worker, stripPgm(column, 0, 0, width, height, margin));
    } finally {
      await worker.setParameters({ tessedit_pageseg_mode: PSM_SINGLE_LINE as never }).catch(() => undefined);
    }
  }, [] as OcrWord[]);
  for (const w of words) {
    const mid = (w.y0 + w.y1) / 2 - margin;
    const slot = slots.find((s) => mid >= s.from && mid < s.to);
    if (slot) out[slot.i]!.push(w);
  }
  return out;
}

export interface PageReadOptions {
  timeoutMs: number;
  maxParallel: number;
  /**
   * Read the page as one block of lines (page segmentation mode 6) instead of sparse text: small
   * monospaced type in sparse mode falls apart at its points and commas ("33.198,71" as "33",
   * "198,71"); ./small-text.ts reads such a page again this way, enlarged.
   */
  block?: boolean;
  /**
   * Let the engine threshold the page by Sauvola's local method rather than its global Otsu: a
   * smoothed 1-bit fax read a second time (./fax-reread.ts), whose figures' points and one-dot
   * strokes are greys near the global level; each threshold loses other glyphs.
   */
  local?: boolean;
}

/** Tesseract's page segmentation modes used here (tesseract.js's PSM values). */
const PSM_SINGLE_BLOCK = '6', PSM_SINGLE_LINE = '7', PSM_SPARSE_TEXT = '11';
/** Tesseract's `thresholding_method`: 0 its global Otsu (the default), 2 Sauvola's local threshold. */
const THRESHOLD_OTSU = '0', THRESHOLD_SAUVOLA = '2';

/**
 * Recognises one page image into words: the fast model reads the page, then the best model
 * checks the numbers the fast one was unsure of (checkNumbers). `timeoutMs` bounds the page:
 * past it the engine is terminated and OcrTimeoutError is thrown. `maxParallel` caps the page
 * engines of this thread (pages of one file are recognised in parallel up to it).
 */
export async function recognize(image: Gray, opts: PageReadOptions): Promise<OcrWord[]> {
  const deadline = Date.now() + opts.timeoutMs;
  const words = await readPage(image, opts);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcrTimeoutError(`page recognition took longer than ${Math.round(opts.timeoutMs / 1000)} s`)), Math.max(0, deadline - Date.now()));
  });
  try {
    await Promise.race([checkNumbers(image, words), timeout]);
    return words;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The page engine's reading of one page image (fast model, no checks), bounded by `timeoutMs`
 * as in `recognize` (the checks' share of the time is what this leaves).
 */
export async function readPage(image: Gray, opts: PageReadOptions): Promise<OcrWord[]> {
  parallel = Math.max(1, opts.maxParallel);
  const worker = await engines.acquire();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcrTimeoutError(`page recognition took longer than ${Math.round(opts.timeoutMs / 1000)} s`)), opts.timeoutMs);
  });
  try {
    // An uncompressed TIFF, not a PGM (read a byte at a time) nor a PNG (deflated here, inflated there): ./gray-tiff.ts.
    // Handed over as its SharedArrayBuffer: tesseract.js copies a Buffer into a new array (its
    // loadImage) and the message to the engine's thread copies that again (8 MB each at 300 dpi,
    // 20 MB for an enlarged page), where shared memory is read where it lies. Nothing writes to
    // it after this (a new one each reading).
    const tiff = grayTiff(image, true);
    if (opts.block) await worker.setParameters({ tessedit_pageseg_mode: PSM_SINGLE_BLOCK as never });
    if (opts.local) await worker.setParameters({ thresholding_method: THRESHOLD_SAUVOLA });
    const words = await Promise.race([engineWords(worker, tiff.buffer), timeout]);
    if (opts.block) await worker.setParameters({ tessedit_pageseg_mode: PSM_SPARSE_TEXT as never });
    if (opts.local) await worker.setParameters({ thresholding_method: THRESHOLD_OTSU });
    engines.release(worker);
    return words;
  } catch (err) {
    if (err instanceof OcrTimeoutError) engines.discard(worker);
    else engines.release(worker);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts this thread's page engine and checking engine now (once-per-thread costs: the
 * WebAssembly compile and the models' load), so a benchmark does not count them in a page.
 */
export async function startEngines(): Promise<void> {
  const [page, check] = await Promise.all([engines.acquire(), checkers.acquire()]);
  engines.release(page);
  checkers.release(check);
}

/** Ends this thread's OCR engines (tests, benchmarks; the pool's threads end with theirs). */
export async function closeEngines(): Promise<void> {
  await Promise.all([engines.close(), checkers.close()]);
}
