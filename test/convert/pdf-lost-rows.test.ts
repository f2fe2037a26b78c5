/**
 * A part of a file that prints rows (a date and an amount) but makes no statement of its own (no
 * column heads, balances or period; a new account number started it) once vanished with its
 * rows while the statement before it reconciled: nothing said. Its rows are still not guessed
 * into a statement, but the statement beside it says which pages hold how many.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';

/** A one-row checking statement; with `second`, a page of another account's rows without heads or balances. */
async function file(second: 'none' | 'rows' | 'notice'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([612, 792]);
  let y = 740;
  const text = (s: string, x: number, f = font, size = 9) => page.drawText(s, { x, y, size, font: f });
  const right = (s: string, xr: number, f = font) => page.drawText(s, { x: xr - f.widthOfTextAtSize(s, 9), y, size: 9, font: f });
  text('Prairie Ridge Bank', 40, bold, 12); y -= 18;
  text('BUSINESS CHECKING', 40, bold); y -= 12;
  text('Account number: 4410228731', 40); y -= 12;
  text('Statement period: 03/01/2023 to 03/31/2023', 40); y -= 20;
  text('Opening balance', 40); right('11,500.00', 540); y -= 12;
  text('Closing balance', 40); right('11,412.08', 540); y -= 20;
  text('Date', 40, bold); text('Description', 110, bold); right('Amount', 450, bold); right('Balance', 540, bold); y -= 14;
  text('03/03/2023', 40); text('ATT BILL PAYMENT', 110); right('-87.92', 450); right('11,412.08', 540);
  if (second === 'none') return doc.save();
  page = doc.addPage([612, 792]); y = 740;
  text('Prairie Ridge Bank', 40, bold, 12); y -= 18;
  text('Account number: 9987001234', 40); y -= 24;
  const lines = second === 'rows'
    ? ['03/05/2023  CUSTOMER DEPOSIT  1,500.00', '03/09/2023  GUSTO PAYROLL  2,800.00', '03/13/2023  STRIPE TRANSFER  3,210.55', '03/20/2023  RENT  900.00']
    : ['Your overdraft fee of 35.00 changes on 04/01/2023.', '03/15/2023  Rate notice  2.50'];
  for (const l of lines) { text(l, 40); y -= 12; }
  return doc.save();
}

const read = async (bytes: Uint8Array) => (await convertDocument({ fileName: 'statement.pdf', bytes, options: defaultConversionOptions({}) })).statements;
const lostHints = (hints: string[] | undefined) => (hints ?? []).filter((h) => /belong to no statement/.test(h));

describe('rows that make no statement', () => {
  it('are said on the statement beside them, by page and count', async () => {
    const [s, ...rest] = await read(await file('rows'));
    expect(rest).toHaveLength(0);
    expect(s!.accountNumber).toBe('4410228731');
    expect(reconcile(s!, 0).reconciled).toBe(true);
    expect(lostHints(s!.hints)).toEqual([expect.stringMatching(/^Page\(s\) 2: 4 line\(s\) printed as transactions/)]);
  });

  it('a statement alone, or beside a notice\'s dated figures, says nothing of them', async () => {
    for (const second of ['none', 'notice'] as const) {
      const [s] = await read(await file(second));
      expect(s!.transactions).toHaveLength(1);
      expect(lostHints(s!.hints)).toEqual([]);
    }
  });
});
