import { afterAll, describe, expect, it, vi } from 'vitest';
import { centredLines, readSmallType, typeHeight } from '../../src/engine/ocr/small-text.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { enlarged } from '../../src/engine/ocr/enlarge.js';
import type { OcrWord } from '../../src/engine/ocr/tesseract.js';
import type { Gray } from '../../src/engine/ocr/clean.js';

const word = (text: string, conf: number, line: number, ascent: number): OcrWord => ({ text, conf, x0: 10, y0: 10, x1: 50, y1: 30, baseline: 30, ascent, line });
vi.setConfig({ testTimeout: 300_000 });
afterAll(() => closeEngines());

const page: Gray = { width: 100, height: 100, data: new Uint8Array(100 * 100).fill(255) };

describe('small type read again enlarged', () => {
  it('the type height is the median of the lines\' ascents', () => {
    expect(typeHeight([word('Saldo', 90, 0, 18), word('12,00', 90, 0, 19), word('Datum', 90, 1, 30), word('x', 90, 2, 20)])).toBe(20);
    expect(typeHeight([])).toBeNull();
  });

  it('enlarging keeps the picture: a dark square stays dark, the paper stays paper', () => {
    const img: Gray = { width: 4, height: 4, data: new Uint8Array([255, 255, 255, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 255, 255, 255]) };
    const big = enlarged(img, 2);
    expect([big.width, big.height]).toEqual([8, 8]);
    expect(big.data[0]).toBe(255);
    expect(big.data[3 * 8 + 3]).toBe(0);
  });

  it('ordinary type, or a good first reading, is read once', async () => {
    let reads = 0;
    const again = async () => { reads++; return []; };
    await readSmallType(page, [word('Balance', 95, 0, 30), word('1,234.56', 60, 0, 30)], 1e6, again);
    await readSmallType(page, [word('Balance', 95, 0, 18), word('1,234.56', 92, 0, 18)], 1e6, again);
    expect(reads).toBe(0);
  });

  it('small type read poorly is read again enlarged; the second reading is kept only with more sure figures, its boxes in the first image\'s pixels', async () => {
    const poor = [word('Saldo', 90, 0, 16), word('10S),', 40, 0, 16), word('Datum', 90, 1, 16), word('713)', 30, 1, 16)];
    const sizes: number[] = [];
    const better = await readSmallType(page, poor, 1e6, async (img) => { sizes.push(img.width); return [word('Saldo', 90, 0, 32), word('1.705,75', 90, 0, 32), word('Datum', 90, 1, 32), word('7.500,13', 88, 1, 32)]; });
    expect(sizes).toEqual([200]);
    expect(better.enlargedBy).toBe(2);
    expect(better.words.map((w) => w.text)).toContain('1.705,75');
    expect(better.words[1]!.x1).toBe(25);
    const worse = await readSmallType(page, poor, 1e6, async () => [word('S', 20, 0, 32)]);
    expect(worse).toEqual({ words: poor, enlargedBy: 1 });
  });

  it('the enlargement stays within the page pixel limit, and none is tried when it would be too small to help', async () => {
    const poor = [word('10S),', 40, 0, 16), word('713)', 30, 1, 16)];
    const sizes: number[] = [];
    await readSmallType(page, poor, 100 * 100 * 1.5 * 1.5, async (img) => { sizes.push(img.width); return []; });
    await readSmallType(page, poor, 100 * 100 * 1.2 * 1.2, async (img) => { sizes.push(img.width); return []; });
    expect(sizes).toEqual([150]);
  });
});

describe('a table with its figures centred on wrapped descriptions', () => {
  /** A word at (x0, baseline), 20 px tall. */
  const at = (text: string, x0: number, baseline: number): OcrWord => ({ text, conf: 95, x0, x1: x0 + 80, y0: baseline - 20, y1: baseline, baseline, ascent: 20, line: baseline });
  it('counts its lines of figures halfway between two description lines; a grid-printed table has none', () => {
    // Descriptions 40 px apart (two lines of one row), the row's date and figures between them.
    const centred = [0, 1, 2, 3].flatMap((r) => [at('ONLINE', 40, 100 + r * 100), at('16/12', 300, 120 + r * 100), at('3 868,99', 460, 120 + r * 100), at('TRANSFER', 40, 140 + r * 100)]);
    expect(centredLines(centred)).toBe(4);
    // Figures on each row's first line, rows 28 px apart.
    const grid = [0, 1, 2, 3, 4, 5].flatMap((r) => [at('CHECK', 40, 100 + r * 28), at('16/12', 300, 100 + r * 28), at('3 868,99', 460, 100 + r * 28)]);
    expect(centredLines(grid)).toBe(0);
  });

  it('small type is read again enlarged as sparse text, not as a block (composed scan 4, Helvetica 7 pt at 300 dpi)', async () => {
    // Read as one block of lines, each figure line between two description lines came back as
    // fragments ("10 400,81 €" as "4" "€" and "1m)" "ee"): F1 0.769, 23 of 29 rows read.
    const r = await readScannedComposed(4, 300, { wrapValues: 'middle' });
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.93);
    expect(r.silent).toEqual([]);
  });
});
