/**
 * A re-writer that joins what a line shows close together (Ghostscript's pdfwrite) draws a figure
 * and the description a few points after it as one string ("340.00 Deposit Ref. No. 062493572"),
 * a check's paid date and its reference likewise ("1/27 90639420"). No gap between pieces then
 * tells where the figure ends: such rows were read without their amount, or with the date in the
 * description. The figure is cut off where the next column's head begins.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

/** Helvetica's advance widths (per 1000 em) of what the figures here are made of. */
const WIDTH: Record<string, number> = { '.': 278, ',': 278, '/': 278, ' ': 278 };
const widthOf = (s: string, size: number) => [...s].reduce((w, ch) => w + (WIDTH[ch] ?? 556), 0) * size / 1000;

const DEPOSITS: [string, string, string][] = [
  ['1/23', '250.00', 'SQUAVE INC T200167842193'],
  ['1/25', '1,340.00', 'DEPOSIT REF 062493572'],
  ['2/09', '89.45', 'CASH APP T200169536214'],
];
const CHECKS: [string, string, string, string][] = [
  ['9643', '63.97', '1/27', '90639420'],
  ['9644', '179.82', '1/28', '90426812'],
];

async function statement(glued: boolean): Promise<Uint8Array> {
  const size = 8;
  const pen = await plainPdf();
  pen.text('Juniper Falls Bank', 52, { bold: true, size: 12 }); pen.down(18);
  pen.text('Business Checking Statement', 52, { bold: true }); pen.down(12);
  pen.text('Account number: 81-4022-4868', 52); pen.down(12);
  pen.text('For the period 01/22/2021 to 02/21/2021', 52); pen.down(20);
  pen.text('Beginning balance', 52); pen.right('4,267.93', 300); pen.down(12);
  pen.text('Ending balance', 52); pen.right('5,703.59', 300); pen.down(22);
  pen.text('Deposits and Other Additions', 52, { bold: true }); pen.down(14);
  pen.text('Date', 52, { size }); pen.right('Amount', 145, { size }); pen.text('Description', 148.5, { size }); pen.down(12);
  for (const [date, amount, text] of DEPOSITS) {
    pen.text(date, 52, { size });
    const x = 145 - widthOf(amount, size);
    if (glued) pen.text(`${amount} ${text}`, x, { size });
    else { pen.text(amount, x, { size }); pen.text(text, 148.5, { size }); }
    pen.down(11);
  }
  pen.down(12);
  pen.text('Checks and Substitute Checks', 52, { bold: true }); pen.down(14);
  pen.text('Check', 52, { size }); pen.right('Amount', 145, { size }); pen.text('Date', 190, { size }); pen.text('Reference', 209, { size }); pen.down(9);
  pen.text('number', 52, { size }); pen.text('paid', 191, { size }); pen.text('number', 209, { size }); pen.down(12);
  for (const [no, amount, date, ref] of CHECKS) {
    pen.text(no, 52, { size }); pen.right(amount, 145, { size });
    const x = 206.5 - widthOf(date, size);
    if (glued) pen.text(`${date} ${ref}`, x, { size });
    else { pen.text(date, x, { size }); pen.text(ref, 209, { size }); }
    pen.down(11);
  }
  return pen.save();
}

const read = async (bytes: Uint8Array) => (await convertDocument({ fileName: 'statement.pdf', bytes, options: defaultConversionOptions({}) })).statements;
const rows = (s: Awaited<ReturnType<typeof read>>[number]) => s.transactions.map((t) => [t.date, t.amount, t.description]);

describe('a figure drawn in one string with the next column\'s text', () => {
  it('is cut off at the next column\'s head: rows read as when drawn apart, and the statement reconciles', async () => {
    const [apart] = await read(await statement(false));
    const [glued] = await read(await statement(true));
    expect(reconcile(apart!, 0).reconciled).toBe(true);
    expect(rows(glued!)).toEqual(rows(apart!));
    expect(rows(glued!)).toEqual([
      ['2021-01-23', 25000, 'SQUAVE INC T200167842193'],
      ['2021-01-25', 134000, 'DEPOSIT REF 062493572'],
      ['2021-02-09', 8945, 'CASH APP T200169536214'],
      ['2021-01-27', -6397, expect.stringMatching(/^CHECK /)],
      ['2021-01-28', -17982, expect.stringMatching(/^CHECK /)],
    ]);
    expect(reconcile(glued!, 0).reconciled).toBe(true);
  });
});
