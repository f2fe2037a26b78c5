/**
 * Reconciliation as the judge of OCR's figures: an amount that breaks the printed running
 * balances where those before and after it agree is taken as they imply when the reading is
 * the same digits give or take two ("0.26" read "26"); an opening or closing balance read with
 * the wrong sign is turned when that alone reconciles. Every such figure is named and counted.
 */
import { describe, expect, it } from 'vitest';
import type { ParsedStatement, ParsedTransaction } from '../../src/contract/model.js';
import { repairByBalances } from '../../src/engine/ocr/balance-oracle.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { setDerived } from '../../src/engine/pdf/derived-balances.js';

const tx = (date: string, amount: number, balance: number | null, page = 1): ParsedTransaction => ({ date, description: 'ROW', amount, balance, page });
const stmt = (start: number, end: number, transactions: ParsedTransaction[]): ParsedStatement => ({
  docType: 'Bank Statement', accountTypeStr: 'Checking', bankName: 'Unknown', accountNumber: '1', isStrongAccountNo: false,
  startBalance: start, endBalance: end, transactions, hints: ['Does not reconcile: row 2 (…) prints balance 598.71 where the amounts before it give 624.45.'],
});
const doc = (s: ParsedStatement) => ({ format: 'pdf' as const, detectedDocType: 'Bank Statement' as const, statements: [s] });

describe('OCR figures judged by the printed balances', () => {
  it('takes an amount whose "0." was lost as the running balances imply, and says so', () => {
    const s = stmt(59845, 49871, [tx('2026-11-02', -10000, 49845), tx('2026-11-09', 2600 /* printed 0.26 */, 49871)]);
    repairByBalances(doc(s), [1]);
    expect(s.transactions[1]!.amount).toBe(26);
    expect(s.transactions[1]!.amountConfidence).toBe(0);
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.suspectCount).toBe(1);
    expect(s.hints).toEqual([expect.stringMatching(/2026-11-09 amount read as 26\.00, taken as 0\.26/)]);
  });

  it('leaves an amount alone when it is the printed balance that was misread (the next balance disagrees), or far from what the balances imply', () => {
    // Row 2's balance printed 498.71 read as 598.71: changing row 2's amount would break row 3.
    const s = stmt(59845, 48871, [tx('2026-11-02', -10000, 49845), tx('2026-11-09', 26, 59871), tx('2026-11-10', -1000, 48871)]);
    repairByBalances(doc(s), [1]);
    expect(s.transactions.map((t) => t.amount)).toEqual([-10000, 26, -1000]);
    expect(s.suspectCount).toBeUndefined();
    // 123.45 where the balances say 9,876.54: no misreading of the same digits.
    const far = stmt(0, 987654, [tx('2026-11-02', 12345, 987654)]);
    repairByBalances(doc(far), [1]);
    expect(far.transactions[0]!.amount).toBe(12345);
  });

  // Composed scans 432 and 525 (recorded words, scan-replay.ts): a row lost (or one read that is
  // not printed) just before a row whose amount OCR read surely; the balances imply that amount
  // plus the lost row's, within two digits of it ("12,49" at 91 taken as "-128,99"), so the
  // oracle changed a right figure and the statement reconciled with a row missing. Replayed on
  // the recorded scans 421-560 (111 seeds), those two were the only sure amounts it changed.
  it('never changes an amount read surely: the hint names the row likely lost before it', () => {
    const rows = [tx('2025-03-17', -20000, 4456068), { ...tx('2025-03-18', -1249, 4443169), description: 'POS DEBIT STAPLES 00123 NEWARK NJ', amountConfidence: 91 }, tx('2025-03-19', -5000, 4438169)];
    const s = stmt(4476068, 4438169, rows);
    repairByBalances(doc(s), [1]);
    expect(s.transactions.map((t) => t.amount)).toEqual([-20000, -1249, -5000]);
    expect(reconcile(s, 0).reconciled).toBe(false);
    expect(s.suspectCount).toBeUndefined();
    expect(s.hints).toContainEqual(expect.stringMatching(/^Likely a row not read: row 2 \(2025-03-18 POS DEBIT STAPLES.*read surely \(OCR confidence 91\).*give -128\.99: a row of -116\.50 just before it/));
    // The same figure read unsure is taken as the balances imply, as before.
    const unsure = stmt(4476068, 4438169, [rows[0]!, { ...rows[1]!, amount: -1249, amountConfidence: 60 }, rows[2]!]);
    repairByBalances(doc(unsure), [1]);
    expect(unsure.transactions[1]!.amount).toBe(-12899);
    expect(unsure.suspectCount).toBe(1);
  });

  it('never touches rows of text pages', () => {
    const s = stmt(59845, 49871, [tx('2026-11-02', -10000, 49845, 2), tx('2026-11-09', 2600, 49871, 2)]);
    repairByBalances(doc(s), [1]);
    expect(s.transactions[1]!.amount).toBe(2600);
  });

  it('turns an opening balance read with a minus it does not print, when that alone reconciles', () => {
    const s = stmt(-2720220, 2546465, [tx('2025-01-02', 384151, null), tx('2025-01-03', -557906, null)]);
    repairByBalances(doc(s), [1]);
    expect(s.startBalance).toBe(2720220);
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.hints!.join(' ')).toMatch(/opening balance read as -27,202\.20, taken as 27,202\.20/);
    // Off by anything else: left as read.
    const other = stmt(-2720220, 2546400, [tx('2025-01-02', 384151, null), tx('2025-01-03', -557906, null)]);
    repairByBalances(doc(other), [1]);
    expect(other.startBalance).toBe(-2720220);
  });
});

