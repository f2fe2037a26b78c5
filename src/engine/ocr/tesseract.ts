import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'tesseract.js';

const requireHere = createRequire(import.meta.url); // not `require`: the Electron bundle declares its own

/**
 * The English LSTM model as npm installs it (@tesseract.js-data/eng, integer-quantised "best"
 * model). tesseract.js reads it from this directory; with a local langPath it never fetches,
 * and with cacheMethod 'none' it writes no cache file either.
 */
export function modelDir(): string {
  return path.join(path.dirname(requireHere.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

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

/** The words of a recognition result, each with its line's baseline. */
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
 * The engines of this thread: tesseract.js workers (each a thread running the WebAssembly
 * build), created on first use and kept for the next pages. A worker whose page ran out of
 * time is terminated and replaced; the others stay.
 */
class EnginePool {
  #idle: Worker[] = [];
  #created = 0;
  #waiting: ((w: Worker) => void)[] = [];
  constructor(private readonly size: () => number) {}

  async #create(): Promise<Worker> {
    // tesseract.js is loaded with the first engine, not with the module (the CLI imports closeEngines).
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: modelDir(), cacheMethod: 'none', gzip: true, logger: () => undefined, errorHandler: () => undefined,
    });
    // Sparse text: every table cell is found on its own (page-layout mode merged columns and
    // lost 25 of 41 rows on a two-page scan of the dev corpus).
    // debug_file: the engine's diagnostics ("Estimating resolution as …") would go to the service's stderr.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, preserve_interword_spaces: '1', debug_file: '/dev/null' });
    return worker;
  }

  async acquire(): Promise<Worker> {
    const idle = this.#idle.pop();
    if (idle) return idle;
    if (this.#created < this.size()) {
      this.#created++;
      try { return await this.#create(); } catch (err) { this.#created--; throw err; }
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

let parallel = 2;
const engines = new EnginePool(() => parallel);

export class OcrTimeoutError extends Error {}

/**
 * Recognises one page image (PGM/PNG/JPEG bytes) into words. `timeoutMs` bounds the page: past
 * it the engine is terminated and OcrTimeoutError is thrown. `maxParallel` caps the engines of
 * this thread (pages of one file are recognised in parallel up to it).
 */
export async function recognize(image: Uint8Array, opts: { timeoutMs: number; maxParallel: number }): Promise<OcrWord[]> {
  parallel = Math.max(1, opts.maxParallel);
  const worker = await engines.acquire();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcrTimeoutError(`page recognition took longer than ${Math.round(opts.timeoutMs / 1000)} s`)), opts.timeoutMs);
  });
  try {
    const result = await Promise.race([worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { blocks: true, text: false }), timeout]);
    engines.release(worker);
    return wordsOf(result.data.blocks as unknown as TessBlock[]);
  } catch (err) {
    if (err instanceof OcrTimeoutError) engines.discard(worker);
    else engines.release(worker);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Ends this thread's OCR engines (tests, benchmarks; the pool's threads end with theirs). */
export function closeEngines(): Promise<void> {
  return engines.close();
}
