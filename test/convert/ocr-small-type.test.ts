import { describe, expect, it } from 'vitest';
import { readSmallType, typeHeight } from '../../src/engine/ocr/small-text.js';
import { enlarged } from '../../src/engine/ocr/enlarge.js';
import type { OcrWord } from '../../src/engine/ocr/tesseract.js';
import type { Gray } from '../../src/engine/ocr/clean.js';

const word = (text: string, conf: number, line: number, ascent: number): OcrWord => ({ text, conf, x0: 10, y0: 10, x1: 50, y1: 30, baseline: 30, ascent, line });
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
