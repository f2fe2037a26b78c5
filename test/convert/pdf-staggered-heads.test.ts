/**
 * Column heads printed over three or four staggered lines: a one-line head set half a line
 * lower beside two-line heads ("Check | Amount" over "Date Reference", over "number", over
 * "paid number"). Every line of the heads is the header's, none is the first row's description,
 * and the statement reconciles. Drawn with pdf-lib.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';

/** One head: its words by line (top to bottom), where its column starts, and how far down it starts (in lines). */
interface Head { lines: string[]; x: number; right?: boolean; drop: number }

interface Variant { name: string; heads: Head[]; rows: string[][]; want: [string, number, string][] }

const VARIANTS: Variant[] = [
  {
    name: 'checks: number, amount, date paid, reference',
    heads: [
      { lines: ['Check', 'number'], x: 52, drop: 0 },
      { lines: ['Amount'], x: 150, right: true, drop: 0 },
      { lines: ['Date', 'paid'], x: 190, drop: 0.5 },
      { lines: ['Reference', 'number'], x: 240, drop: 0.5 },
    ],
    rows: [['9643', '63.97', '1/27', '90639420'], ['9644', '79.82', '1/28', '90426812'], ['9645', '187.43', '2/16', '90792495']],
    want: [['2021-01-27', -6397, '9643'], ['2021-01-28', -7982, '9644'], ['2021-02-16', -18743, '9645']],
  },
  {
    name: 'a ledger: date posted, description, debit, credit, balance, on five staggered lines',
    heads: [
      { lines: ['Date', 'posted'], x: 52, drop: 1 },
      { lines: ['Transaction', 'description'], x: 110, drop: 0.5 },
      { lines: ['Withdrawal', 'amount', 'USD'], x: 380, right: true, drop: 0 },
      { lines: ['Deposit', 'amount', 'USD'], x: 450, right: true, drop: 0 },
      { lines: ['Running', 'balance'], x: 540, right: true, drop: 0.5 },
    ],
    rows: [['1/27', 'ACH DEBIT NORTHWIND', '63.97', '', '4,203.96'], ['1/28', 'CHECK 9644', '79.82', '', '4,124.14'], ['2/16', 'MOBILE DEPOSIT', '', '187.43', '4,311.57']],
    want: [['2021-01-27', -6397, 'ACH DEBIT NORTHWIND'], ['2021-01-28', -7982, 'CHECK 9644'], ['2021-02-16', 18743, 'MOBILE DEPOSIT']],
  },
];

async function statement(v: Variant): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  let y = 740;
  const size = 8;
  const text = (pg: PDFPage, s: string, x: number, f: PDFFont = font, at = y) => pg.drawText(s, { x, y: at, size, font: f });
  const right = (pg: PDFPage, s: string, xr: number, f: PDFFont = font, at = y) => pg.drawText(s, { x: xr - f.widthOfTextAtSize(s, size), y: at, size, font: f });
  text(page, 'Harbor Point Bank', 52, bold); y -= 14;
  text(page, 'Business Checking Statement', 52); y -= 12;
  text(page, 'Account Number: 4410228817', 52); y -= 12;
  text(page, 'For the period 01/22/2021 to 02/21/2021', 52); y -= 12;
  const ledger = v.rows[0]!.length === 5;
  const debits = v.want.filter((w) => w[1] < 0).reduce((n, w) => n - w[1], 0);
  const credits = v.want.filter((w) => w[1] > 0).reduce((n, w) => n + w[1], 0);
  const cents = (n: number) => (n / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  const opening = 426793;
  text(page, `Beginning balance ${cents(opening)}`, 52); y -= 12;
  text(page, `Deposits and other additions ${cents(credits)}`, 52); y -= 12;
  text(page, `Checks and other deductions ${cents(debits)}`, 52); y -= 12;
  text(page, `Ending balance ${cents(opening - debits + credits)}`, 52); y -= 24;
  text(page, ledger ? 'Account Activity' : 'Checks and Substitute Checks', 52, bold); y -= 16;
  // Each head's lines 9 pt apart; a dropped head starts half a line lower (the staggering).
  let lowest = y;
  for (const h of v.heads) {
    h.lines.forEach((w, i) => {
      const at = y - (h.drop + i) * 9;
      if (h.right) right(page, w, h.x, bold, at); else text(page, w, h.x, bold, at);
      lowest = Math.min(lowest, at);
    });
  }
  y = lowest - 14;
  let balance = opening;
  for (const [ri, r] of v.rows.entries()) {
    balance += v.want[ri]![1];
    if (ledger) {
      text(page, r[0]!, 52); text(page, r[1]!, 110);
      if (r[2]) right(page, r[2], 380); if (r[3]) right(page, r[3], 450);
      right(page, cents(balance), 540);
    } else {
      text(page, r[0]!, 52); right(page, r[1]!, 150); text(page, r[2]!, 190); text(page, r[3]!, 240);
    }
    y -= 12;
  }
  return doc.save();
}

describe('column heads on three or four staggered lines', () => {
  for (const v of VARIANTS) {
    it(`reads every head line as the header's (${v.name})`, async () => {
      const doc = await convertDocument({ fileName: 'staggered.pdf', bytes: await statement(v), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
      expect(doc.statements).toHaveLength(1);
      const s = doc.statements[0]!;
      const got = s.transactions.map((t) => [t.date, t.amount, t.description] as const);
      expect(got.map((g) => [g[0], g[1]])).toEqual(v.want.map((w) => [w[0], w[1]]));
      for (const [i, g] of got.entries()) {
        expect(g[2]).toContain(v.want[i]![2]);
        // No word of the heads' lower lines in a row.
        expect(g[2]).not.toMatch(/\b(number|paid|posted|amount|balance|description|USD)\b/i);
      }
      expect(reconcile(s, 0).reconciled).toBe(true);
    });
  }
});