describe('a break at the first running balance', () => {
  it('is left as read when the opening balance may be the misread figure as well as the amount', () => {
    // Composed scan 88: opening -776.65 read -716.65; row 1's 4,939.20 read right. Taking the
    // amount as 4,879.20 "reconciled" with two wrong figures.
    const s = stmt(-71665, 408255, [tx('2025-06-02', 493920, 416255), tx('2025-06-03', -8000, 408255)]);
    repairByBalances(doc(s), [1]);
    expect(s.transactions[0]!.amount).toBe(493920);
    expect(reconcile(s, 0).reconciled).toBe(false);
  });

  it('is repaired when the opening cannot be read so (the implied opening is far from it)', () => {
    const s = stmt(10000, 40500, [tx('2025-06-02', 2600 /* printed 0.26 */, 10026), tx('2025-06-03', 30474, 40500)]);
    repairByBalances(doc(s), [1]);
    expect(s.transactions[0]!.amount).toBe(26);
  });

  it('turns an opening whose sign breaks the first running balance while a later figure breaks the chain too (composed scan 102)', () => {
    // Opening 241.36 read -241.36 (a speck's minus); row 4's -40.00 read -4.00: neither alone reconciles the statement.
    const s = stmt(-24136, 30208, [tx('2025-02-03', 15522, null), tx('2025-02-03', -1590, 38068), tx('2025-02-10', -3860, 34208), tx('2025-02-12', -400, 30208)]);
    repairByBalances(doc(s), [1]);
    expect(s.startBalance).toBe(24136);
    expect(s.transactions[3]!.amount).toBe(-4000);
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.suspectCount).toBe(2);
    expect(s.hints!.join(' ')).toMatch(/opening balance read as -241\.36, taken as 241\.36/);
    // Only when the balance after the break agrees with the opening turned.
    const no = stmt(-24136, 30208, [tx('2025-02-03', 15522, null), tx('2025-02-03', -1590, 38068), tx('2025-02-10', -3860, 99999)]);
    repairByBalances(doc(no), [1]);
    expect(no.startBalance).toBe(-24136);
  });

  it('no running balance: the printed summary totals judge, taking the one row of the short side that OCR could have misread (composed scan 128)', () => {
    // Credits printed 7,914.56, the rows give 7,854.56: 2,979.77 read 2,919.77 (unsure); 6.46 could be 66.46 too, but was read surely.
    const rows = () => [tx('2025-02-05', 158830, null), tx('2025-02-05', -825694, null), tx('2025-02-06', 291977, null), tx('2025-02-28', 646, null), tx('2025-02-27', 334003, null)];
    const make = () => {
      const s = stmt(1577713, 1543475, rows());
      s.printedTotals = { credits: 791456, debits: 825694 };
      return s;
    };
    const s = make();
    s.transactions[2]!.amountConfidence = 75;
    repairByBalances(doc(s), [1]);
    expect(s.transactions[2]!.amount).toBe(297977);
    expect(s.transactions[2]!.amountConfidence).toBe(0);
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.hints!.join(' ')).toMatch(/2025-02-06 amount read as 2,919\.77, taken as 2,979\.77 \(the printed totals imply it\)/);
    // Every candidate read surely: the totals cannot say which row is wrong; left as read.
    const sure = make();
    repairByBalances(doc(sure), [1]);
    expect(sure.transactions.map((t) => t.amount)).toEqual(rows().map((t) => t.amount));
    expect(reconcile(sure, 0).reconciled).toBe(false);
  });

  it('a running balance whose sign a speck gave ("3\'613.55-" in a column of leading minus signs, composed scan 138): its other sign, when the amounts before give it exactly and the next balance agrees', () => {
    const rows = () => [tx('2024-12-26', -69200, 430555), tx('2024-12-30', -69200, -361355 /* printed 3'613.55, a speck read as its trailing minus */), tx('2024-12-31', -69200, 292155)];
    // The statement does not reconcile (a row of its later page lost: its closing is further on).
    const s = stmt(499755, 250000, rows());
    repairByBalances(doc(s), [1]);
    expect(s.transactions[1]!.balance).toBe(361355);
    expect(reconcile(s, 0).firstBroken).toBeNull();
    expect(s.suspectCount).toBe(1);
    expect(s.hints!.join(' ')).toMatch(/2024-12-30 running balance read as -3,613\.55, taken as 3,613\.55/);
    // The next balance disagreeing with the turned one: left as read.
    const no = stmt(499755, 250000, rows());
    no.transactions[2]!.balance = 299999;
    repairByBalances(doc(no), [1]);
    expect(no.transactions[1]!.balance).toBe(-361355);
  });

  it('a running balance misread alone ("3 855,19" read "855,19", composed scan 53), the balances around it agreeing with the amounts: left unread, never made up; then a closing balance read with a speck\'s minus is turned', () => {
    const rows = () => [tx('2025-02-18', -104620, 388919), tx('2025-02-19', -3400, 85519 /* printed 3 855,19 */), tx('2025-02-19', -3600, 381919), tx('2025-02-28', -336595, null)];
    const s = stmt(493539, -45324 /* printed "453,24 -" */, rows());
    repairByBalances(doc(s), [1]);
    expect(s.transactions[1]!.balance).toBeNull();
    expect(s.transactions.map((t) => t.amount)).toEqual([-104620, -3400, -3600, -336595]);
    expect(s.endBalance).toBe(45324);
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.hints!.join(' ')).toMatch(/2025-02-19 running balance read as 855\.19 agrees with no balance around it \(the amounts give 3,855\.19\): left unread/);
    // A balance that is no misreading of what the amounts give (other digits): left as read.
    const far = stmt(493539, -45324, rows());
    far.transactions[1]!.balance = 123456;
    repairByBalances(doc(far), [1]);
    expect(far.transactions[1]!.balance).toBe(123456);
    expect(far.endBalance).toBe(-45324);
  });
});

