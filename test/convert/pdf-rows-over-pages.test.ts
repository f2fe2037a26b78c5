/**
 * A row a browser breaks over two pages (wkhtmltopdf's WebKit does): its first description lines
 * at the foot of one page, the rest on the next page's top with its date and figures. The lines
 * left at the foot read as the row above's continuation, and the row lost its first words
 * (html-sweep --producer wkhtmltopdf: 5 of 200 seeds). They stand apart from the row above as two
 * rows do (./src/engine/pdf/rows-over-pages.ts); a row's own continuation, one line's spacing
 * under it, stays with it.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { checkingHead, plainPdf } from '../fixtures/generator/plain-pdf.js';

/** Line spacing within a row, and between two rows (their cells' padding). */
const PITCH = 11, ROW = 18;

interface Row { date: string; lines: string[]; amount: string; balance: string }

const ROWS: Row[] = [
  { date: '03/02/2023', lines: ['CARD PURCHASE 03/02 HOME DEPOT #6812', 'BROOKLYN NY CARD 4863'], amount: '-120.00', balance: '11,380.00' },
  { date: '03/03/2023', lines: ['ONLINE TRANSFER TO SAV ...7228', 'TRANSACTION#: 061576495'], amount: '-500.00', balance: '10,880.00' },
  { date: '03/06/2023', lines: ['WIRE TRANSFER IN FED REF 4348583 ORIG:', 'BLUE RIDGE SUPPLY INC'], amount: '2,000.00', balance: '12,880.00' },
  { date: '03/08/2023', lines: ['POS DEBIT STAPLES 00123 NEWARK NJ MCC', '5812 CONTACTLESS APPLE PAY', 'DEVICE 7731'], amount: '-80.00', balance: '12,800.00' },
  { date: '03/10/2023', lines: ['NATIONAL GRID BILL PAY 923247702'], amount: '-300.00', balance: '12,500.00' },
];

/**
 * A statement whose rows print their date and figures centred on their description's lines, as
 * HTML tables aligned to the middle print them. `split`: the fourth row's first two lines at the
 * first page's foot, its last line with its figures atop the second page (as WebKit breaks it);
 * else the third row ends the page, the fourth begins the next.
 */
async function file(split: boolean): Promise<Uint8Array> {
  const pen = await plainPdf();
  checkingHead(pen, '03/01/2023 to 03/31/2023', '11,500.00', '12,500.00', ROW);
  const values = (r: Row) => { pen.text(r.date, 40); pen.right(r.amount, 450); pen.right(r.balance, 540); };
  // Each line, and the figures halfway down the row's lines (pen.down moves by the half line between).
  const row = (r: Row) => {
    const middle = (r.lines.length - 1) / 2;
    r.lines.forEach((l, k) => {
      if (k > 0) pen.down(PITCH);
      pen.text(l, 110);
      if (k === Math.floor(middle) && middle % 1) { pen.down(PITCH / 2); values(r); pen.down(-PITCH / 2); }
      if (k === middle) values(r);
    });
    pen.down(ROW);
  };
  ROWS.slice(0, 3).forEach((r) => row(r));
  const broken = ROWS[3]!;
  if (split) {
    pen.text(broken.lines[0]!, 110); pen.down(PITCH); pen.text(broken.lines[1]!, 110);
    pen.newPage();
    pen.text(broken.lines[2]!, 110); values(broken); pen.down(ROW);
  } else {
    pen.newPage();
    row(broken);
  }
  row(ROWS[4]!);
  return pen.save();
}

const read = async (bytes: Uint8Array) => (await convertDocument({ fileName: 'statement.pdf', bytes, options: defaultConversionOptions({}) })).statements;

describe('a row broken over two pages', () => {
  it('reads its lines at the first page\'s foot as its first words', async () => {
    for (const split of [false, true]) {
      const [s] = await read(await file(split));
      expect(s!.transactions.map((t) => t.description), `split ${split}`).toEqual(ROWS.map((r) => r.lines.join(' ')));
    }
  });
});
