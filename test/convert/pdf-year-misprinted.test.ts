/**
 * A text statement one of whose rows prints a year far from its period ("01/07/2052" in a
 * January 2025 statement: a misprint, or a date altered by hand). The whole file was refused:
 * the row made the statement span 27 years, over `maxStatementDays`. A statement that prints
 * its period is measured by it; the row is kept as printed and named in the hints (the fraud
 * signals name it too), and every other figure is read. Without a printed period the rows' span
 * is still the measure, so a file of rows over centuries is still refused.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { checkingHead, plainPdf } from '../fixtures/generator/plain-pdf.js';

const usd = (c: number) => `${c < 0 ? '-' : ''}${(Math.abs(c) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const OPENING = 500_000;

async function statement(rows: [string, string, number][], period: string | null): Promise<Uint8Array> {
  const pen = await plainPdf();
  const closing = OPENING + rows.reduce((n, r) => n + r[2], 0);
  if (period) checkingHead(pen, period, usd(OPENING), usd(closing), 14);
  else {
    pen.text('Prairie Ridge Bank', 40, { bold: true, size: 12 }); pen.down(18);
    pen.text('BUSINESS CHECKING  USD', 40, { bold: true }); pen.down(12);
    pen.text('Account number: 4410228731', 40); pen.down(20);
    pen.text('Date', 40, { bold: true }); pen.text('Description', 110, { bold: true }); pen.right('Amount', 450, { bold: true }); pen.right('Balance', 540, { bold: true }); pen.down(14);
  }
  let balance = OPENING;
  for (const [date, text, cents] of rows) {
    balance += cents;
    pen.text(date, 40); pen.text(text, 110); pen.right(usd(cents), 450); pen.right(usd(balance), 540); pen.down(12);
  }
  return pen.save();
}

const convert = async (bytes: Uint8Array) => convertDocument({ fileName: 'year.pdf', bytes, options: defaultConversionOptions() });

describe('a row printed with a year far from the period', () => {
  it('is kept as printed and named in the hints; the file is read, not refused', async () => {
    const doc = await convert(await statement([
      ['01/03/2025', 'DEPOSIT ACME SUPPLY', 150_000],
      ['01/07/2052', 'CARD PURCHASE STAPLES', -4_599],
      ['01/12/2025', 'ACH PAYROLL', -80_000],
      ['01/20/2025', 'CHECK 1042', -12_000],
    ], '01/01/2025 - 01/31/2025'));
    const [s] = doc.statements;
    expect(s!.startDate).toBe('2025-01-01');
    expect(s!.endDate).toBe('2025-01-31');
    expect(s!.transactions.map((t) => [t.date, t.amount])).toEqual([
      ['2025-01-03', 150_000], ['2052-01-07', -4_599], ['2025-01-12', -80_000], ['2025-01-20', -12_000],
    ]);
    expect(reconcile(s!, 0).reconciled).toBe(true);
    expect(s!.hints?.join(' ')).toMatch(/1 row is dated more than 62 days outside the printed period 2025-01-01 to 2025-01-31, as printed \(2052-01-07 -45\.99\): check its year/);
  });

  it('a row a few weeks past the period (a late posting) is not named', async () => {
    const doc = await convert(await statement([
      ['01/03/2025', 'DEPOSIT ACME SUPPLY', 150_000],
      ['02/20/2025', 'LATE POSTING ADJUSTMENT', -4_599],
    ], '01/01/2025 - 01/31/2025'));
    expect(doc.statements[0]!.transactions.map((t) => t.date)).toEqual(['2025-01-03', '2025-02-20']);
    expect(doc.statements[0]!.hints?.join(' ') ?? '').not.toMatch(/outside the printed period/);
  });

  it('without a printed period, rows spanning decades still reach maxStatementDays', async () => {
    const bytes = await statement([
      ['01/03/1990', 'DEPOSIT ACME SUPPLY', 150_000],
      ['01/07/2025', 'CARD PURCHASE STAPLES', -4_599],
      ['01/12/2025', 'ACH PAYROLL', -80_000],
    ], null);
    await expect(convert(bytes)).rejects.toThrow(/spans 1990-01-03 to 2025-01-12 .*over the limit maxStatementDays = 1,827/);
  });
});
