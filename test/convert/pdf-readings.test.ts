/**
 * Reconciliation as the oracle between readings of one statement: the first reading is kept
 * when it reconciles; another (signs the other way, trailing tables left out) only when it
 * reconciles and the first does not, and never one that more printed running balances disagree with.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { chooseReading } from '../../src/engine/pdf/readings.js';
import { unreconciledReason } from '../../src/engine/statement/reconcile.js';
import type { ParsedStatement } from '../../src/contract/model.js';

function stmt(start: number, end: number, rows: [number, number | null][]): ParsedStatement {
  return {
    docType: 'Bank Statement', accountTypeStr: 'Checking', bankName: 'Unknown', bankPhones: [], accountNumber: '', isStrongAccountNo: false, isBusiness: false,
    startBalance: start, endBalance: end, currencyCode: 'USD', language: 'en', donegate: false, nonTransactions: [], firstPage: 1, lastPage: 1,
    columnsValid: true, headerValid: false, suspectCount: 0, hints: [],
    transactions: rows.map(([amount, balance], i) => ({ date: `2025-01-0${i + 1}`, description: `ROW ${i + 1}`, amount, balance, page: 1 })),
  } as ParsedStatement;
}

describe('choosing the reading the balances agree with', () => {
  it('keeps a reconciling first reading as it is', () => {
    const r = chooseReading({ amounts: [500, -200], balances: [1500, 1300], tables: [1, 1], start: 1000, end: 1300 });
    expect(r).toEqual({ amounts: [500, -200], kept: 2, note: null });
  });

  it('reads every sign the other way when only that reconciles (columns swapped)', () => {
    const r = chooseReading({ amounts: [-500, 200], balances: [1500, 1300], tables: [1, 1], start: 1000, end: 1300 });
    expect(r.amounts).toEqual([500, -200]);
    expect(r.note).toMatch(/other sign/);
  });

  it('does not read every sign the other way against the printed side totals', () => {
    // Opening 1000, a deposit of 500 and a check of 200 printed as such (totals 500 in, 200 out),
    // closing misprinted as 700: only the other signs reach it, which the totals deny.
    const r = chooseReading({ amounts: [500, -200], balances: [null, null], tables: [1, 2], start: 1000, end: 700, totals: { credits: 500, debits: 200 } });
    expect(r).toEqual({ amounts: [500, -200], kept: 2, note: null });
    expect(chooseReading({ amounts: [500, -200], balances: [null, null], tables: [1, 2], start: 1000, end: 700 }).amounts).toEqual([-500, 200]);
  });

  it('leaves out a table printed after the closing balance was reached', () => {
    const r = chooseReading({ amounts: [500, -200, 500, -200], balances: [1500, 1300, 1500, 1300], tables: [1, 1, 2, 2], start: 1000, end: 1300 });
    expect(r.kept).toBe(2);
    expect(r.note).toMatch(/2 row\(s\) of a table printed after the closing balance/);
  });

  it('keeps an unreconciled first reading when no other reading reconciles (reported, not forced)', () => {
    const r = chooseReading({ amounts: [500, -250], balances: [1500, 1300], tables: [1, 1], start: 1000, end: 1300 });
    expect(r).toEqual({ amounts: [500, -250], kept: 2, note: null });
  });

  it('does not take a reconciling reading that more printed running balances disagree with', () => {
    // The end balance is misprinted: flipping every sign would reach it, but break both running balances.
    const r = chooseReading({ amounts: [300, -100], balances: [1300, 1200], tables: [1, 1], start: 1000, end: 800 });
    expect(r.note).toBeNull();
    expect(r.amounts).toEqual([300, -100]);
  });
});

describe('why a statement does not reconcile', () => {
  it('names the first row whose printed balance the amounts do not reach', () => {
    expect(unreconciledReason(stmt(1000, 650, [[-100, 900], [-100, 850], [-100, 750]]))).toMatch(/row 2 \(2025-01-02 ROW 2\) prints balance 8\.50 where the amounts before it give 8\.00, 0\.50 more; the difference lies in row 2\.$/);
  });
  it('names the rows since the last printed balance when balances are printed once a day', () => {
    // Rows 2 and 3 print no balance: one of rows 2-4 holds the difference, row 1's balance agreeing.
    expect(unreconciledReason(stmt(1000, 650, [[-100, 900], [-100, null], [-100, null], [-100, 650]]))).toMatch(/row 4 \(2025-01-04 ROW 4\) prints balance 6\.50 where the amounts before it give 6\.00, 0\.50 more; the difference lies in rows 2-4, the rows since the balance before it \(which agrees\)\.$/);
  });
  it('says when every running balance agrees but the printed closing balance does not', () => {
    expect(unreconciledReason(stmt(1000, 1200, [[-100, 900], [-100, 800]]))).toMatch(/every running balance agrees.*closing balance 12\.00 differs from the last running balance 8\.00 by 4\.00/);
  });
  it('gives the arithmetic when no running balance is printed, and nothing when it reconciles', () => {
    expect(unreconciledReason(stmt(1000, 900, [[-200, null]]))).toMatch(/gives 8\.00, the printed closing balance is 9\.00/);
    expect(unreconciledReason(stmt(1000, 800, [[-200, null]]))).toBeNull();
  });
});

describe('day-month order when no date settles it', () => {
  it('reads numeric dates in the order that puts the rows inside the printed period', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    const rows: string[][] = [['Account statement'], ['Statement period 2025-02-01 to 2025-02-28'], ['Opening balance', '', '', '1,000.00'], ['Closing balance', '', '', '850.00'],
      ['Date', 'Description', 'Amount', 'Balance'], ['03/02/2025', 'GROCERY STORE', '-100.00', '900.00'], ['10/02/2025', 'COFFEE SHOP', '-50.00', '850.00']];
    rows.forEach((cells, i) => cells.forEach((t, k) => { if (t) page.drawText(t, { x: [50, 150, 350, 450][k]!, y: 740 - i * 14, size: 10, font }); }));
    const parsed = await convertDocument({ fileName: 'dm.pdf', bytes: await doc.save(), options: defaultConversionOptions({ accounttype: 'Bank' }) });
    expect(parsed.statements[0]!.transactions.map((t) => t.date)).toEqual(['2025-02-03', '2025-02-10']);
  });
});
