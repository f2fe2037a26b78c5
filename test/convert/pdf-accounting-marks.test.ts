/**
 * Figures in spreadsheets' accounting format: the currency mark at the money column's left edge,
 * the figure at its right ("$      1,234.56", "$   (1,234.56)"), as Excel-made statements and
 * printouts from them print them. The mark is the figure's: never a word of the description
 * beside it, never a cell of its own that moves a figure out of its column.
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposed } from '../fixtures/generator/composer/score.js';
import { marksOnFigures } from '../../src/engine/pdf/lone-marks.js';
import { parseMoneyCell } from '../../src/engine/pdf/tokens.js';
import type { Cell } from '../../src/engine/pdf/lines.js';

describe('currency marks printed apart from their figures', () => {
  // 6, 17: "R$" / "€" read into descriptions; 45: "R$ (4,476.16)" a bracketed figure after its mark;
  // 248: a mark before a figure with its side's letter ("€   871.89 H"); 258, 335: summary balances with the mark apart.
  for (const seed of [6, 17, 45, 248, 258, 335]) {
    it(`composed seed ${seed} reads as printed with the marks beside the figures`, async () => {
      const r = await readComposed(seed, { markApart: true });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }

  // A footnote mark after the figure ("940,42 †", the mark apart at the column's left edge): the
  // note mark comes off first, or the figure is no figure yet when the mark looks for it, and the
  // mark was read as a word of the description ("CLOVER SETTLEMENT MERCH DEP 032822424 £"; seed 17
  // "DEPOSIT CHF"). Forced markApart+footnotes, with amountsFirst too.
  for (const [seed, amountsFirst] of [[17, false], [79, false], [45, true], [47, true]] as const) {
    it(`composed seed ${seed} with footnote marks after the figures${amountsFirst ? ', amounts first' : ''}: no mark in a description`, async () => {
      const r = await readComposed(seed, { markApart: true, footnotes: true, ...(amountsFirst ? { amountsFirst } : {}) });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    });
  }

  const cell = (text: string, x0: number): Cell => ({ text, x0, x1: x0 + text.length * 4, size: 8, bold: false, parts: [{ text, x0, x1: x0 + text.length * 4 }] });
  it('joins a lone mark to the figure after it, keeping the figure\'s place', () => {
    const out = marksOnFigures([cell('RENT PAYMENT', 100), cell('$', 300), cell('(1,234.56)', 340), cell('$', 400), cell('9,876.00 CR', 430)]);
    expect(out.map((c) => [c.text, c.x0])).toEqual([['RENT PAYMENT', 100], ['($1,234.56)', 340], ['$9,876.00 CR', 430]]);
  });
  it('leaves a mark with no figure after it, and a figure with a mark of its own', () => {
    const cells = [cell('Amount', 100), cell('$', 300), cell('TOTAL', 340), cell('€', 400), cell('$5.00', 430)];
    expect(marksOnFigures(cells)).toBe(cells);
  });
  it('reads a bracketed figure after its mark as negative', () => {
    expect(parseMoneyCell('$ (1,234.56)')?.cents).toBe(-123456);
    expect(parseMoneyCell('R$ (4,476.16)')?.cents).toBe(-447616);
  });
});