describe('the last row, when the closing is its own printed balance', () => {
  it('is left as read: nothing but the balance it is to agree with checks it, and either may be the misread one', () => {
    // Composed shaken photo 437: the last row's "-235.14" read right and its balance "564.86"
    // read "563.86", which was then the closing (none printed). Taking the amount as -236.14
    // "reconciled" the statement on a misread closing.
    const s = stmt(100000, 56386, [tx('2025-03-02', -20000, 80000), tx('2025-03-04', -23514, 56386)]);
    setDerived(s, { opening: false, closing: true });
    repairByBalances(doc(s), [1]);
    expect(s.transactions[1]!.amount).toBe(-23514);
    expect(reconcile(s, 0).reconciled).toBe(false);
    // With the closing printed, the same break is checked by it and repaired.
    const printed = stmt(100000, 56386, [tx('2025-03-02', -20000, 80000), tx('2025-03-04', -23514, 56386)]);
    repairByBalances(doc(printed), [1]);
    expect(printed.transactions[1]!.amount).toBe(-23614);
  });
});

describe('amounts past a break the first pass cannot mend', () => {
  // Composed 611 faxed at 150 dpi (recorded words, scan-replay.ts): the first row was lost, so
  // the pass from the first break stopped there, and a later "-3,944.25" read "-7,944.25" at 59
  // between two balances the spans around them confirm stayed as read.
  it('takes an amount past a break it cannot mend when the balances on both sides of it are confirmed by their own neighbours, and says so', () => {
    const rows = () => [
      tx('2025-03-04', -394425, 2458354), // a row of 18,207.52 before it was lost: no misreading mends this break
      tx('2025-03-11', -394425, 2063929),
      { ...tx('2025-03-17', 544983, 2608912), amountConfidence: 92 },
      { ...tx('2025-03-18', -794425, 2214487), amountConfidence: 59 }, // printed -3,944.25
      { ...tx('2025-03-24', -672810, 1541677), amountConfidence: 92 },
    ];
    const s = stmt(1032027, 1541677, rows());
    repairByBalances(doc(s), [1]);
    expect(s.transactions.map((t) => t.amount)).toEqual([-394425, -394425, 544983, -394425, -672810]);
    expect(s.transactions[3]!.amountConfidence).toBe(0);
    expect(s.suspectCount).toBe(1);
    expect(s.hints).toContainEqual(expect.stringMatching(/2025-03-18 amount read as -7,944\.25, taken as -3,944\.25 \(the balances before and after it agree\)/));
    expect(reconcile(s, 0).reconciled).toBe(false);
    // The balance after it unconfirmed (the next row misread too): left as read.
    const next = rows();
    next[4] = { ...next[4]!, amount: -682810, amountConfidence: 70 };
    const t = stmt(1032027, 1541677, next);
    repairByBalances(doc(t), [1]);
    expect(t.transactions.map((x) => x.amount)).toEqual([-394425, -394425, 544983, -794425, -682810]);
    // Read surely, it is never changed.
    const sure = rows();
    sure[3] = { ...sure[3]!, amountConfidence: 93 };
    const u = stmt(1032027, 1541677, sure);
    repairByBalances(doc(u), [1]);
    expect(u.transactions[3]!.amount).toBe(-794425);
  });

  // Composed 650 faxed at 150 dpi (recorded words): a debit's digits read surely and its side taken as
  // a credit by the reader (no glyph of the figure decides it), between two confirmed balances.
  it('turns the side of an amount read surely when only its side breaks the balances on both sides confirmed', () => {
    const rows = [
      tx('2025-03-04', -394425, 2458354), // a row before it lost: the first pass stops here
      tx('2025-03-11', -394425, 2063929),
      { ...tx('2025-03-18', 135160, 1928769), amountConfidence: 95 }, // printed -1,351.60
      tx('2025-03-24', -672810, 1255959),
    ];
    const s = stmt(1032027, 1255959, rows);
    repairByBalances(doc(s), [1]);
    expect(s.transactions[2]!.amount).toBe(-135160);
    expect(s.transactions[2]!.amountConfidence).toBe(0);
    expect(s.suspectCount).toBe(1);
  });
});
