/**
 * PDF writers differ in how text reaches the content stream: a run as one operator, each word
 * apart, each glyph apart, and in the order the page was laid out or another (column by
 * column, font by font). The reader works from positions, never from the stream's order:
 * composed statements written each of these ways read exactly as written as runs in order
 * (every row's date, signed amount and description, balances, reconciliation; score.ts).
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposed } from '../fixtures/generator/composer/score.js';
import type { StreamStyle } from '../fixtures/generator/pdf-flow.js';
import { withoutOverprint } from '../../src/engine/pdf/overprint.js';
import { withGlyphsInPlace } from '../../src/engine/pdf/interleaved-glyphs.js';

const STYLES: [string, StreamStyle, number[]][] = [
  ['each word apart', { glyphs: 'words', shuffle: null }, [1, 2, 7]],
  ['each glyph apart', { glyphs: 'single', shuffle: null }, [3, 6]],
  ['runs in a shuffled order', { glyphs: 'runs', shuffle: 11 }, [4, 9]],
  ['words in a shuffled order', { glyphs: 'words', shuffle: 5 }, [5, 10]],
  // A figure's glyphs under a column head's left edge ("1|62,75"): pieces that touch are one word.
  ['glyphs in a shuffled order', { glyphs: 'single', shuffle: 3 }, [123, 130]],
  // A glyph drawn after the glyph to its right: the reader wrote a space where it goes ("2.923,"
  // then "5" read as ", 5", the "7" an item of its own): "2.923,75" read "2.923, 57", dates
  // "1 -006" (a Courier digit as wide as the widest such space), amounts and rows wrong.
  ['glyphs in a shuffled order, drawn into another item\'s space', { glyphs: 'single', shuffle: 1 }, [13, 91, 46, 58]],
  // Bold drawn twice a third of a point apart: carry labels ran into descriptions
  // ("TransportTransport"), and wrapped descriptions lost their second line.
  ['bold overprinted', { glyphs: 'runs', shuffle: null, overprint: true }, [1, 18, 40]],
  ['bold overprinted, words shuffled', { glyphs: 'words', shuffle: 2, overprint: true }, [31]],
  // One copy's figure and the other copy's currency mark drawn in a row, read as one item
  // ("60.074,84 €" over "60.074,84" and "€"): a carried balance read "60.074,8460.074,84 €€",
  // the statement's closing balance taken from the wrong line, unreconciled.
  ['bold overprinted, words shuffled, copies joined across', { glyphs: 'words', shuffle: 1, overprint: true }, [64]],
];

describe('text written to the stream as words, glyphs, or out of order', () => {
  for (const [name, stream, seeds] of STYLES) {
    for (const seed of seeds) {
      it(`${name}: seed ${seed}`, async () => {
        const r = await readComposed(seed, { stream });
        expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
        expect(f1(r.match)).toBe(1);
      });
    }
  }
});

describe('overprinted text', () => {
  const item = (str: string, x: number, y = 100, size = 8) => ({ str, x, y, w: str.length * 4, size, font: 'Helvetica-Bold' });
  it('keeps one of two copies a fraction of a glyph apart, and every copy printed elsewhere', () => {
    const items = [item('Balance', 300), item('100.00', 100), item('Balance', 300.35), item('100.00', 400), item('100.00', 100, 120)];
    expect(withoutOverprint(items).map((i) => `${i.str}@${i.x},${i.y}`)).toEqual(['Balance@300,100', '100.00@100,100', '100.00@400,100', '100.00@100,120']);
  });
  it('drops a copy held by another item at its place, as its start or its end, and keeps text beside it', () => {
    // "100.00" at 100 and 100.35, the second joined to an "EUR" ending where it ends; the other "EUR" alone at 128.
    const items = [item('100.00', 100), item('100.00 EUR', 100.35), item('EUR', 128), item('EUR', 160), item('100', 300), item('100.00', 330)];
    expect(withoutOverprint(items).map((i) => `${i.str}@${i.x}`)).toEqual(['100.00 EUR@100.35', 'EUR@160', '100@300', '100.00@330']);
  });
});

describe('glyphs drawn into another item\'s space', () => {
  const item = (str: string, x: number, w: number, y = 100) => ({ str, x, y, w, size: 8, font: 'Helvetica' });
  it('puts a glyph in the space it was drawn in, and keeps a space its gap still holds', () => {
    // "1 -" (the "0" of "10-06" drawn after the "-"); "V 2" whose gap holds a space and the "." of "V .2" (glyph widths from items drawn alone).
    const items = [item('1 -', 40, 4 + 4 + 4), item('0', 44, 4), item('V 2', 100, 5 + 2.2 + 2 + 4), item('.', 107.2, 2), item('V', 200, 5), item('2', 210, 4)];
    expect(withGlyphsInPlace(items).map((i) => i.str)).toEqual(['10-', 'V .2', 'V', '2']);
  });
  it('leaves items apart, and an item wider than a space\'s gap where it is', () => {
    const items = [item('AB CD', 40, 30), item('XYZ', 52, 12), item('E F', 100, 12), item('G', 130, 4)];
    expect(withGlyphsInPlace(items)).toEqual(items);
  });
});
