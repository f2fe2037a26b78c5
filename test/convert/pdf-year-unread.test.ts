/**
 * Rows printed without their year ("01/13 | STRIPE TRANSFER") take it from the statement's
 * period. Where no period is read, the year is the one most of the document's dates print, else
 * the current year: a guess, which the statement's hints say, naming the year taken. A scan whose
 * period was misread once dated 19 rows 2015 in a statement that reconciled, with nothing said.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

const ROWS: [string, string, string, string][] = [
  ['03/03', 'ATT BILL PAYMENT', '-87.92', '11,412.08'],
  ['03/06', 'CUSTOMER DEPOSIT', '1,500.00', '12,912.08'],
  ['03/10', 'GUSTO PAYROLL', '-2,800.00', '10,112.08'],
  ['03/13', 'STRIPE TRANSFER', '3,210.55', '13,322.63'],
];

/** A one-page statement whose rows print day and month only; `top` lines above the table. */
async function statement(top: string[]): Promise<Uint8Array> {
  const pen = await plainPdf();
  pen.text('Prairie Ridge Bank', 40, { bold: true, size: 12 }); pen.down(18);
  pen.text('BUSINESS CHECKING', 40, { bold: true }); pen.down(12);
  pen.text('Account number: 4410228731', 40); pen.down(12);
  for (const l of top) { pen.text(l, 40); pen.down(12); }
  pen.down(8);
  pen.text('Opening balance', 40); pen.right('11,500.00', 540); pen.down(12);
  pen.text('Closing balance', 40); pen.right('13,322.63', 540); pen.down(20);
  pen.text('Date', 40, { bold: true }); pen.text('Description', 110, { bold: true }); pen.right('Amount', 450, { bold: true }); pen.right('Balance', 540, { bold: true }); pen.down(14);
  for (const [d, desc, a, b] of ROWS) { pen.text(d, 40); pen.text(desc, 110); pen.right(a, 450); pen.right(b, 540); pen.down(12); }
  return pen.save();
}

const convert = async (bytes: Uint8Array, options: Record<string, string> = {}) =>
  (await convertDocument({ fileName: 'statement.pdf', bytes, options: defaultConversionOptions(options) })).statements;
const yearHints = (hints: string[] | undefined) => (hints ?? []).filter((h) => /without a year/.test(h));

describe('rows printed without their year', () => {
  it('take the period\'s year, and nothing is said', async () => {
    const [s] = await convert(await statement(['Statement period: 03/01/2023 to 03/31/2023']));
    expect(s!.transactions.map((t) => t.date)).toEqual(['2023-03-03', '2023-03-06', '2023-03-10', '2023-03-13']);
    expect(reconcile(s!, 0).reconciled).toBe(true);
    expect(yearHints(s!.hints)).toEqual([]);
  });

  it('with no period, take the year the document\'s dates print, and the hints say so', async () => {
    const [s] = await convert(await statement(['Printed on 04/02/2024']));
    expect(s!.transactions.map((t) => t.date)).toEqual(['2024-03-03', '2024-03-06', '2024-03-10', '2024-03-13']);
    expect(yearHints(s!.hints)).toEqual([expect.stringMatching(/No statement period was read: 4 rows printed without a year dated from 2024/)]);
  });

  it('with no date printing a year, take the current year, and the hints say so', async () => {
    const [s] = await convert(await statement([]));
    const year = new Date().getUTCFullYear();
    expect(s!.transactions[0]!.date.slice(0, 4)).toBe(String(year));
    expect(yearHints(s!.hints)).toEqual([expect.stringMatching(new RegExp(`4 rows printed without a year dated from the current year, ${year}; set yearoverride`))]);
  });

  it('with yearoverride, take that year, and nothing is said', async () => {
    const [s] = await convert(await statement([]), { yearoverride: '2021' });
    expect(s!.transactions.map((t) => t.date)).toEqual(['2021-03-03', '2021-03-06', '2021-03-10', '2021-03-13']);
    expect(yearHints(s!.hints)).toEqual([]);
  });
});
