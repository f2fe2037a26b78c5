/**
 * Pages whose text is drawn turned a quarter or a half (landscape printouts, pages stored upside
 * down) are read from their text, turned upright, exactly as the upright statement; text in
 * another direction than the page's (a watermark, a margin note) is still no part of the table.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { uprightItems, type PlacedString } from '../../src/engine/pdf/upright-text.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { compareStatements } from '../fixtures/generator/compare.js';
import { turnedPdf } from '../fixtures/generator/turned-pages.js';

afterAll(() => closeEngines());

const convert = (bytes: Uint8Array) => convertDocument({ fileName: 'turned.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });

describe('a statement whose pages are drawn turned', () => {
  for (const [seed, layout, turn] of [[1, 'landscape', 1], [2, 'chase', 3], [3, 'ukcurrent', 2], [4, 'sparkasse', 1], [5, 'indian', 3]] as const) {
    it(`${layout} turned ${turn * 90}°: read from its text, as the upright statement`, async () => {
      const st = await renderStatementPdf(makeStatementSpec({ seed, layout }));
      const upright = await convert(st.bytes);
      const doc = await convert(await turnedPdf(st.bytes, turn));
      expect(compareStatements(st.truth, doc.statements)).toEqual([]);
      expect(doc.pdf?.ocrPages).toBeUndefined();
      expect(doc.pdf?.image).toBe(false);
      expect(doc.statements.map((s) => s.transactions.map((t) => [t.date, t.description, t.amount]))).toEqual(upright.statements.map((s) => s.transactions.map((t) => [t.date, t.description, t.amount])));
    });
  }
});

describe('uprightItems', () => {
  const at = (str: string, q: number, e: number, f: number): PlacedString => {
    const m = [[10, 0, 0, 10], [0, 10, -10, 0], [-10, 0, 0, -10], [0, -10, 10, 0]][q]!;
    return { str, transform: [...m, e, f], width: str.length * 5, fontName: 'F1' };
  };
  const view = [0, 0, 612, 792];

  it('an upright page keeps its upright items only: a diagonal watermark and a note up the margin are dropped', () => {
    const p = uprightItems([at('01/02 Deposit', 0, 40, 700), at('1,200.00', 0, 500, 700), at('Printed by branch 0042 on request', 1, 20, 100),
      { str: 'COPY', transform: [7, 7, -7, 7, 200, 300], width: 20, fontName: 'F1' }], view);
    expect(p).toMatchObject({ width: 612, height: 792, turn: 0 });
    expect(p.items.map((i) => [i.str, i.x, i.y, i.size])).toEqual([['01/02 Deposit', 40, 92, 10], ['1,200.00', 500, 92, 10]]);
  });

  it('a page whose text runs up it is read turned: x along the text, y down from the top of the turned page', () => {
    // Drawn turned a quarter counter-clockwise: the top of the landscape page is the portrait page's left edge.
    const p = uprightItems([at('Date Description Amount', 1, 20, 40), at('01/02 Deposit 1,200.00', 1, 40, 40), at('01/03 Fee 5.00', 1, 60, 40), at('p1', 0, 10, 10)], view);
    expect(p).toMatchObject({ width: 792, height: 612, turn: 1 });
    expect(p.items.map((i) => [i.str, i.x, i.y])).toEqual([['Date Description Amount', 40, 20], ['01/02 Deposit 1,200.00', 40, 40], ['01/03 Fee 5.00', 40, 60]]);
  });

  it('running down the page and upside down turn the other ways', () => {
    const lines = (q: number, pos: (i: number) => [number, number]) => ['Statement of account', 'Opening balance 10.00', 'Closing balance 12.00'].map((s, i) => at(s, q, ...pos(i)));
    const down = uprightItems(lines(3, (i) => [600 - 20 * i, 752]), view);
    expect([down.width, down.height, down.turn, down.items.map((i) => [i.x, i.y])]).toEqual([792, 612, 3, [[40, 12], [40, 32], [40, 52]]]);
    const flipped = uprightItems(lines(2, (i) => [572, 92 + 20 * i]), view);
    expect([flipped.width, flipped.height, flipped.turn, flipped.items.map((i) => [i.x, i.y])]).toEqual([612, 792, 2, [[40, 92], [40, 112], [40, 132]]]);
  });

  it('one long line up the margin of a short page does not turn it', () => {
    const p = uprightItems([at('Page 3 of 3', 0, 500, 40), at('Member FDIC. Equal Housing Lender. Deposit products offered by the bank', 1, 20, 100)], view);
    expect([p.turn, p.items.map((i) => i.str)]).toEqual([0, ['Page 3 of 3']]);
  });
});
