/**
 * A figure's first digit read as a currency mark its column prints nowhere else ("$21.42" for
 * "521.42" at 88: composed 537 faxed at 150 dpi; "$57.90" for "957.90" at 95, composed 649):
 * a wrong figure read surely. Which digit the mark stands for is not known, so the figure is
 * not changed; it is read unsure (flagged), and the running balances judge it. A column that
 * prints its marks is read as it is. The reader on OCR words laid out as a page.
 */
import { describe, expect, it } from 'vitest';
import { wordsPage, type WordLines } from '../fixtures/ocr-words.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { markOcrConfidence } from '../../src/engine/ocr/confidence.js';
import { LOW_CONFIDENCE } from '../../src/engine/ocr/limits.js';

const W = 4.5; // wordsPage sets a glyph 4.5 pt wide

/** A statement page whose rows' amounts end at x = 420 and balances at 520 (right-aligned), `mark` before every amount or only the fourth's first digit read as one. */
function page(everyMarked: boolean): WordLines {
  const amounts = ['12.34', '56.78', '90.12', '521.42', '34.56', '78.90'];
  let balance = 100000;
  const right = (x: number, s: string): [number, string] => [x - s.length * W, s];
  return [
    [40, [[40, 'Harbourline Bank'], [400, 'Account Statement']]],
    [54, [[40, 'Account Number: 4410227391']]],
    [68, [[40, 'Statement Period: 01/03/2025 to 31/03/2025']]],
    [100, [[40, 'Beginning Balance'], [200, '1000.00']]],
    [114, [[40, 'Ending Balance'], [200, `${(100000 + 80412) / 100}`]]],
    [150, [[40, 'Date'], [110, 'Description'], [380, 'Amount'], [480, 'Balance']]],
    ...amounts.map((a, i): WordLines[number] => {
      balance += Math.round(Number(a) * 100);
      const printed = everyMarked ? `$${a}` : i === 3 ? `$${a.slice(1)}` : a;
      return [166 + i * 14, [[40, `03/${String(10 + i)}/2025`], [110, `STRIPE TRANSFER ${i + 1}`], right(420, printed), right(520, (balance / 100).toFixed(2))]];
    }),
  ];
}

function read(lines: WordLines) {
  const text = wordsPage(lines, true);
  const doc = readStatements({ fileName: 'x.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
  markOcrConfidence(doc, text.pages);
  return doc.statements[0]!.transactions;
}

describe('a currency mark read where a figure\'s first digit is printed', () => {
  it('in a column printing no mark: the figure is read unsure, not changed', () => {
    const rows = read(page(false));
    expect(rows).toHaveLength(6);
    const misread = rows.find((t) => Math.abs(t.amount) === 2142)!;
    expect(misread.amountConfidence).toBeLessThan(LOW_CONFIDENCE);
    expect(rows.filter((t) => t !== misread).every((t) => (t.amountConfidence ?? 0) >= LOW_CONFIDENCE)).toBe(true);
  });

  it('in a column that prints its marks: read as it is', () => {
    const rows = read(page(true));
    expect(rows).toHaveLength(6);
    expect(rows.every((t) => (t.amountConfidence ?? 0) >= LOW_CONFIDENCE)).toBe(true);
  });
});
