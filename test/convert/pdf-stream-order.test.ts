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

const STYLES: [string, StreamStyle, number[]][] = [
  ['each word apart', { glyphs: 'words', shuffle: null }, [1, 2, 7]],
  ['each glyph apart', { glyphs: 'single', shuffle: null }, [3, 6]],
  ['runs in a shuffled order', { glyphs: 'runs', shuffle: 11 }, [4, 9]],
  ['words in a shuffled order', { glyphs: 'words', shuffle: 5 }, [5, 10]],
  // A figure's glyphs under a column head's left edge ("1|62,75"): pieces that touch are one word.
  ['glyphs in a shuffled order', { glyphs: 'single', shuffle: 3 }, [123, 130]],
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
