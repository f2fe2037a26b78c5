import { describe, expect, it } from 'vitest';
import { isIsoDate, parseIso } from '../../src/contract/dates.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { LAYOUTS, makeApplicationPdf, makeLongStatement, makeStatementSpec, renderStatementPdf, type LayoutName } from '../fixtures/generator/index.js';
import { pageTexts } from '../fixtures/generator/extract-text.js';
import { compareStatements, firstRowDiff, sameAccountNumber, sameBankName } from '../fixtures/generator/compare.js';
import { money } from '../fixtures/generator/money-format.js';
import { formatDate } from '../fixtures/generator/date-format.js';

// "Page 1 of 2", "p. 1/2", "Seite 1 von 2", "Seite 1/2", "Page No .: 1 of 2", "Pagina 1 van 2", "Pagina 1 di 2", "Página 1 de 2", "Page 1 / 2".
const PAGE_NO = (i: number, n: number) => new RegExp(`((page|seite|pagina|página)(\\s*no\\s*\\.)?:?\\s*${i}\\s*(of|von|van|di|de|/)\\s*${n}|p\\.\\s*${i}/${n})`, 'i');

describe('statement generator', () => {
  it('has at least 10 distinct layouts including a credit union and a credit card', () => {
    expect(LAYOUTS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(LAYOUTS).size).toBe(LAYOUTS.length);
    expect(LAYOUTS).toEqual(expect.arrayContaining(['chase', 'bofa', 'wellsfargo', 'citi', 'capitalone', 'pnc', 'usbank', 'td', 'truist', 'creditunion', 'creditcard']));
  });

  for (const layout of LAYOUTS) {
    it(`${layout}: pages render, every amount is printed as the truth says, truth reconciles`, async () => {
      const spec = makeStatementSpec({ seed: 11, layout, transactionsPerMonth: 45 });
      const r = await renderStatementPdf(spec);
      expect(r.pageCount).toBeGreaterThanOrEqual(1);
      const pages = await pageTexts(r.bytes);
      expect(pages).toHaveLength(r.pageCount);
      expect(r.truth).toHaveLength(1);
      const s = r.truth[0]!;
      expect(s.transactions.length).toBe(spec.statements[0]!.transactions.length);
      // Every transaction's amount appears, as printed, as a text item on the page the truth names.
      s.transactions.forEach((t, i) => {
        const printed = r.printedAmounts[0]![i]!.replace(/\u00a0/g, ' '); // a no-break space is read as a space
        expect(pages[t.page! - 1], `row ${i + 1} amount ${printed} on page ${t.page}`).toContain(printed);
        expect(Number.isInteger(t.amount)).toBe(true);
        expect(t.amount).not.toBe(0);
        expect(isIsoDate(t.date)).toBe(true);
        expect(t.date >= s.startDate! && t.date <= s.endDate!).toBe(true);
      });
      // Page numbers and the account number on every page (running headers/footers).
      pages.forEach((items, i) => {
        const text = items.join(' ');
        expect(text, `page ${i + 1} number`).toMatch(PAGE_NO(i + 1, r.pageCount));
      });
      // Reconciles exactly, printed balances chain, printed totals equal the rows.
      const rec = reconcile(s, 0);
      expect(rec.reconciled).toBe(true);
      expect(rec.firstBroken).toBeNull();
      expect(rec.printedTotalsMatch).toBe(true);
      expect(s.startBalance! + rec.totCredits - rec.totDebits).toBe(s.endBalance);
      expect(s.bankName).toBe(spec.bank.name);
      expect(pages.flat().join(' ')).toContain(spec.bank.url);
      expect(s.firstPage).toBe(1);
      expect(s.lastPage).toBe(r.pageCount);
    });
  }

  it('the layouts added to test generality print what makes them different', async () => {
    const render = async (o: Parameters<typeof makeStatementSpec>[0]) => {
      const r = await renderStatementPdf(makeStatementSpec(o));
      return { r, pages: await pageTexts(r.bytes) };
    };
    // UK: "08 Dec 23" dates on a day's first row only, balance on its last row only, brought/carried forward rows.
    const uk = await render({ seed: 3, layout: 'ukcurrent', transactionsPerMonth: 70, startDate: '2024-12-01' });
    const ukItems = uk.pages.flat();
    expect(ukItems).toContain('BALANCE BROUGHT FORWARD');
    expect(ukItems).toContain('BALANCE CARRIED FORWARD');
    const ukDates = ukItems.filter((x) => /^\d\d [A-Z][a-z]{2} \d\d$/.test(x));
    const ukRows = uk.r.truth[0]!.transactions;
    expect(ukDates.length).toBe(new Set(ukRows.map((t) => t.date)).size);
    expect(ukRows.filter((t) => t.balance !== undefined).length).toBe(ukDates.length);
    expect(ukRows.some((t) => /^(DD|VIS|CR|BP|CHQ|PAY) /.test(t.description))).toBe(true);
    expect(uk.r.truth[0]!.currencyCode).toBe('GBP');
    // Neo-bank: £ on every amount, "1 Feb 2025" dates, the column header only on the first page.
    const neo = await render({ seed: 4, layout: 'neobank', transactionsPerMonth: 90, startDate: '2025-02-01' });
    expect(neo.r.pageCount).toBeGreaterThan(1);
    expect(neo.r.printedAmounts[0]!.every((a) => a.startsWith('£'))).toBe(true);
    expect(neo.pages.flat().some((x) => /^\d{1,2} Feb 2025$/.test(x))).toBe(true);
    expect(neo.pages[0]).toContain('Money out');
    neo.pages.slice(1).forEach((p) => expect(p).not.toContain('Money out'));
    // German: DD.MM.YYYY, "1.234,56-" amounts, Alter/Neuer Kontostand, two date columns.
    const de = await render({ seed: 4, layout: 'sparkasse', startDate: '2025-01-01' });
    const deItems = de.pages.flat();
    expect(de.r.printedAmounts[0]!.every((a) => /^\d{1,3}(\.\d{3})*,\d\d[+-]$/.test(a))).toBe(true);
    expect(deItems.some((x) => x.startsWith('Alter Kontostand vom 31.12.2024'))).toBe(true);
    expect(deItems.some((x) => x.startsWith('Neuer Kontostand vom 31.01.2025'))).toBe(true);
    expect(deItems).toContain('Wertstellung');
    expect(de.r.truth[0]!.language).toBe('de');
    // Odd seeds: Soll | Haben columns of unsigned German amounts.
    const sh = await render({ seed: 5, layout: 'sparkasse' });
    expect(sh.pages[0]).toEqual(expect.arrayContaining(['Soll', 'Haben']));
    expect(sh.r.printedAmounts[0]!.every((a) => /^\d{1,3}(\.\d{3})*,\d\d$/.test(a))).toBe(true);
    // Description first, CR/DR amounts.
    const cu = await render({ seed: 6, layout: 'regionalcu', hard: true });
    const cuRows = cu.r.truth[0]!.transactions;
    expect(cu.r.printedAmounts[0]!.every((a, i) => a.endsWith(cuRows[i]!.amount < 0 ? ' DR' : ' CR'))).toBe(true);
    expect(cu.pages[0]!.indexOf('Transaction Description')).toBeLessThan(cu.pages[0]!.indexOf('Posted'));
    // Landscape pages, checking then savings, Dec 16 - Jan 15.
    const ls = await render({ seed: 7, layout: 'landscape', accounts: 2, startDate: '2024-12-16' });
    expect(ls.r.truth.map((s) => s.accountTypeStr)).toEqual(['Checking', 'Savings']);
    expect(ls.r.truth[0]!.transactions.some((t) => t.date.startsWith('2024-12'))).toBe(true);
    expect(ls.r.truth[0]!.transactions.some((t) => t.date.startsWith('2025-01'))).toBe(true);
    const { PDFDocument } = await import('pdf-lib');
    const pdf = await PDFDocument.load(ls.r.bytes);
    expect(pdf.getPages().every((p) => p.getWidth() === 792 && p.getHeight() === 612)).toBe(true);
  });

  it('is deterministic by seed and differs across seeds', async () => {
    const a = await renderStatementPdf(makeStatementSpec({ seed: 5, layout: 'bofa' }));
    const b = await renderStatementPdf(makeStatementSpec({ seed: 5, layout: 'bofa' }));
    const c = await renderStatementPdf(makeStatementSpec({ seed: 6, layout: 'bofa' }));
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    expect(a.truth).toEqual(b.truth);
    expect(c.truth[0]!.transactions).not.toEqual(a.truth[0]!.transactions);
  });

  it('chains several months of several accounts, across December to January', async () => {
    const spec = makeStatementSpec({ seed: 3, layout: 'creditunion', months: 3, accounts: 2, startDate: '2024-11-16' });
    const r = await renderStatementPdf(spec);
    expect(r.truth).toHaveLength(6);
    expect(r.truth.map((s) => s.startDate)).toEqual(['2024-11-16', '2024-11-16', '2024-12-16', '2024-12-16', '2025-01-16', '2025-01-16']);
    expect(r.truth[2]!.endDate).toBe('2025-01-15');
    expect(r.truth.map((s) => s.accountTypeStr)).toEqual(['Checking', 'Savings', 'Checking', 'Savings', 'Checking', 'Savings']);
    for (const acct of [0, 1]) {
      const mine = r.truth.filter((_, i) => i % 2 === acct);
      expect(new Set(mine.map((s) => s.accountNumber)).size).toBe(1);
      for (let m = 1; m < mine.length; m++) expect(mine[m]!.startBalance).toBe(mine[m - 1]!.endBalance);
    }
    const crossing = r.truth[2]!.transactions.map((t) => parseIso(t.date).year);
    expect(crossing).toContain(2024);
    expect(crossing).toContain(2025);
    // Statements follow each other in page order.
    for (let i = 1; i < r.truth.length; i++) expect(r.truth[i]!.firstPage).toBe(r.truth[i - 1]!.lastPage! + 1);
    for (const s of r.truth) expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('prints the Wells Fargo ending daily balance only on the last row of a day', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 2, layout: 'wellsfargo', transactionsPerMonth: 60 }));
    const txns = r.truth[0]!.transactions;
    txns.forEach((t, i) => {
      const last = txns[i + 1]?.date !== t.date;
      expect(t.balance !== undefined, `row ${i + 1}`).toBe(last);
    });
    expect(reconcile(r.truth[0]!, 0).checkedBalances).toBe(new Set(txns.map((t) => t.date)).size);
  });

  it('writes the card from the issuer side and the truth from the holder side', async () => {
    const spec = makeStatementSpec({ seed: 4, layout: 'creditcard', hard: true });
    const r = await renderStatementPdf(spec);
    const s = r.truth[0]!;
    expect(s.docType).toBe('Credit Card Statement');
    expect(s.accountTypeStr).toBe('CCard');
    expect(s.donegate).toBe(true);
    const text = (await pageTexts(r.bytes)).flat();
    expect(text).toContain(money(-s.startBalance!, 'signedDollar'));
    const payment = s.transactions.find((t) => t.type === 'Payments')!;
    expect(payment.amount).toBeGreaterThan(0);
    expect(text).toContain(money(-payment.amount, 'signedDollar'));
    const fee = s.transactions.find((t) => t.type === 'Fees')!;
    expect(fee.amount).toBe(-3900);
    expect(text).toContain('$39.00');
    // Odd seeds print credits with a CR suffix and charges unsigned.
    const cr = await renderStatementPdf(makeStatementSpec({ seed: 5, layout: 'creditcard' }));
    const crText = (await pageTexts(cr.bytes)).flat();
    const crPay = cr.truth[0]!.transactions.find((t) => t.type === 'Payments')!;
    expect(crText).toContain(`${money(crPay.amount, 'plain')} CR`);
    expect(cr.printedAmounts[0]![cr.truth[0]!.transactions.indexOf(crPay)]).toBe(`${money(crPay.amount, 'plain')} CR`);
  });

  it('hard cases: multi-line descriptions, negative balances, carried-forward rows, tiny and huge amounts', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 8, layout: 'creditunion', hard: true, transactionsPerMonth: 90 }));
    const s = r.truth[0]!;
    const items = (await pageTexts(r.bytes)).flat();
    const text = items.join(' ').replace(/\s+/g, ' ');
    expect(r.pageCount).toBeGreaterThan(1);
    expect(text).toContain('Balance Carried Forward');
    expect(text).toContain('Balance Brought Forward');
    expect(s.startBalance!).toBeLessThan(0);
    expect(s.transactions.some((t) => Math.abs(t.amount) < 100)).toBe(true);
    expect(s.transactions.some((t) => t.amount >= 100_000_00)).toBe(true);
    // Negative balances print in the layout's style (parentheses or trailing minus).
    const negBal = s.transactions.find((t) => (t.balance ?? 0) < 0)!;
    expect(items.some((x) => x === money(negBal.balance!, 'paren') || x === money(negBal.balance!, 'trailing'))).toBe(true);
    // A long description is wrapped: its full text is not one item, but its first line is.
    const wf = await renderStatementPdf(makeStatementSpec({ seed: 8, layout: 'wellsfargo', hard: true }));
    const wfItems = (await pageTexts(wf.bytes)).flat();
    const long = wf.truth[0]!.transactions.find((t) => t.description.startsWith('ONLINE PAYMENT TO ACCT'))!;
    expect(wfItems).not.toContain(long.description);
    expect(wfItems.some((x) => long.description.startsWith(x) && x.length > 10)).toBe(true);
  });

  it('credit-union variants: parentheses, trailing minus, DR/CR, or unsigned with the sign only in the balance', async () => {
    const firstDebit = async (seed: number) => {
      const r = await renderStatementPdf(makeStatementSpec({ seed, layout: 'creditunion' }));
      const i = r.truth[0]!.transactions.findIndex((t) => t.amount < 0);
      const credit = r.truth[0]!.transactions.findIndex((t) => t.amount > 0);
      return { debit: r.printedAmounts[0]![i]!, credit: r.printedAmounts[0]![credit]!, items: (await pageTexts(r.bytes)).flat() };
    };
    expect((await firstDebit(4)).debit).toMatch(/^\([\d,]+\.\d\d\)$/);
    expect((await firstDebit(5)).debit).toMatch(/^[\d,]+\.\d\d-$/);
    const crdr = await firstDebit(6);
    expect(crdr.debit).toMatch(/^[\d,]+\.\d\d DR$/);
    expect(crdr.credit).toMatch(/^[\d,]+\.\d\d CR$/);
    const unsigned = await firstDebit(7);
    expect(unsigned.debit).toMatch(/^[\d,]+\.\d\d$/);
    expect(unsigned.items.some((x) => /^\d\d [A-Z][a-z]{2} \d\d$/.test(x))).toBe(true);
  });

  it('dates print in the layout formats the issue lists', async () => {
    const d = '2025-01-05';
    expect(['MM/DD', 'MM-DD', 'Mon D', 'ISO', 'MM/DD/YY'].map((st) => formatDate(d, st as never))).toEqual(['01/05', '01-05', 'Jan 5', '2025-01-05', '01/05/25']);
    const texts = async (layout: LayoutName) => (await pageTexts((await renderStatementPdf(makeStatementSpec({ seed: 1, layout, startDate: '2025-01-01' }))).bytes)).flat();
    expect((await texts('capitalone')).some((x) => /^Jan \d{1,2}$/.test(x))).toBe(true);
    expect((await texts('truist')).some((x) => /^01-\d\d$/.test(x))).toBe(true);
    expect((await texts('creditunion')).some((x) => /^2025-01-\d\d$/.test(x))).toBe(true);
  });

  it('makes a 50-page statement', async () => {
    const r = await makeLongStatement({ seed: 1, layout: 'chase', pages: 50 });
    expect(r.pageCount).toBeGreaterThanOrEqual(50);
    expect(reconcile(r.truth[0]!, 0).reconciled).toBe(true);
  });

  it('makes a 100-page application bundle of several accounts and months', async () => {
    const r = await makeApplicationPdf({ seed: 2, pages: 100 });
    expect(r.pageCount).toBeGreaterThanOrEqual(100);
    expect(new Set(r.truth.map((s) => s.accountNumber)).size).toBe(3);
    expect(new Set(r.truth.map((s) => s.startDate)).size).toBe(6);
    for (const s of r.truth) expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('compare() reports the first differing row with both sides', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 1, layout: 'citi' }));
    const truth = r.truth;
    expect(compareStatements(truth, structuredClone(truth))).toEqual([]);
    const bad = structuredClone(truth);
    bad[0]!.transactions[3]!.amount += 1;
    const diffs = compareStatements(truth, bad);
    expect(diffs.some((d) => d.includes('row 4 differs (amount)'))).toBe(true);
    expect(firstRowDiff(truth[0]!.transactions, truth[0]!.transactions.slice(0, 2))).toMatch(/row 3 differs \(missing row\)/);
    expect(sameAccountNumber('334362327949', '3343 6232 7949', false)).toBe(true);
    expect(sameAccountNumber('12345', 'XXXX-XXXX-XX12345', true)).toBe(true);
    expect(sameAccountNumber('12345', '99999', true)).toBe(false);
    expect(sameBankName('JPMorgan Chase Bank, N.A.', 'Chase')).toBe(true);
    expect(sameBankName('U.S. Bank', 'US Bank')).toBe(true);
    expect(sameBankName('Truist Bank', 'Unknown')).toBe(false);
  });
});
