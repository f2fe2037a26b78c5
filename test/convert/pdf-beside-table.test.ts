/**
 * Two classes a real checking statement's template showed (PNC Access Checking, dev corpus):
 * - a side note printed right of a table, beyond its last column ("There are 3 checks listed
 *   totaling" over "331.22", right of the checks table): no row, no part of a description (it
 *   was read as a fourth check, its words the third check's description);
 * - an amount printed as a whole number ("2" for an interest payment of $2.00), right-aligned
 *   with the decimal figures of its money column, which overhang the column's head: the row's
 *   amount (the row was dropped, and the statement did not reconcile);
 * - the template's ending balance is its opening less its deposits plus its checks: every sign
 *   the other way "reconciled" it, against its labelled totals; the rows keep their sections'
 *   signs and the statement is reported unreconciled (readings.ts).
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';

const SIZE = 8;
/** A line: [x, text] left-aligned, or [x, text, 'r'] right-aligned at x. */
type Piece = [number, string] | [number, string, 'r'];

async function statement(lines: Piece[][]) {
  const doc = await PDFDocument.create();
  const font: PDFFont = await doc.embedFont(StandardFonts.Helvetica);
  const page: PDFPage = doc.addPage([612, 792]);
  lines.forEach((l, i) => {
    for (const [x, t, align] of l) page.drawText(t, { x: align ? x - font.widthOfTextAtSize(t, SIZE) : x, y: 740 - i * 14, size: SIZE, font });
  });
  const parsed = await convertDocument({ fileName: 'checking.pdf', bytes: await doc.save(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
  return parsed.statements[0]!;
}

/** A checking statement: a summary, deposits (Date | Amount | Description, the figures ending right of "Amount"), then checks. */
const checking = (interest: string, note: Piece[][], ending = '5,464.05'): Piece[][] => [
  [[50, 'Example Bank Checking Statement']],
  [[50, 'For the period 01/22/2021 to 02/21/2021']],
  [[50, 'Balance Summary']],
  [[100, 'Beginning balance'], [200, 'Deposits and other additions'], [330, 'Checks and other deductions'], [460, 'Ending balance']],
  [[140, '4,267.93', 'r'], [300, '1,527.34', 'r'], [420, '331.22', 'r'], [520, ending, 'r']],
  [[50, 'Deposits and Other Additions']],
  [[50, 'Date'], [104, 'Amount'], [150, 'Description']],
  [[50, '1/23'], [145, '250.00', 'r'], [150, 'Corp. ACH Cash App T200167842193']],
  [[50, '1/25'], [145, '340.00', 'r'], [150, 'Deposit Ref. No. 062493572']],
  [[50, '1/26'], [145, '353.76', 'r'], [150, 'Deposit Ref. No. 041784629']],
  [[50, '2/02'], [145, '492.13', 'r'], [150, 'Corp. ACH Cash App T200168439562']],
  [[50, '2/09'], [145, '89.45', 'r'], [150, 'Corp. ACH Cash App T200169536214']],
  [[50, '2/19'], [145, interest, 'r'], [150, 'Interest Payment']],
  [[50, 'Checks and Substitute Checks']],
  [[50, 'Check number'], [104, 'Amount'], [190, 'Date paid'], [230, 'Reference number']],
  [[50, '9643'], [145, '63.97', 'r'], [190, '1/27'], [230, '90639420'], ...(note[0] ?? [])],
  [[50, '9644'], [145, '79.82', 'r'], [190, '1/28'], [230, '90426812'], ...(note[1] ?? [])],
  [[50, '9645'], [145, '187.43', 'r'], [190, '2/16'], [230, '90792495'], ...(note[2] ?? [])],
  note[3] ?? [],
];

describe('text beside a table, whole-number amounts', () => {
  it('reads no row and no description from a note printed right of the table\'s last column', async () => {
    const s = await statement(checking('2.00', [[], [], [[362, 'There are 3 checks listed totaling']], [[362, '331.22']]]));
    const checks = s.transactions.filter((t) => t.amount < 0);
    expect(checks.map((t) => t.amount)).toEqual([-6397, -7982, -18743]);
    expect(checks.some((t) => /There are/.test(t.description))).toBe(false);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('reads a whole number right-aligned with its column\'s figures as the row\'s amount', async () => {
    const s = await statement(checking('2', []));
    const interest = s.transactions.find((t) => /Interest/.test(t.description));
    expect(interest?.amount).toBe(200);
    expect(s.transactions.length).toBe(9);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('keeps a number printed in the description column out of the amounts', async () => {
    // The same statement, the interest row's figure "2" printed where the descriptions start
    // (a count, not aligned with the amounts): no amount, so the row is no transaction.
    const s = await statement(checking('2.00', []).map((l) => (l[2]?.[1] === 'Interest Payment' ? [l[0]!, [150, '2 Interest Payment'] as Piece] : l)));
    expect(s.transactions.filter((t) => /Interest/.test(t.description)).map((t) => [t.amount, t.description])).toEqual([]);
  });

  it('keeps the sections\' signs when only the other way reaches a closing balance the printed totals disagree with', async () => {
    const s = await statement(checking('2', [], '3,071.81'));
    expect(s.transactions.filter((t) => t.amount > 0).length).toBe(6);
    expect(s.transactions.filter((t) => t.amount < 0).map((t) => t.amount)).toEqual([-6397, -7982, -18743]);
    expect(reconcile(s, 0).reconciled).toBe(false);
  });
});
