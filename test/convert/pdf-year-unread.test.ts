/**
 * Rows printed without their year ("01/13 | STRIPE TRANSFER") take it from the statement's
 * period. Where no period is read, the year is the one most of the document's dates print, else
 * the current year: a guess, which the statement's hints say, naming the year taken. A scan whose
 * period was misread once dated 19 rows 2015 in a statement that reconciled, with nothing said.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';

const ROWS: [string, string, string, string][] = [
  ['03/03', 'ATT BILL PAYMENT', '-87.92', '11,412.08'],
  ['03/06', 'CUSTOMER DEPOSIT', '1,500.00', '12,912.08'],
  ['03/10', 'GUSTO PAYROLL', '-2,800.00', '10,112.08'],
  ['03/13', 'STRIPE TRANSFER', '3,210.55', '13,322.63'],
];

/** A one-page statement whose rows print day and month only; `top` lines above the table. */
async function statement(top: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  let y = 740;
  const text = (s: string, x: number, f = font, size = 9) => page.drawText(s, { x, y, size, font: f });
  const right = (s: string, xr: number, f = font) => page.drawText(s, { x: xr - f.widthOfTextAtSize(s, 9), y, size: 9, font: f });
  text('Prairie Ridge Bank', 40, bold, 12); y -= 18;
  text('BUSINESS CHECKING', 40, bold); y -= 12;
  text('Account number: 4410228731', 40); y -= 12;
  for (const l of top) { text(l, 40); y -= 12; }
  y -= 8;
  text('Opening balance', 40); right('11,500.00', 540); y -= 12;
  text('Closing balance', 40); right('13,322.63', 540); y -= 20;
  text('Date', 40, bold); text('Description', 110, bold); right('Amount', 450, bold); right('Balance', 540, bold); y -= 14;
  for (const [d, desc, a, b] of ROWS) { text(d, 40); text(desc, 110); right(a, 450); right(b, 540); y -= 12; }
  return doc.save();
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
