/**
 * A scan's last row whose amount OCR garbled ("(140,45 $)" read "40.88 $)") while its date and
 * running balance were read: its amount is taken from the balances (pdf/unread-amounts.ts), but
 * no row after it vouches for its balance. It was left out, the closing balance, whose label OCR
 * had misread too ("Satdo actual"), was then taken from the row above's balance, and the
 * statement reconciled without the row, every figure confident (composed fax 1220). With no
 * closing read it is now kept, flagged; a closing read that is its balance vouches for it; a
 * closing read that is another figure does not, and it is left out as before. The reader on
 * OCR words laid out as a page.
 */
import { describe, expect, it } from 'vitest';
import { wordsPage, type WordLines } from '../fixtures/ocr-words.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { markOcrConfidence } from '../../src/engine/ocr/confidence.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';

const W = 4.5; // wordsPage sets a glyph 4.5 pt wide
const right = (x: number, s: string): [number, string] => [x - s.length * W, s];
const figure = (c: number) => `${Math.floor(Math.abs(c) / 100).toLocaleString('en-US')}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

/** Debits from 5,000.00, each with its balance; the last row's amount cell as `lastCell`; the closing line as given (null: none read). */
function page(lastCell: string, closing: string | null): WordLines {
  const amounts = [-41647, -361775, -41561, -14045];
  let balance = 500000;
  const rows: WordLines = amounts.map((a, i) => {
    balance += a;
    const cell = i === amounts.length - 1 ? lastCell : `(${figure(a)})`;
    return [166 + i * 14, [[40, `01/${String(20 + i * 3)}`], [110, `CHECK ${1671 + i}`], right(420, cell), right(520, figure(balance))]];
  });
  return [
    [40, [[40, 'Harbourline Bank'], [400, 'Account Statement']]],
    [54, [[40, 'Account Number: 4410227391']]],
    [68, [[40, 'Statement Period: 01/01/2025 to 01/31/2025']]],
    [100, [[40, 'Beginning Balance'], right(260, '5,000.00')]],
    ...(closing ? [[114, [[40, closing.split('|')[0]!], right(260, closing.split('|')[1]!)]]] as WordLines : []),
    [150, [[40, 'Date'], [110, 'Description'], [380, 'Amount'], [480, 'Balance']]],
    ...rows,
  ];
}

function read(lastCell: string, closing: string | null) {
  const text = wordsPage(page(lastCell, closing), true);
  const doc = readStatements({ fileName: 'x.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
  markOcrConfidence(doc, text.pages);
  return doc.statements[0]!;
}

describe('the last row\'s amount, taken from the balances', () => {
  it('with no closing read, is kept, flagged: the closing is its balance, not the row above\'s', () => {
    const s = read('40.88)', 'Satdo actual|');
    expect(s.transactions.map((t) => t.amount)).toEqual([-41647, -361775, -41561, -14045]);
    expect(s.transactions[3]!.amountConfidence).toBe(0);
    expect(s.endBalance).toBe(500000 - 41647 - 361775 - 41561 - 14045);
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.hints?.join(' ')).toMatch(/-140\.45 \(its printed amount not read: the balances around it give it\)/);
  });

  it('with the closing read as its balance, is kept', () => {
    const s = read('40.88)', `Ending Balance|${figure(500000 - 41647 - 361775 - 41561 - 14045)}`);
    expect(s.transactions).toHaveLength(4);
    expect(s.transactions[3]!.amount).toBe(-14045);
  });

  it('with the closing read as another figure, is left out (the statement then does not reconcile)', () => {
    const s = read('40.88)', 'Ending Balance|3,400.00');
    expect(s.transactions.map((t) => t.amount)).toEqual([-41647, -361775, -41561]);
    expect(reconcile(s, 0).reconciled).toBe(false);
  });
});
