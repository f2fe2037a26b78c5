/**
 * An account's details drawn as a block of label and value lines, each label at the block's left
 * and each value flush right at its right edge (ReportLab's canvas drawString and
 * drawRightString, a details box 300 pt wide): "Account Number" and "271610920" stand 214 pt
 * apart on a line of their own. The number was looked for within 200 pt of its label only, so
 * neither account's number was read, and a file of two accounts came out as one statement with
 * no number, its second account's rows counted past the first's closing balance. Drawn with our
 * own pen (plain-pdf.ts).
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { formatCents } from '../../src/contract/money.js';
import { plainPdf, type PlainPen } from '../fixtures/generator/plain-pdf.js';

interface Account { title: string; number: string; opening: number; rows: [number, string, number][] }
const ACCOUNTS: Account[] = [
  { title: 'Business Checking', number: '271610920', opening: 2_246_220, rows: [[3, 'BANKCARD DEPOSIT MTOT DEP 250203', 371_567], [4, 'FORWARD FIN ACH PMT 5978130795', -315_875], [5, 'RENT PAYMENT BILL PAY MAPLE REALTY', -743_810], [11, 'STRIPE TRANSFER ST-609011', 336_950]] },
  { title: 'Business Savings', number: '345107278', opening: 5_492_098, rows: [[10, 'ONLINE TRANSFER FROM CHK ...0920', 250_000], [28, 'INTEREST PAYMENT', 1_031]] },
];

/** The details block: labels at x 50, values flush right at x 350 (the block's right edge). */
function details(pen: PlainPen, lines: [string, string][]): void {
  for (const [label, value] of lines) { pen.text(label, 50, { size: 8 }); pen.right(value, 350, { size: 8 }); pen.down(11); }
}

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  pen.text('Northgate Commercial Bank', 50, { bold: true, size: 13 }); pen.right('Account Statement', 560, { bold: true, size: 10 }); pen.down(40);
  for (const a of ACCOUNTS) {
    pen.text(a.title, 50, { bold: true, size: 10 }); pen.down(16);
    const closing = a.opening + a.rows.reduce((n, r) => n + r[2], 0);
    details(pen, [['Account Number', a.number], ['Statement Period', '2/1/2025 to 2/28/2025'], ['Currency', 'USD'], ['Beginning Balance', formatCents(a.opening)], ['Ending Balance', formatCents(closing)]]);
    pen.down(12);
    pen.text('Date', 56, { bold: true, size: 8 }); pen.text('Description', 110, { bold: true, size: 8 });
    pen.right('Amount', 470, { bold: true, size: 8 }); pen.right('Balance', 560, { bold: true, size: 8 }); pen.down(14);
    let balance = a.opening;
    for (const [day, words, cents] of a.rows) {
      balance += cents;
      pen.text(`2/${day}/2025`, 56, { size: 8 }); pen.text(words, 110, { size: 8 });
      pen.right(formatCents(cents), 470, { size: 8 }); pen.right(formatCents(balance), 560, { size: 8 }); pen.down(12);
    }
    pen.down(30);
  }
  return pen.save();
}

describe('account details drawn flush right across a details block', () => {
  it('reads each account\'s number from its label 200 pt and more to its left, and each account apart', async () => {
    const doc = await convertDocument({ fileName: 'details-flush-right.pdf', bytes: await statement(), options: defaultConversionOptions() });
    expect(doc.statements.map((s) => [s.accountNumber, s.transactions.length])).toEqual(ACCOUNTS.map((a) => [a.number, a.rows.length]));
    for (const s of doc.statements) expect(reconcile(s, 0).reconciled).toBe(true);
  });
});
