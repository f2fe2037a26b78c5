/**
 * Print the page engine left unread, read again on a crop of its own (src/engine/ocr/unread-print.ts).
 * Sparse-text reading dropped a table's column heads, legible as they were: composed 2108
 * (Dutch, Helvetica 8 pt) defocused σ 1.65 px at 300 dpi (measured sharp, read as it is) lost
 * "Saldo" at the heads' end, its balances were read as the credits (F1 0.340, unreconciled);
 * composed 2107 (Italian, 200 dpi, σ 2.61 px at 300, restored) lost "Data", "Dare" and
 * "Saldo": no table was found (F1 0). Each reads whole once the unread heads are read again.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Gray } from '../../src/engine/ocr/clean.js';
import type { OcrWord } from '../../src/engine/ocr/tesseract.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { readUnreadPrint, unreadPrint } from '../../src/engine/ocr/unread-print.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';
import { f1 } from '../fixtures/generator/composer/score.js';

vi.setConfig({ testTimeout: 900_000 });
afterAll(() => closeEngines());

const defocusAny = CAPTURE_TRAITS.find((t) => t.name === 'defocus-any')!.options;

/** A white page with dark blocks (letters of a line) at the given boxes. */
function page(blocks: { x0: number; y0: number; x1: number; y1: number }[], w = 1200, h = 600): Gray {
  const data = new Uint8Array(w * h).fill(255);
  for (const b of blocks) for (let y = b.y0; y < b.y1; y++) for (let x = b.x0; x < b.x1; x++) if ((x - b.x0) % 12 < 8) data[y * w + x] = 20;
  return { width: w, height: h, data };
}
const word = (text: string, x0: number, y0: number, line: number): OcrWord => ({ text, conf: 95, x0, y0, x1: x0 + 100, y1: y0 + 24, baseline: y0 + 24, ascent: 24, line });

describe('print no word covers', () => {
  // Ten words read on five lines, and a line of print no word covers.
  const read = Array.from({ length: 10 }, (_, i) => word(`w${i}`, 100 + (i % 2) * 300, 100 + (i >> 1) * 60, i >> 1));
  const letters = read.map((w) => ({ x0: w.x0, y0: w.y0, x1: w.x1, y1: w.y1 }));

  it('finds a line of type no word covers, not the words read', () => {
    const runs = unreadPrint(read, page([...letters, { x0: 700, y0: 460, x1: 900, y1: 484 }]));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.x0).toBeLessThanOrEqual(700);
    expect(runs[0]!.x1).toBeGreaterThanOrEqual(900);
  });

  it('takes a rule or a picture for no line of type', () => {
    const rule = { x0: 100, y0: 440, x1: 1100, y1: 443 };
    const picture = { x0: 800, y0: 20, x1: 1000, y1: 300 };
    expect(unreadPrint(read, page([...letters, rule, picture]))).toEqual([]);
  });

  it('adds what the crop reads on the unread print, in the page\'s pixels, and nothing over a word read', async () => {
    const img = page([...letters, { x0: 700, y0: 460, x1: 900, y1: 484 }]);
    const r = await readUnreadPrint(read, img, async (crop) => {
      // The crop's reading: a word where its ink starts (the crop holds the unread line alone).
      expect(crop.width).toBeLessThan(img.width);
      let x0 = crop.width, y0 = crop.height;
      for (let y = 0; y < crop.height; y++) for (let x = 0; x < crop.width; x++) if (crop.data[y * crop.width + x]! < 128) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); }
      return [{ text: 'Saldo', conf: 90, x0, y0, x1: x0 + 200, y1: y0 + 24, baseline: y0 + 24, ascent: 24, line: 0 }];
    });
    expect(r.crops).toBe(1);
    expect(r.added).toBe(1);
    const saldo = r.words.find((w) => w.text === 'Saldo')!;
    expect(saldo.x0).toBe(700);
    expect(saldo.y0).toBe(460);
    expect(saldo.line).toBe(5);
  });
});

describe('heads the page reading dropped, read again', () => {
  it('composed 2108 defocused (measured sharp): the balance head read, the statement reconciles', async () => {
    const r = await readScannedComposed(2108, 300, {}, defocusAny);
    expect(r.silent).toEqual([]);
    expect(r.reconciled).toBe(1);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.95);
  });

  it('composed 2107 defocused at 200 dpi: the table is found', async () => {
    const r = await readScannedComposed(2107, 200, {}, defocusAny);
    expect(r.silent).toEqual([]);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.9);
  });
});
