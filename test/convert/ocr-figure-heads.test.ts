/**
 * Recognition of figures whose front part the page reading split off, and of small type read
 * again as a block: the rules by example, and composed scans (our generator's statements, office
 * scans at 200 dpi) that read wrong before, through the real OCR path. Figures in docs/ocr.md
 * ("Figures read apart, lines garbled by the block reading", scan5 branch).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines, type OcrWord } from '../../src/engine/ocr/tesseract.js';
import { isFragment, withHead, wordSpace, rereadFigureHeads } from '../../src/engine/ocr/figure-heads.js';
import { readSmallType, splitFigures, withGarbledLinesBack } from '../../src/engine/ocr/small-text.js';
import type { Gray } from '../../src/engine/ocr/clean.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const word = (text: string, x0: number, x1: number, conf = 95, line = 0, baseline = 100): OcrWord => ({ text, conf, x0, x1, y0: baseline - 20, y1: baseline, baseline, ascent: 20, line });

describe('a figure\'s front part read apart', () => {
  it('a fragment is a few digits or a glyph a narrow "1" is read as, behind at most a sign or currency mark', () => {
    for (const t of ['I', 'l', '|', '=3', '<3', '€5', '-12', '€22', '(1', '7']) expect(isFragment(t), t).toBe(true);
    for (const t of ['€', '-', 'D', 'S', 'CR', '1234', 'EUR', '12,50', 'Ref', '€1234']) expect(isFragment(t), t).toBe(false);
  });

  it('the strip\'s reading is kept only as one figure ending in the figure\'s digits, more in front, the same decimal mark and tail', () => {
    expect(withHead('11.058,82', '1.058,82')).toBe('11.058,82');
    expect(withHead('-3.284,00', '284,00')).toBe('-3.284,00');
    expect(withHead('€5 797,81', '797,81')).toBe('€5 797,81');
    // One digit of the figure read differently: the checking engine reads better ("284,09" was a misread).
    expect(withHead('-3.284,00', '284,09')).toBe('-3.284,00');
    // Not the figure with more in front: the words stay as read.
    for (const [read, figure] of [
      ['1.058,82', '1.058,82'], // nothing gained
      ['I 1.058,82', '1.058,82'], // no figure
      ['11.058.82', '1.058,82'], // another decimal mark
      ['3.284,00-', '284,00'], // a sign the figure did not have
      ['-3.211,00', '284,00'], // two digits differ
      ['D 1.234,56', '1.234,56'], // a letter is no digit
    ]) expect(withHead(read!, figure!), `${read} / ${figure}`).toBeNull();
  });

  it('the page\'s word space is the median gap between two words of letters on a line', () => {
    const ws = ['ONLINE', 'TRANSFER', 'FROM', 'CHECKING', 'ACCOUNT', 'TO', 'SAVINGS'].map((t, i) => word(t, i * 100, i * 100 + 80 + (i % 2)));
    expect(wordSpace(ws)).toBe(20);
    expect(wordSpace(ws.slice(0, 3))).toBeNull();
  });

  it('groups a space apart read as digits are one figure as read, no strip; a fragment a column away is left alone', async () => {
    const text = ['PAYMENT', 'TO', 'WESTSIDE', 'PROPERTIES', 'LLC', 'MAPLE'].map((t, i) => word(t, i * 120, i * 120 + 100, 95, 0, 50));
    const page: Gray = { width: 1200, height: 200, data: new Uint8Array(1200 * 200).fill(255) };
    let strips = 0;
    const read = async () => { strips++; return []; };
    const r = await rereadFigureHeads([...text, word('€5', 700, 730, 92), word('797,81', 752, 830, 96), word('12', 900, 920), word('345,67', 1000, 1080)], page, read);
    expect(strips).toBe(0);
    expect(r.words.map((w) => w.text).slice(6)).toEqual(['€5 797,81', '12', '345,67']);
    expect(r.words[6]!.conf).toBe(92);
    expect(r.words[6]!.x0).toBe(700);
  });

  it('a fragment that is no digits ("I" for a "1") is read again with the figure and kept only as the figure with more in front, flagged', async () => {
    const text = ['PAYMENT', 'TO', 'WESTSIDE', 'PROPERTIES', 'LLC', 'MAPLE'].map((t, i) => word(t, i * 120, i * 120 + 100, 95, 0, 50));
    const page: Gray = { width: 1200, height: 200, data: new Uint8Array(1200 * 200).fill(255) };
    const good = await rereadFigureHeads([...text, word('I', 700, 706, 35), word('1.058,82', 716, 800, 81)], page, async () => [word('11.058,82', 0, 90, 91)]);
    expect(good.words.map((w) => w.text).slice(6)).toEqual(['11.058,82']);
    expect(good.words[6]!.conf).toBeLessThan(80);
    const bad = await rereadFigureHeads([...text, word('I', 700, 706, 35), word('1.058,82', 716, 800, 81)], page, async () => [word('I', 0, 6, 40), word('1.058,82', 16, 90, 85)]);
    expect(bad.words.map((w) => w.text).slice(6)).toEqual(['I', '1.058,82']);
  });
});

describe('small type read again as a block', () => {
  it('figures split at their mark, each part read surely, count; a figure read whole or words far apart do not', () => {
    // Sparse reading makes each cell a line of its own: parts are matched by baseline.
    const split = [word('781', 100, 160, 96, 1, 100), word('99', 180, 210, 95, 2, 101), word('14,572', 400, 500, 96, 3, 100), word('63', 520, 550, 96, 4, 100),
      word('1.234', 100, 190, 95, 5, 140), word('56', 205, 235, 95, 6, 140)];
    expect(splitFigures(split)).toBe(3);
    expect(splitFigures([word('781.99', 100, 210, 96, 1, 100), word('CHECK', 300, 380), word('12', 390, 410), word('2025', 600, 680), word('15', 760, 790)])).toBe(0);
  });

  it('small type whose words read surely but whose figures fell apart is read again as a block', async () => {
    const page: Gray = { width: 100, height: 100, data: new Uint8Array(100 * 100).fill(255) };
    const sure = (text: string, x0: number, x1: number, line: number, baseline: number): OcrWord => ({ ...word(text, x0, x1, 96, line, baseline), ascent: 16, y0: baseline - 16 });
    const text = ['CREDIBLY', 'PAYMENT', 'ONLINE', 'TRANSFER', 'SHELL', 'QUEENS'];
    const first = [...text.map((t, i) => sure(t, 500 + i * 60, 550 + i * 60, 10 + i, 90)), sure('Saldo', 0, 60, 0, 20), sure('781', 100, 150, 1, 40), sure('99', 165, 190, 2, 40), sure('14,572', 300, 400, 3, 40), sure('63', 415, 440, 4, 40), sure('1,524', 100, 170, 5, 60), sure('83', 185, 210, 6, 60)];
    let reads = 0;
    const r = await readSmallType(page, first, 1e6, async () => { reads++; return [...text.map((t, i) => sure(t, 1000 + i * 120, 1100 + i * 120, 3, 180)), sure('Saldo', 0, 120, 0, 40), sure('781.99', 200, 380, 1, 80), sure('14,572.63', 600, 880, 1, 80), sure('1,524.83', 200, 420, 2, 120)]; });
    expect(reads).toBe(1);
    expect(r.words.map((w) => w.text)).toEqual([...text, 'Saldo', '781.99', '14,572.63', '1,524.83']);
  });

  it('a line the block reading garbled takes the first reading\'s words there; other lines stay the block\'s', () => {
    const first = [word('Date', 0, 60, 96, 0, 100), word('Valeur', 100, 180, 95, 1, 100), word('Libellé', 220, 320, 89, 2, 100), word('Montant', 400, 500, 91, 3, 100),
      word('=3', 400, 430, 92, 4, 140), word('284,00', 440, 500, 96, 4, 140)];
    const block = [word('Date', 0, 60, 88, 0, 102), word('EC', 10, 500, 0, 0, 102), word('sValeur', 100, 190, 0, 0, 102), word('Montant', 400, 500, 0, 0, 102),
      word('-3.284,00', 395, 500, 90, 1, 141)];
    const out = withGarbledLinesBack(block, first);
    expect(out.map((w) => w.text)).toEqual(['Date', 'Valeur', 'Libellé', 'Montant', '-3.284,00']);
    // The lines given back are numbered apart from the block's.
    expect(new Set(out.slice(0, 4).map((w) => w.line)).has(1)).toBe(false);
    // A block line read as well as the first reading's stays.
    expect(withGarbledLinesBack([word('Date', 0, 60, 90, 0, 102), word('Valeur', 100, 180, 90, 0, 102), word('Libellé', 220, 320, 85, 0, 102), word('Montant', 400, 500, 88, 0, 102)], first).map((w) => w.conf)).toEqual([90, 90, 85, 88]);
  });
});

describe('composed layouts scanned at 200 dpi: figures read apart', () => {
  for (const [seed, want, what] of [
    [131, 1, 'Times at 7 pt: "11.058,82" read "I" "1.058,82", "15.386,15" checked on a grey strip and read "13.386,15" (F1 0.85)'],
    [137, 1, 'Courier at 8 pt, groups a space apart: "€5 797,81" read "€5" "797,81", and the heads over their underline garbled by the block reading (F1 0.57)'],
    [23, 0.9, 'Courier at 7.5 pt: "-3.284,00" read "=3" "284,00", its point a whole cell wide (F1 0.38)'],
  ] as const) {
    it(`seed ${seed}: ${what}`, async () => {
      const r = await readScannedComposed(seed, 200);
      expect(r.silent).toEqual([]);
      expect(f1(r.match)).toBeGreaterThanOrEqual(want);
    });
  }
});
