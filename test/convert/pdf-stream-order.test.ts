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

const STYLES: [string, StreamStyle, number[]][] = [
  ['each word apart', { glyphs: 'words', shuffle: null }, [1, 2, 7]],
  ['each glyph apart', { glyphs: 'single', shuffle: null }, [3, 6]],
  ['runs in a shuffled order', { glyphs: 'runs', shuffle: 11 }, [4, 9]],
  ['words in a shuffled order', { glyphs: 'words', shuffle: 5 }, [5, 10]],
  // A figure's glyphs under a column head's left edge ("1|62,75"): pieces that touch are one word.
  ['glyphs in a shuffled order', { glyphs: 'single', shuffle: 3 }, [123, 130]],
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
