/**
 * A running head naming the account that starts further down its page: LaTeX's \rightmark is
 * the first mark set on the page, so where a statement's second account begins below the
 * first's last rows, that page's head already names the second. The change of account was taken
 * atop the page: the first account's last rows went to the second's statement, neither
 * reconciled and the savings account was typed checking (latex-sweep.ts: 3 seeds of 100). The
 * change is where the page names the account again after rows (pdf/assemble.ts). Drawn with
 * our own pen (plain-pdf.ts).
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { formatCents } from '../../src/contract/money.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf, type PlainPen } from '../fixtures/generator/plain-pdf.js';

const CHECKING: [number, string, number][] = [
  [2, 'ACH CREDIT STRIPE TRANSFER', 245_000], [3, 'CHECK 1042', -32_500], [6, 'CARD PURCHASE HOME DEPOT', -18_420],
  [8, 'REMOTE ONLINE DEPOSIT', 96_000], [10, 'ONDECK CAPITAL DEBIT', -61_275], [14, 'ZELLE PAYMENT FROM J SMITH', 40_000],
  [17, 'RENT PAYMENT MAPLE REALTY', -310_000], [21, 'ADP WAGE PAY', -145_590], [27, 'MONTHLY SERVICE FEE', -2_500],
];
const SAVINGS: [number, string, number][] = [[15, 'TRANSFER FROM CHECKING', 50_000], [31, 'INTEREST PAYMENT', 1_234]];
const ON_PAGE_ONE = 6;

function head(pen: PlainPen, title: string, account: string, opening: number, closing: number): void {
  pen.text(title, 40, { bold: true }); pen.down(12);
  pen.text(`Account number: ${account}`, 40); pen.down(12);
  pen.text('Statement period: 01/01/2025 to 01/31/2025', 40); pen.down(16);
  pen.text('Opening balance', 40); pen.right(formatCents(opening), 300); pen.down(12);
  pen.text('Closing balance', 40); pen.right(formatCents(closing), 300); pen.down(18);
}
function heads(pen: PlainPen): void {
  pen.text('Date', 40, { bold: true }); pen.text('Description', 110, { bold: true }); pen.right('Amount', 450, { bold: true }); pen.right('Balance', 540, { bold: true }); pen.down(14);
}
function rows(pen: PlainPen, list: [number, string, number][], from: number): number {
  let balance = from;
  for (const [day, text, cents] of list) {
    balance += cents;
    pen.text(`01/${String(day).padStart(2, '0')}/2025`, 40); pen.text(text, 110); pen.right(formatCents(cents), 450); pen.right(formatCents(balance), 540); pen.down(12);
  }
  return balance;
}
const end = (open: number, list: [number, string, number][]) => open + list.reduce((n, r) => n + r[2], 0);

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  const [chkOpen, savOpen] = [512_340, 1_820_000];
  pen.text('Prairie Ridge Bank', 40, { bold: true, size: 12 }); pen.down(24);
  head(pen, 'BUSINESS CHECKING', '4410228731', chkOpen, end(chkOpen, CHECKING));
  heads(pen);
  const carried = rows(pen, CHECKING.slice(0, ON_PAGE_ONE), chkOpen);
  pen.text('Page 1 of 2', 480, { size: 7 });
  // Page 2: its running head names the savings account, whose block starts under the checking account's last rows.
  pen.newPage();
  pen.text('Prairie Ridge Bank', 40, { bold: true }); pen.text('Account number: 7730019245', 380); pen.down(24);
  heads(pen);
  rows(pen, CHECKING.slice(ON_PAGE_ONE), carried);
  pen.down(24);
  head(pen, 'SAVINGS ACCOUNT', '7730019245', savOpen, end(savOpen, SAVINGS));
  heads(pen);
  rows(pen, SAVINGS, savOpen);
  pen.down(12);
  pen.text('Page 2 of 2', 480, { size: 7 });
  return pen.save();
}

describe('a running head naming the account that starts lower on its page', () => {
  it('leaves the page\'s first rows with the account before it', async () => {
    const doc = await convertDocument({ fileName: 'running-head-next.pdf', bytes: await statement(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    expect(doc.statements.map((s) => [s.accountNumber, s.accountTypeStr, s.transactions.length])).toEqual([['4410228731', 'Checking', CHECKING.length], ['7730019245', 'Savings', SAVINGS.length]]);
    for (const s of doc.statements) expect(reconcile(s, 0).reconciled).toBe(true);
  });
});
