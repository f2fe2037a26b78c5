/**
 * A part of a file that prints rows (a date and an amount) but makes no statement of its own (no
 * column heads, balances or period; a new account number started it) once vanished with its
 * rows while the statement before it reconciled: nothing said. Its rows are still not guessed
 * into a statement, but the statement beside it says which pages hold how many.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

/** A one-row checking statement; with `second`, a page of another account's rows without heads or balances. */
async function file(second: 'none' | 'rows' | 'notice'): Promise<Uint8Array> {
  const pen = await plainPdf();
  pen.text('Prairie Ridge Bank', 40, { bold: true, size: 12 }); pen.down(18);
  pen.text('BUSINESS CHECKING', 40, { bold: true }); pen.down(12);
  pen.text('Account number: 4410228731', 40); pen.down(12);
  pen.text('Statement period: 03/01/2023 to 03/31/2023', 40); pen.down(20);
  pen.text('Opening balance', 40); pen.right('11,500.00', 540); pen.down(12);
  pen.text('Closing balance', 40); pen.right('11,412.08', 540); pen.down(20);
  pen.text('Date', 40, { bold: true }); pen.text('Description', 110, { bold: true }); pen.right('Amount', 450, { bold: true }); pen.right('Balance', 540, { bold: true }); pen.down(14);
  pen.text('03/03/2023', 40); pen.text('ATT BILL PAYMENT', 110); pen.right('-87.92', 450); pen.right('11,412.08', 540);
  if (second === 'none') return pen.save();
  pen.newPage();
  pen.text('Prairie Ridge Bank', 40, { bold: true, size: 12 }); pen.down(18);
  pen.text('Account number: 9987001234', 40); pen.down(24);
  const lines = second === 'rows'
    ? ['03/05/2023  CUSTOMER DEPOSIT  1,500.00', '03/09/2023  GUSTO PAYROLL  2,800.00', '03/13/2023  STRIPE TRANSFER  3,210.55', '03/20/2023  RENT  900.00']
    : ['Your overdraft fee of 35.00 changes on 04/01/2023.', '03/15/2023  Rate notice  2.50'];
  for (const l of lines) { pen.text(l, 40); pen.down(12); }
  return pen.save();
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
