/**
 * A row the page break cut: its date and first words at the foot of one page, the rest of its
 * description and its figures atop the next page, whose heads are not repeated. Every line of
 * it is that row's (a lender's name on the first page, its reference on the second), and the
 * statement reconciles. Drawn with pdf-lib in a plain Date / Description / Amount / Balance
 * table.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';

/** [date or '', description, amount or '', balance or '']: one printed line each. */
type Line = [string, string, string, string];

const PAGE1: Line[] = [
  ['01/02/2025', 'STRIPE TRANSFER ST-4410', '250.00', '1,250.00'],
  ['01/06/2025', 'GUSTO PAYROLL 8812', '-100.00', '1,150.00'],
  ['01/09/2025', 'ONDECK CAPITAL', '', ''],
];
const PAGE2: Line[] = [
  ['', 'ACH DEBIT 10711415', '', ''],
  ['', 'LOAN PAYMENT', '-500.00', '650.00'],
  ['01/14/2025', 'SQUARE INC DEPOSIT', '50.00', '700.00'],
];

async function statement(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([612, 792]);
  let y = 740;
  const text = (pg: PDFPage, s: string, x: number, f: PDFFont = font, size = 9) => pg.drawText(s, { x, y, size, font: f });
  const right = (pg: PDFPage, s: string, xr: number, f: PDFFont = font) => pg.drawText(s, { x: xr - f.widthOfTextAtSize(s, 9), y, size: 9, font: f });
  const row = ([d, desc, a, b]: Line) => { if (d) text(page, d, 40); text(page, desc, 120); if (a) right(page, a, 450); if (b) right(page, b, 540); y -= 13; };
  text(page, 'Harbor Point Bank', 40, bold, 12); y -= 16;
  text(page, 'Business Checking Statement', 40); y -= 12;
  text(page, 'Account Number: 4410228817', 40); y -= 12;
  text(page, 'Statement Period: 01/01/2025 to 01/31/2025', 40); y -= 24;
  text(page, 'Date', 40, bold); text(page, 'Description', 120, bold); right(page, 'Amount', 450, bold); right(page, 'Balance', 540, bold); y -= 14;
  text(page, 'Beginning Balance', 120); right(page, '1,000.00', 540); y -= 13;
  for (const l of PAGE1) row(l);
  // The rest of page 1 is empty: the row's next line did not fit above the footer.
  y = 40; text(page, 'Harbor Point Bank - Member FDIC', 40, font, 7); text(page, 'Page 1 of 2', 530, font, 7);
  page = doc.addPage([612, 792]);
  y = 760;
  for (const l of PAGE2) row(l);
  y -= 6;
  text(page, 'Ending Balance', 120); right(page, '700.00', 540); y -= 13;
  y = 40; text(page, 'Harbor Point Bank - Member FDIC', 40, font, 7); text(page, 'Page 2 of 2', 530, font, 7);
  return doc.save();
}

describe('a row cut by the page break', () => {
  it('keeps the lines atop the next page, before its figures, in that row', async () => {
    const doc = await convertDocument({ fileName: 'cut-row.pdf', bytes: await statement(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual([
      ['2025-01-02', 25000, 'STRIPE TRANSFER ST-4410'],
      ['2025-01-06', -10000, 'GUSTO PAYROLL 8812'],
      ['2025-01-09', -50000, 'ONDECK CAPITAL ACH DEBIT 10711415 LOAN PAYMENT'],
      ['2025-01-14', 5000, 'SQUARE INC DEPOSIT'],
    ]);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});
