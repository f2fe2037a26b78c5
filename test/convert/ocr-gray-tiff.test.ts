/**
 * The page engine is handed each page as an uncompressed grayscale TIFF (its PGM reader took a
 * byte at a time, a PNG cost a deflate here and an inflate there): the TIFF must hold exactly the
 * cleaned page's pixels, and the engine must read the same words from it as from the PNG it was
 * handed before. It is written in shared memory, which the engine's thread reads where it lies
 * (tesseract.js copied a Buffer twice on the way: into a new array, then by the message).
 */
import { afterAll, describe, expect, it } from 'vitest';
import UTIF from 'utif';
import { createWorker, OEM, PSM } from 'tesseract.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { grayTiff } from '../../src/engine/ocr/gray-tiff.js';
import { grayPng } from '../../src/engine/ocr/gray-png.js';
import { englishModel } from '../../src/engine/ocr/model.js';
import { closeEngines, readPage, wordsOf } from '../../src/engine/ocr/tesseract.js';
import { cleanedScanPage } from '../fixtures/scanned-page.js';

afterAll(async () => { await closeEngines(); });

describe('the page image handed to the engine', () => {
  it('is a TIFF of exactly the cleaned page, read by the engine word for word as the PNG was', async () => {
    const { page, amounts } = await cleanedScanPage();
    const tiff = grayTiff(page);
    // Decoded by another TIFF reader: every pixel as it was.
    const [ifd] = UTIF.decode(tiff);
    UTIF.decodeImage(tiff, ifd!);
    const rgba = UTIF.toRGBA8(ifd!);
    expect([ifd!.width, ifd!.height]).toEqual([page.width, page.height]);
    const back = new Uint8Array(page.width * page.height);
    for (let p = 0; p < back.length; p++) back[p] = rgba[p * 4]!;
    expect(Buffer.compare(Buffer.from(back), Buffer.from(page.data))).toBe(0);
    // The page engine's words, from the TIFF, are the words a fresh engine set up alike reads from the PNG.
    const words = await readPage(page, { timeoutMs: 120_000, maxParallel: 1 });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ld-test-tiff-'));
    try {
      await writeFile(path.join(dir, 'eng.traineddata'), await englishModel());
      const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath: dir, cacheMethod: 'none', gzip: false, logger: () => undefined, errorHandler: () => undefined });
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, preserve_interword_spaces: '1', debug_file: '/dev/null' });
      const fromPng = wordsOf((await worker.recognize(Buffer.from(grayPng(page)), {}, { blocks: true, text: false })).data.blocks as never);
      await worker.terminate();
      expect(words).toEqual(fromPng);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // The engine reads the statement's figures from it.
    const found = amounts.filter((a) => words.some((w) => w.text.replace(/[$,]/g, '').includes(a)));
    expect(found.length).toBeGreaterThanOrEqual(amounts.length - 1);
  }, 180_000);

  it('in shared memory holds the same bytes (what readPage hands the engine)', async () => {
    const { page } = await cleanedScanPage();
    const shared = grayTiff(page, true);
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([shared.byteOffset, shared.byteLength]).toEqual([0, shared.buffer.byteLength]);
    expect(Buffer.compare(Buffer.from(shared), Buffer.from(grayTiff(page)))).toBe(0);
  });
});
