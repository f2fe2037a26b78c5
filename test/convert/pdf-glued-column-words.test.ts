/**
 * A description long enough to reach the next column, one space from that column's word, comes
 * out of the reader as one item ("POS DEBIT SYSCO FOOD SERVICES Bills" under "Description |
 * Category"), as LibreOffice Calc prints such rows: the category read as the description's last
 * word (calc-sweep 1-100: 6 of 9 failing seeds). The same word printed alone in that column,
 * ending where the cell ends, cuts it off (src/engine/pdf/glued-column-words.ts); a description
 * that ends in such a word short of the column keeps it.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';

const SIZE = 9;

const GLUED = 'POS DEBIT SYSCO FOOD SERVICES HACKENSACK';

interface Row { date: string; text: string; category: string; amount: string }

const ROWS: Row[] = [
  { date: '12/16/2024', text: 'CHECK 7065', category: 'Bills', amount: '-2,152.72' },
  { date: '12/17/2024', text: 'SHOPIFY PAYOUT TRANSFER 486631', category: 'Income', amount: '6,223.85' },
  { date: '12/18/2024', text: 'FORWARD FIN ACH PMT 969251650', category: 'Bills', amount: '-1,892.00' },
  // Ends one space short of the category column (which starts there): one item with its category.
  { date: '12/26/2024', text: GLUED, category: 'Bills', amount: '-98.44' },
  // Ends in a category's word, well short of the column: its own.
  { date: '12/27/2024', text: 'PAY BILLS ONLINE Bills', category: 'Bills', amount: '-10.00' },
  { date: '12/30/2024', text: 'COUNTER CREDIT', category: 'Income', amount: '8,098.26' },
];

async function file(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const CATEGORY_X = 110 + font.widthOfTextAtSize(`${GLUED} `, SIZE);
  let y = 740;
  const text = (s: string, x: number) => page.drawText(s, { x, y, size: SIZE, font });
  const right = (s: string, xr: number) => text(s, xr - font.widthOfTextAtSize(s, SIZE));
  for (const l of ['Prairie Ridge Bank', 'BUSINESS CHECKING', 'Account number: 4410228731', 'Statement period: 12/16/2024 to 12/31/2024']) { text(l, 40); y -= 14; }
  y -= 8;
  text('Opening balance', 40); right('5,000.00', 540); y -= 14;
  text('Closing balance', 40); right('15,168.95', 540); y -= 22;
  text('Date', 40); text('Description', 110); text('Category', CATEGORY_X); right('Amount', 450); right('Balance', 540); y -= 16;
  let balance = 500_000;
  for (const r of ROWS) {
    balance += Math.round(Number(r.amount.replace(/,/g, '')) * 100);
    text(r.date, 40);
    // One drawing for both words: one item.
    if (r.text === GLUED) text(`${r.text} ${r.category}`, 110);
    else { text(r.text, 110); text(r.category, CATEGORY_X); }
    right(r.amount, 450); right((balance / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }), 540);
    y -= 14;
  }
  return doc.save();
}

describe('a column\'s word run into the description before it', () => {
  it('is cut off where the column prints it alone', async () => {
    const [s] = (await convertDocument({ fileName: 'statement.pdf', bytes: await file(), options: defaultConversionOptions({}) })).statements;
    expect(s!.transactions.map((t) => t.description)).toEqual(ROWS.map((r) => r.text));
  });
});
