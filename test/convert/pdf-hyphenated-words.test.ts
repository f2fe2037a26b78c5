/**
 * Descriptions hyphenated by a typesetter: TeX (and word processors set to hyphenate) break a
 * long word over a narrow description's lines at a syllable, "WIRE TRANS-" over "FER OUT FED
 * REF", and the description read "TRANS-FER" (latex-sweep.ts: most of its description
 * failures). A hyphen at a line's end can also be the word's own ("E-" over "COMMERCE", "ST-"
 * over "91256807"): the word is joined without it only where the statement prints it whole on
 * a line elsewhere and never with that hyphen (pdf/glued-breaks.ts). Drawn with our own pen.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { formatCents } from '../../src/contract/money.js';
import { checkingHead, plainPdf } from '../fixtures/generator/plain-pdf.js';

const ROWS: [number, string[], number][] = [
  [2, ['ONLINE TRANSFER FROM', 'SAV 5621'], 250_000],
  [3, ['ZELLE PAY-', 'MENT 4410'], -153_008],
  [6, ['E-COMMERCE PAYOUT', 'SHOPIFY 8812'], 101_960],
  [9, ['CARD PURCHASE E-', 'COMMERCE STORE'], -4_599],
  [12, ['STRIPE TRANSFER ST-', '91256807'], 88_125],
  [15, ['PAYMENT TO PROP-', 'ERTIES LLC'], -52_000],
  [18, ['RENT PAYMENT MAPLE', 'REALTY GROUP'], -310_000],
];
const OPENING = 1_200_000;

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  const closing = OPENING + ROWS.reduce((n, r) => n + r[2], 0);
  checkingHead(pen, '01/01/2025 to 01/31/2025', formatCents(OPENING), formatCents(closing), 14);
  let balance = OPENING;
  for (const [day, lines, cents] of ROWS) {
    balance += cents;
    pen.text(`01/${String(day).padStart(2, '0')}`, 40);
    lines.forEach((l, i) => {
      pen.text(l, 110);
      if (i === 0) { pen.right(formatCents(cents), 450); pen.right(formatCents(balance), 540); }
      pen.down(10.5);
    });
    pen.down(3);
  }
  return pen.save();
}

describe('descriptions hyphenated over their lines', () => {
  it('joins a word the statement prints whole elsewhere, and keeps every other hyphen', async () => {
    const doc = await convertDocument({ fileName: 'hyphenated.pdf', bytes: await statement(), options: defaultConversionOptions() });
    expect(doc.statements[0]!.transactions.map((t) => t.description)).toEqual([
      'ONLINE TRANSFER FROM SAV 5621', 'ZELLE PAYMENT 4410', 'E-COMMERCE PAYOUT SHOPIFY 8812',
      'CARD PURCHASE E-COMMERCE STORE', 'STRIPE TRANSFER ST-91256807', 'PAYMENT TO PROP-ERTIES LLC', 'RENT PAYMENT MAPLE REALTY GROUP',
    ]);
  });
});
