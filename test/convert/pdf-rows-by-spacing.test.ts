/**
 * Rows aligned to their foot (an HTML table printed by wkhtmltopdf, vertical-align: bottom), each
 * ending with its figures, padded apart; WebKit drew one with its figures on its first line
 * ("FUNDKITE LLC COLLECTION 236113 | 2,068.25" over "Ref 4945727648"). Read by the other rows'
 * way, its reference line went to the row below (html-sweep --producer wkhtmltopdf seed 26). A
 * line one line's spacing under a row's figures and a row's gap above the next row's lines is
 * that row's (src/engine/pdf/row-spacing.ts).
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { checkingHead, plainPdf } from '../fixtures/generator/plain-pdf.js';

/** A description's line spacing, and two rows' (their cells' padding). */
const PITCH = 10.4, ROW = 15;

interface Row { date: string; lines: string[]; amount: string; balance: string; first?: boolean }

const ROWS: Row[] = [
  { date: '12/20/2024', lines: ['ONLINE TRANSFER FROM SAV ...8733', 'TRANSACTION#: 72631777'], amount: '1,179.31', balance: '12,679.31' },
  { date: '12/23/2024', lines: ['KAPITUS SERVICING ACH DEBIT 9671706', 'Ref 4046096723'], amount: '-390.50', balance: '12,288.81' },
  { date: '12/24/2024', lines: ['FUNDKITE LLC COLLECTION 236113', 'Ref 4945727648'], amount: '-2,068.25', balance: '10,220.56', first: true },
  { date: '12/24/2024', lines: ['ONLINE TRANSFER TO CHK ...4309 TRANSACTION#:', '6315388126'], amount: '-7,145.09', balance: '3,075.47' },
  { date: '12/26/2024', lines: ['BANKCARD DEPOSIT MTOT DEP 241226 MID', '518027876033'], amount: '1,860.91', balance: '4,936.38' },
  { date: '12/27/2024', lines: ['SHOPIFY PAYOUT TRANSFER 2629220128', 'Ref 9503391686'], amount: '2,487.35', balance: '7,423.73' },
];

async function file(): Promise<Uint8Array> {
  const pen = await plainPdf();
  checkingHead(pen, '12/01/2024 to 12/31/2024', '11,500.00', '7,423.73', ROW);
  const values = (r: Row) => { pen.text(r.date, 40); pen.right(r.amount, 450); pen.right(r.balance, 540); };
  for (const r of ROWS) {
    r.lines.forEach((l, k) => {
      if (k > 0) pen.down(PITCH);
      pen.text(l, 110);
      if (k === (r.first ? 0 : r.lines.length - 1)) values(r);
    });
    pen.down(ROW);
  }
  return pen.save();
}

describe('rows aligned to their foot, one drawn with its figures on its first line', () => {
  it('keeps the line under its figures, a row\'s gap above the next row, with it', async () => {
    const [s] = (await convertDocument({ fileName: 'statement.pdf', bytes: await file(), options: defaultConversionOptions({}) })).statements;
    expect(s!.transactions.map((t) => t.description)).toEqual(ROWS.map((r) => r.lines.join(' ')));
  });
});
