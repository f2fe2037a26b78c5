/**
 * compact() (a line's key: lower-case a–z only, accents folded) is read character by character;
 * it must give what its definition over the whole string gives — NFD, combining accents dropped,
 * lower case, a–z kept — for every character of the Basic Multilingual Plane, alone and between
 * letters, and for mixed strings (combining marks after letters, İ, final sigma, ligatures,
 * surrogate pairs, spaces and figures).
 */
import { describe, expect, it } from 'vitest';
import { compact } from '../../src/engine/pdf/lines.js';

const byDefinition = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '');

describe('compact reads a text as its whole-string definition does', () => {
  it('for every BMP character, alone and between letters', () => {
    const wrong: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      for (const t of [ch, `Ab${ch}Cd`, `${ch}${ch}x`]) if (compact(t) !== byDefinition(t)) wrong.push(`U+${c.toString(16)} in ${JSON.stringify(t)}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('for mixed strings drawn from letters, marks and symbols', () => {
    const pool = ['a', 'Z', ' ', '1', '.', 'é', 'e\u0301', '\u0301', '\u0345', 'İ', 'ı', 'Σ', 'σ', 'ß', 'ﬁ', 'Ⅻ', 'K', 'Å', 'ǅ', '\u00a0', '€', '£', '–', '\ud835\udc00', '\ud83d\ude00', 'Ö', 'ü', '한', 'Ǆ', 'ᾼ', '\u1e9e'];
    let seed = 7;
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    for (let i = 0; i < 5000; i++) {
      let t = '';
      for (let k = rnd(12); k > 0; k--) t += pool[rnd(pool.length)];
      expect(compact(t), JSON.stringify(t)).toBe(byDefinition(t));
    }
    expect(compact('Ope ning Bal-ance')).toBe('openingbalance');
    expect(compact('openingbalance')).toBe('openingbalance');
  });
});
