/**
 * Specks a scan reads into print (scan8 branch; figures in docs/ocr.md, "Dates printed once per
 * day, specks"):
 * - a speck up to a line's height above a word is taken into its box (the engine's word and
 *   line box), its ascent (the font size the reader gets) stretched to twice its neighbours', or
 *   the word misread with it ("Att" for "Montant"): the box is cut to the word's print on the
 *   page image and a word read unsurely is read again without the speck (speck-boxes.ts);
 * - a speck read as a point before a figure (".8.445,19", ".-0,28": Courier at 9 pt, composed
 *   312, both rows lost) is no part of it, the figure flagged (words.ts).
 * The first on a page of heads drawn and read by the real engine, a speck drawn above one head.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { closeEngines, recognize, recognizeRegion } from '../../src/engine/ocr/tesseract.js';
import type { Gray } from '../../src/engine/ocr/clean.js';
import { withSpecksCut } from '../../src/engine/ocr/speck-boxes.js';
import { pageFromWords, withoutLeadingSpeck } from '../../src/engine/ocr/words.js';

vi.setConfig({ testTimeout: 300_000 });
afterAll(() => closeEngines());

/** A table's heads and one row drawn at ~300 dpi (type 25 px tall), a speck `dy` px above "Montant". */
function headsPage(dy: number): Gray {
  const W = 1600, H = 400;
  const c = createCanvas(W, H), g = c.getContext('2d');
  g.fillStyle = '#fff'; g.fillRect(0, 0, W, H); g.fillStyle = '#000';
  g.font = '33px sans-serif';
  let x = 60, montant = 0;
  for (const h of ['Date', 'Libellé', 'Référence', 'Montant', 'Solde']) { if (h === 'Montant') montant = x; g.fillText(h, x, 200); x += g.measureText(h).width + 120; }
  g.fillText('03-01-2025   VIREMENT SEPA        12345    1.234,56    9.876,54', 60, 260);
  if (dy) { g.beginPath(); g.arc(montant + 30, 176 - dy, 3, 0, Math.PI * 2); g.fill(); }
  const d = g.getImageData(0, 0, W, H).data;
  const gray: Gray = { width: W, height: H, data: new Uint8Array(W * H) };
  for (let i = 0; i < W * H; i++) gray.data[i] = d[i * 4]!;
  return gray;
}

describe('a speck above a head word', () => {
  it('stretched its box and font size; cut to its print, the head is the size of its neighbours', async () => {
    const img = headsPage(20);
    const read = await recognize(img, { timeoutMs: 120_000, maxParallel: 1 });
    const size = (ws: typeof read, t: string) => pageFromWords(1, ws, 0.24, 612, 792).items.find((i) => i.str === t)!.size;
    // As the engine reads it: "Montant" a line's height taller than "Solde".
    expect(size(read, 'Montant')).toBeGreaterThan(size(read, 'Solde') * 1.5);
    const { words, cut } = await withSpecksCut(read, img, (x0, y0, x1, y1, minBand) => recognizeRegion(img, x0, y0, x1, y1, '', minBand));
    expect(cut).toBe(1);
    expect(size(words, 'Montant')).toBeLessThan(size(words, 'Solde') * 1.2);
    expect(words.map((w) => w.text)).toEqual(read.map((w) => w.text));
  });

  it('a page with no speck is handed on as read', async () => {
    const img = headsPage(0);
    const read = await recognize(img, { timeoutMs: 120_000, maxParallel: 1 });
    const r = await withSpecksCut(read, img, async () => { throw new Error('no strip'); });
    expect(r.cut).toBe(0);
    expect(r.words).toBe(read);
  });
});

describe('a speck read as a point before a figure', () => {
  it('is left out when a sign or a grouped figure with cents follows; the figure flagged', () => {
    expect(withoutLeadingSpeck('.8.445,19')).toBe('8.445,19');
    expect(withoutLeadingSpeck('.-0,28')).toBe('-0,28');
    expect(withoutLeadingSpeck('.1,234.56')).toBe('1,234.56');
    // A point before a figure that could have lost digits in front, or no figure: as read.
    for (const t of ['.50', '.12,50', '8.445,19', '.8.445,1', '.2025-01-03']) expect(withoutLeadingSpeck(t), t).toBeNull();
    const w = (text: string, x0: number) => ({ text, conf: 90, x0, x1: x0 + 60, y0: 0, y1: 20, baseline: 20, ascent: 20, line: 0 });
    const items = pageFromWords(1, [w('CLOVER', 0), w('.8.445,19', 300)], 1, 600, 100).items;
    expect(items.map((i) => i.str)).toEqual(['CLOVER', '8.445,19']);
    expect(items[1]!.conf).toBeLessThan(80);
  });
});
