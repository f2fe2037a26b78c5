/**
 * The engines' threads answer a recognition with its words alone (src/engine/ocr/engine-worker.cjs),
 * not with tesseract.js's JSON of blocks (every letter with its box and choices: ~0.08 CPU s of a
 * 300-dpi page to write and parse). The words must be the JSON's, value for value: the page
 * engine's (fast model, sparse text) on a generated scan, and the checking engine's (best model,
 * one line) on strips cut around its figures, each read both ways by engines set up alike.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { grayTiff } from '../../src/engine/ocr/gray-tiff.js';
import { toPgm, type Gray } from '../../src/engine/ocr/clean.js';
import { checkModelDir, englishModel } from '../../src/engine/ocr/model.js';
import { engineWorkerFile, wordsOf, wordsOfEngine } from '../../src/engine/ocr/tesseract.js';
import { cleanedScanPage } from '../fixtures/scanned-page.js';

const workers: Worker[] = [];
afterAll(async () => { await Promise.all(workers.map((w) => w.terminate())); });

/** Two engines set up alike, one on tesseract.js's own thread script, one on ours. */
async function pair(langPath: string, gzip: boolean, psm: PSM): Promise<[Worker, Worker]> {
  const start = async (ours: boolean) => {
    const w = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath, cacheMethod: 'none', gzip, logger: () => undefined, errorHandler: () => undefined, ...(ours ? { workerPath: engineWorkerFile() } : {}),
    });
    await w.setParameters({ tessedit_pageseg_mode: psm, preserve_interword_spaces: '1', debug_file: '/dev/null' });
    workers.push(w);
    return w;
  };
  return [await start(false), await start(true)];
}

const fromJson = async (w: Worker, img: Uint8Array) => wordsOf((await w.recognize(Buffer.from(img), {}, { blocks: true, text: false })).data.blocks as never);
const fromOurs = async (w: Worker, img: Uint8Array) => wordsOfEngine((await w.recognize(Buffer.from(img), {}, { ledgerdropWords: true, text: false } as never)).data as never);

/** A rectangle of the page with a white margin, as a PGM (what the checks hand the checking engine). */
function strip(page: Gray, x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const m = Math.round((y1 - y0) * 0.5), w = x1 - x0 + 2 * m, h = y1 - y0 + 2 * m;
  const data = new Uint8Array(w * h).fill(255);
  for (let y = y0; y < y1; y++) data.set(page.data.subarray(y * page.width + x0, y * page.width + x1), (y - y0 + m) * w + m);
  return toPgm({ width: w, height: h, data } as Gray);
}

describe('the words an engine thread answers', () => {
  it('are the JSON of blocks\' words, on a scanned page and on strips of its figures', async () => {
    const { page } = await cleanedScanPage();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ld-test-words-'));
    try {
      await writeFile(path.join(dir, 'eng.traineddata'), await englishModel());
      const [json, ours] = await pair(dir, false, PSM.SPARSE_TEXT);
      const tiff = grayTiff(page);
      const words = await fromOurs(ours, tiff);
      expect(words.length).toBeGreaterThan(100);
      expect(words).toEqual(await fromJson(json, tiff));
      // The same thread still answers tesseract.js's own requests (the JSON), as its own script does.
      expect(await fromJson(ours, tiff)).toEqual(words);

      // The checking engine's strips: the page's numbers, each cut out with a margin.
      const [jsonCheck, oursCheck] = await pair(checkModelDir(), true, PSM.SINGLE_LINE);
      const numbers = words.filter((w) => /\d/.test(w.text)).slice(0, 12);
      expect(numbers.length).toBe(12);
      for (const w of numbers) {
        const pgm = strip(page, Math.max(0, w.x0 - 4), Math.max(0, w.y0 - 4), Math.min(page.width, w.x1 + 4), Math.min(page.height, w.y1 + 4));
        const again = await fromOurs(oursCheck, pgm);
        expect(again.length).toBeGreaterThan(0);
        expect(again).toEqual(await fromJson(jsonCheck, pgm));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('come in lines: each word on its line, with the line\'s baseline and ascent', () => {
    // Two lines: the first sloping down 2 px over 100, the second without a baseline.
    const words = wordsOfEngine({
      text: ['Opening', ' ', '1,250.00', 'Total'],
      conf: [96, 10, 88, 91],
      box: [10, 20, 60, 40, 62, 20, 64, 40, 70, 21, 110, 41, 10, 60, 50, 80],
      lines: [0, 10, 18, 110, 42, 1, 10, 38, 110, 40, 3, 10, 60, 50, 80, 0, 0, 0, 0, 0],
    });
    expect(words).toEqual([
      { text: 'Opening', conf: 96, x0: 10, y0: 20, x1: 60, y1: 40, baseline: 38, ascent: 20, line: 0 },
      { text: '1,250.00', conf: 88, x0: 70, y0: 21, x1: 110, y1: 41, baseline: 39.2, ascent: 20, line: 0 },
      { text: 'Total', conf: 91, x0: 10, y0: 60, x1: 50, y1: 80, baseline: 80, ascent: 20, line: 1 },
    ]);
  });
});
