import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertDocument, ConversionError } from '../../src/engine/index.js';
import { defaultConversionOptions, type ConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { csvConverter, orderChronologically } from '../../src/engine/formats/csv.js';
import { detectDelimiter, parseRecords } from '../../src/engine/formats/csv-records.js';
import { readCsvAmount, detectDecimalComma } from '../../src/engine/formats/csv-amounts.js';
import { dateOrder, dateShape, resolveDate } from '../../src/engine/formats/csv-dates.js';
import { mapColumns } from '../../src/engine/formats/csv-columns.js';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/formats/${name}`, import.meta.url)));
const convert = (bytes: Uint8Array | string, options: Partial<ConversionOptions> = {}, fileName = 'export.csv') =>
  convertDocument({ fileName, bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes, options: defaultConversionOptions(options) });

async function errorOf(p: Promise<unknown>): Promise<ConversionError> {
  try { await p; } catch (e) { if (e instanceof ConversionError) return e; throw e; }
  throw new Error('expected a ConversionError');
}

describe('CSV converter: whole files', () => {
  it('skips a preamble, reads quoted fields (commas, quotes, line breaks), debit/credit columns and $ amounts', async () => {
    const doc = await convert(fixture('csv-us-preamble-split.csv'));
    expect(doc.format).toBe('csv');
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    expect(s).toMatchObject({ accountNumber: '000987654321', isStrongAccountNo: true, bankName: 'Unknown', startDate: '2025-01-01', endDate: '2025-01-31', startBalance: 500000, endBalance: 543456 });
    expect(s.transactions.map((t) => [t.date, t.description, t.amount, t.balance])).toEqual([
      ['2025-01-02', 'Square Inc, settlement "batch 7"', 123456, 623456],
      ['2025-01-05', 'CHECK 1001', -80000, 543456],
      ['2025-01-13', 'ACME LOANS DAILY PMT', -10, 543446],
      ['2025-01-13', 'SERVICE FEE', -20, 543426],
      ['2025-01-28', 'Refund, Office Depot', 30, 543456],
    ]);
    expect(s.transactions[1]!.checkNumber).toBe('1001');
    expect(s.nonTransactions).toEqual(['Total | $800.30 | $1,234.86']);
    const r = reconcile(s, 0);
    expect(r).toMatchObject({ reconciled: true, firstBroken: null, totCredits: 123486, totDebits: 80030 });
  });

  it('reads cp1252 with semicolons, decimal commas, dotted D-M-Y dates, and one statement per account', async () => {
    const doc = await convert(fixture('csv-eu-semicolon-cp1252.csv'));
    expect(doc.statements.map((s) => [s.accountNumber, s.startBalance, s.endBalance, s.transactions.length])).toEqual([
      ['1234567890', 100000, 274605, 3],
      ['9876543210', 5000, 15001, 2],
    ]);
    const [main] = doc.statements;
    expect(main!.transactions.map((t) => [t.date, t.description, t.memo, t.amount])).toEqual([
      ['2025-02-01', 'Müller GmbH', 'Rechnung 17', -25050],
      ['2025-02-15', 'Gehalt', 'Lohn Februar', 200000],
      ['2025-02-28', 'Bäckerei Süß', 'Kartenzahlung', -345],
    ]);
    for (const s of doc.statements) expect(reconcile(s, 0).reconciled).toBe(true);
    expect(doc.statements.map((s) => s.currencyCode)).toEqual(['EUR', 'EUR']);
  });

  it('reads UTF-16 with BOM and tabs; unsigned amounts take their sign from a DR/CR column', async () => {
    const doc = await convert(fixture('csv-utf16-tab.tsv'), {}, 'export.tsv');
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.description, t.amount, t.type])).toEqual([['OPENING DEPOSIT', 10000, 'CR'], ['POS GROCER', -2525, 'DR'], ['ATM', -2000, 'DR']]);
    expect(s.startBalance).toBe(0);
    expect(s.endBalance).toBe(5475);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('takes the period, balances and totals printed in a summary block above the header', async () => {
    const doc = await convert(fixture('csv-summary-block.csv'));
    const s = doc.statements[0]!;
    expect(s).toMatchObject({ startDate: '2025-03-01', endDate: '2025-03-31', startBalance: 200000, endBalance: 394035, printedTotals: { credits: 315075, debits: 121040 } });
    expect(s.transactions).toHaveLength(3); // the "Beginning balance" row is not a transaction
    expect(s.nonTransactions).toEqual(['03/01/2025 | Beginning balance as of 03/01/2025 | 2,000.00']);
    const r = reconcile(s, 0);
    expect(r).toMatchObject({ reconciled: true, printedTotalsMatch: true });
  });

  it('a row missing from an export with a summary block no longer reconciles', async () => {
    const text = new TextDecoder().decode(fixture('csv-summary-block.csv')).replace(/^03\/14\/2025.*\n/m, '');
    const s = (await convert(text)).statements[0]!;
    const r = reconcile(s, 0);
    expect(r.reconciled).toBe(false);
    expect(r.difference).toBe(120000);
    expect(r.printedTotalsMatch).toBe(false);
    expect(r.firstBroken).toMatchObject({ index: 1, expected: 514035, printed: 394035 });
  });

  it('infers a header-less export with quoted cells and a marker column (Wells Fargo style)', async () => {
    const doc = await convert('"01/31/2025","-45.00","*","","POS PURCHASE GAS 0131"\n"01/20/2025","1200.00","*","","DEPOSIT MOBILE"\n"01/05/2025","-300.00","*","1042","CHECK # 1042"\n');
    expect(doc.statements[0]!.transactions.map((t) => [t.date, t.amount, t.description])).toEqual([
      ['2025-01-05', -30000, 'CHECK # 1042'], ['2025-01-20', 120000, 'DEPOSIT MOBILE'], ['2025-01-31', -4500, 'POS PURCHASE GAS 0131'],
    ]);
  });

  it('names the bank when the preamble does (shared bank list)', async () => {
    const doc = await convert('Chase Bank - account activity\nAccount: ****1234\n\nDate,Description,Amount\n2025-01-02,A,1.00\n');
    expect(doc.statements[0]).toMatchObject({ bankName: 'JPMorgan Chase Bank, N.A.', bankURL: 'www.chase.com', accountNumber: '1234', isStrongAccountNo: false });
  });

  it('reads ambiguous dates as M-D-Y by default and as D-M-Y when readUSdates=false', async () => {
    const us = await convert(fixture('csv-utf16-tab.tsv'), {}, 'x.tsv');
    expect(us.statements[0]!.transactions.map((t) => t.date)).toEqual(['2025-03-04', '2025-04-04', '2025-05-04']);
    const eu = await convert(fixture('csv-utf16-tab.tsv'), { readUSdates: false }, 'x.tsv');
    expect(eu.statements[0]!.transactions.map((t) => t.date)).toEqual(['2025-04-03', '2025-04-04', '2025-04-05']);
  });

  it('reads dates no day settles as D-M-Y when the file is from a day-first country (decimal commas, £/€/₹, a EUR/GBP/INR column), and says how', async () => {
    const dates = async (text: string) => {
      const s = (await convert(text)).statements[0]!;
      return { dates: s.transactions.map((t) => t.date), hint: (s.hints ?? []).find((h) => h.startsWith('Dates read')) };
    };
    expect(await dates('Fecha;Concepto;Importe;Saldo\n01/03/2024;RECIBO LUZ;-45,20;1.954,80\n02/03/2024;NOMINA;1.800,00;3.754,80\n'))
      .toEqual({ dates: ['2024-03-01', '2024-03-02'], hint: 'Dates read day first (D-M-Y) by decimal-comma amounts: no date has a day above 12 to settle it (readUSdates says otherwise).' });
    expect((await dates('Date,Description,Money Out,Balance\n01/03/2024,Coffee,£3.20,£996.80\n')).dates).toEqual(['2024-03-01']);
    expect((await dates('Date,Description,Amount,Currency\n01/03/2024,Coffee,-3.20,EUR\n')).dates).toEqual(['2024-03-01']);
    expect(await dates('Date,Description,Amount\n01/03/2024,Coffee,-3.20\n'))
      .toEqual({ dates: ['2024-01-03'], hint: 'Dates read month first (M-D-Y) by default (US): no date has a day above 12 to settle it (readUSdates says otherwise).' });
    // The dates settle it, whatever the money says; readUSdates over everything.
    expect((await dates('Date,Description,Amount\n03/13/2024,Coffee,"-3,20"\n')).dates).toEqual(['2024-03-13']);
    expect((await convert('Fecha;Concepto;Importe\n01/03/2024;LUZ;-45,20\n', { readUSdates: true })).statements[0]!.transactions[0]!.date).toBe('2024-01-03');
  });

  it('lets the data settle D-M-Y: a first number above 12', async () => {
    const doc = await convert('Date,Description,Amount\n05/03/2025,A,1.00\n28/03/2025,B,2.00\n');
    expect(doc.statements[0]!.transactions.map((t) => t.date)).toEqual(['2025-03-05', '2025-03-28']);
  });

  it('negates a card export that prints purchases positive when accounttype=CCard (donegate)', async () => {
    const card = await convert(fixture('csv-card-purchases-positive.csv'), { accounttype: 'CCard' });
    const s = card.statements[0]!;
    expect(s).toMatchObject({ accountTypeStr: 'CCard', docType: 'Credit Card Statement', donegate: true });
    expect(s.transactions.map((t) => t.amount)).toEqual([-8999, 15000, -4501]);
    const bank = await convert(fixture('csv-card-purchases-positive.csv'));
    expect(bank.statements[0]!.transactions.map((t) => t.amount)).toEqual([8999, -15000, 4501]);
    expect(bank.statements[0]!.donegate).toBe(false);
    expect(bank.statements[0]!.hints).toContain('The CSV has no balance column: start and end balances unknown.');
  });

  it('takes signs from a "Credit Debit Indicator" column even when a generic "type" column (POS, Deposit, Check) comes first', async () => {
    const text = 'Posting Date,Transaction Date,Amount,Credit Debit Indicator,type,Description,Card Ending\n01/02/2025,01/02/2025,45.67,Debit,POS,SHELL OIL 5744,4417\n01/03/2025,01/03/2025,1250.00,Credit,Deposit,TRANSFER FROM SAVINGS,\n01/06/2025,01/06/2025,12.00,Debit,Check,CHECK 1043,\n';
    const s = (await convert(text)).statements[0]!;
    expect(s.transactions.map((t) => t.amount)).toEqual([-4567, 125000, -1200]);
    expect(s.hints).toContain('Signs taken from the "Credit Debit Indicator" column.');
  });

  it('a card-number column filled on some rows only (the debit card used) does not split one account in two; filled on every row it is the account', async () => {
    const checking = 'Date,Description,Card Number,Amount,Balance\n01/02/2025,ACH DEPOSIT STRIPE,,900.00,4900.00\n01/03/2025,POS PURCHASE SHELL,4417,-45.67,4854.33\n01/06/2025,CHECK 1043,,-12.00,4842.33\n';
    const doc = await convert(checking);
    expect(doc.statements).toHaveLength(1);
    expect(reconcile(doc.statements[0]!, 0).reconciled).toBe(true);
    expect(doc.statements[0]!.hints).toContain('The "Card Number" column is filled on some rows only: the card used, not an account.');
    const cards = await convert('Transaction Date,Posted Date,Card No.,Description,Debit,Credit\n2025-01-02,2025-01-03,1234,SHELL OIL,45.67,\n2025-01-04,2025-01-05,5678,OFFICE DEPOT,12.00,\n');
    expect(cards.statements.map((s) => s.accountNumber)).toEqual(['1234', '5678']);
  });

  it('sets aside rows whose status says no money moved (failed, pending, cancelled, reverted), naming them; keeps sent and cleared rows', async () => {
    const text = 'Date (UTC),Description,Amount,Status\n01-15-2025,Stripe,"4,210.55",Sent\n01-14-2025,Gusto,-3200.00,Sent\n01-12-2025,Acme Supplier,-1500.00,Failed\n01-11-2025,Client Inc,2500.00,Pending\n01-10-2025,Old Vendor,-75.00,Cancelled\n01-09-2025,Refund,20.00,Cleared\n';
    const s = (await convert(text)).statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount])).toEqual([['2025-01-09', 2000], ['2025-01-14', -320000], ['2025-01-15', 421055]]);
    expect(s.hints).toContain('3 rows set aside by the "Status" column (Failed 1, Pending 1, Cancelled 1): no money moved.');
    expect(s.nonTransactions).toEqual(expect.arrayContaining(['01-12-2025 | Acme Supplier | -1500.00 | Failed']));
    await expect(convert('Date,Description,Amount,State\n2025-01-02,A,1.00,DECLINED\n')).rejects.toThrow(/no transaction rows: every dated row has an empty amount or a status that moved no money/);
  });

  it('does not count a fee twice when the amount already holds it: the running balance moves by the amount alone (a broker\'s cash export)', async () => {
    const text = 'DATE,TYPE,REF #,DESCRIPTION,FEES,AMOUNT,BALANCE\n'
      + '2025-03-03,BUY,5001,BOUGHT +ABCD 10 @50.00,4.95,-504.95,1495.05\n'
      + '2025-03-10,DIV,5002,ORDINARY DIVIDEND~ABCD,0,3.20,1498.25\n'
      + '2025-03-12,SELL,5003,SOLD -ABCD 5 @60.00,4.95,295.05,1793.30\n'
      + '2025-03-20,XFER,5004,ELECTRONIC FUNDING,0,200.00,1993.30\n';
    const s = (await convert(text, { accounttype: 'autoDetect' })).statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount, t.balance])).toEqual([
      ['2025-03-03', -50495, 149505],
      ['2025-03-10', 320, 149825],
      ['2025-03-12', 29505, 179330],
      ['2025-03-20', 20000, 199330],
    ]);
    expect(s).toMatchObject({ startBalance: 200000, endBalance: 199330, docType: 'Investment Statement' });
    expect(s.hints!.join(' ')).toContain('Read as the cash of a brokerage account (an investment statement): 3 of 4 rows are trades or distributions');
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.hints).toContain('Fees of the "FEES" column are already within the amounts (the running balance moves by the amount alone): not counted again (2 rows).');
    // Newest first, the same evidence.
    const [head, ...body] = text.trim().split('\n');
    const reversed = (await convert([head, ...body.reverse()].join('\n') + '\n')).statements[0]!;
    expect(reversed.transactions).toHaveLength(4);
    expect(reconcile(reversed, 0).reconciled).toBe(true);
  });

  it('takes an export for a brokerage account\'s only when most rows are trades: a bank export with a dividend or a share purchase stays a bank statement', async () => {
    const trades = 'Date,Description,Amount,Balance\n2025-04-01,YOU BOUGHT 12 SHARES AT $41.10,-493.20,506.80\n2025-04-08,YOU SOLD 3 @ 44.00,132.00,638.80\n2025-04-15,CASH DIVIDEND,1.10,639.90\n';
    expect((await convert(trades, { accounttype: 'autoDetect' })).statements[0]!.docType).toBe('Investment Statement');
    const bank = 'Date,Type,Description,Amount,Balance\n2025-04-01,POS,GROCER,-50.00,950.00\n2025-04-02,DIV,CREDIT UNION DIVIDEND,1.25,951.25\n2025-04-03,ACH,BROKERAGE TRANSFER BOUGHT 10 @ 5.00,-50.00,901.25\n2025-04-04,ACH,PAYROLL,900.00,1801.25\n2025-04-05,POS,FUEL,-40.00,1761.25\n';
    const s = (await convert(bank, { accounttype: 'autoDetect' })).statements[0]!;
    expect(s.docType).toBe('Bank Statement');
    expect((await convert(trades, { accounttype: 'Bank' })).statements[0]!.docType).toBe('Bank Statement');
  });

  it('takes a broker\'s amounts as the net of each trade when no running balance tells whether its commission column is within them', async () => {
    const text = 'Run Date,Action,Symbol,Quantity,Price ($),Commission ($),Amount ($),Settlement Date\n'
      + '05/02/2025,YOU BOUGHT ABCD (ABCD) (Cash),ABCD,20,12.50,2.95,-252.95,05/05/2025\n'
      + '05/09/2025,DIVIDEND RECEIVED ABCD (Cash),ABCD,,,,4.40,\n'
      + '05/16/2025,YOU SOLD ABCD (ABCD) (Cash),ABCD,-5,14.00,2.95,67.05,05/19/2025\n';
    const s = (await convert(text, { accounttype: 'autoDetect' })).statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount])).toEqual([['2025-05-02', -25295], ['2025-05-09', 440], ['2025-05-16', 6705]]);
    expect(s).toMatchObject({ docType: 'Investment Statement' });
    expect(s.transactions[0]!.description).toBe('YOU BOUGHT ABCD (ABCD) (Cash)');
    expect(s.hints).toContain('Fees of the "Commission ($)" column are already within the amounts (a broker\'s amounts are the net of each trade): not counted again (2 rows).');
    // A wallet's fee column without a balance stays a debit of its own.
    const wallet = 'Date,Description,Amount,Fee,Currency\n2025-05-02,Exchanged to USD,-200.00,1.00,EUR\n2025-05-03,Coffee,-3.00,0.00,EUR\n';
    expect((await convert(wallet, { accounttype: 'autoDetect' })).statements[0]!.transactions.map((t) => t.amount)).toEqual([-20000, -100, -300]);
  });

  it('reads a fee column as a debit of its own on the row\'s date, the printed balance after both (a wallet\'s export: Amount, Fee, State, Balance)', async () => {
    const text = 'Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance\n'
      + 'TOPUP,Current,2025-01-02 10:11:12,2025-01-02 10:11:20,Top-Up by *1234,500.00,0.00,EUR,COMPLETED,1500.00\n'
      + 'CARD_PAYMENT,Current,2025-01-03 09:00:00,2025-01-04 08:00:00,Supermarket,-45.67,0.00,EUR,COMPLETED,1454.33\n'
      + 'EXCHANGE,Current,2025-01-05 12:00:00,2025-01-05 12:00:01,Exchanged to USD,-200.00,1.00,EUR,COMPLETED,1253.33\n'
      + 'TRANSFER,Current,2025-01-07 12:00:00,2025-01-07 12:00:05,To John,-100.00,0.00,EUR,REVERTED,\n';
    const s = (await convert(text)).statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.description, t.amount, t.balance])).toEqual([
      ['2025-01-02', 'Top-Up by *1234', 50000, 150000],
      ['2025-01-04', 'Supermarket', -4567, 145433],
      ['2025-01-05', 'Exchanged to USD', -20000, null],
      ['2025-01-05', 'Fee: Exchanged to USD', -100, 125333],
    ]);
    expect(s).toMatchObject({ currencyCode: 'EUR', startBalance: 100000, endBalance: 125333 });
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.hints).toContain('Fees of the "Fee" column read as debits of their own (1 row).');
  });

  describe('a card issuer\'s export not declared one (accounttype Bank or autoDetect) is told by evidence', () => {
    const kinds = (doc: Awaited<ReturnType<typeof convert>>) => doc.statements.map((s) => [s.accountTypeStr, s.docType, s.donegate]);
    it('a card member column and charges printed positive, payments thanked for and negative: a card, signs turned to the holder\'s', async () => {
      const text = 'Date,Description,Card Member,Account #,Amount\n01/02/2025,SHELL OIL 5744 HOUSTON TX,JANE DOE,-41005,45.67\n01/03/2025,AUTOPAY PAYMENT - THANK YOU,JANE DOE,-41005,-1250.00\n01/06/2025,OFFICE SUPPLY CO,JANE DOE,-41005,12.00\n';
      for (const accounttype of ['Bank', 'autoDetect'] as const) {
        const doc = await convert(text, { accounttype });
        expect(kinds(doc)).toEqual([['CCard', 'Credit Card Statement', true]]);
        expect(doc.detectedDocType).toBe('Credit Card Statement');
        expect(doc.statements[0]!.transactions.map((t) => t.amount)).toEqual([-4567, 125000, -1200]);
        expect(doc.statements[0]!.hints!.join(' ')).toMatch(/Read as a credit card export: a "Card Member" column, a payment thanked for \("AUTOPAY PAYMENT - THANK YOU"\)/);
      }
    });
    it('no card column, a payment thanked for printed negative among positive charges (another issuer\'s layout): a card, turned', async () => {
      const doc = await convert('Trans. Date,Post Date,Description,Amount,Category\n01/04/2025,01/05/2025,HOME IMPROVEMENT 0412,210.40,Home Improvement\n01/09/2025,01/09/2025,INTERNET PAYMENT - THANK YOU,-500.00,Payments and Credits\n01/12/2025,01/13/2025,AIRLINE TICKET,388.10,Travel/ Entertainment\n');
      expect(kinds(doc)).toEqual([['CCard', 'Credit Card Statement', true]]);
      expect(doc.statements[0]!.transactions.map((t) => t.amount)).toEqual([-21040, 50000, -38810]);
    });
    it('charges printed negative and the payment positive with a type column of sales: a card, signs kept', async () => {
      const doc = await convert('Transaction Date,Post Date,Description,Category,Type,Amount,Memo\n01/02/2025,01/03/2025,SQ *COFFEE BAR,Food & Drink,Sale,-8.75,\n01/05/2025,01/05/2025,Payment Thank You-Mobile,,Payment,600.00,\n01/07/2025,01/08/2025,UBER TRIP,Travel,Sale,-23.10,\n');
      expect(kinds(doc)).toEqual([['CCard', 'Credit Card Statement', false]]);
      expect(doc.statements[0]!.transactions.map((t) => t.amount)).toEqual([-875, 60000, -2310]);
    });
    it('a card number on every row, payments included, in debit and credit columns (no payment thanked for): a card, signs kept; charges alone do not make one', async () => {
      const text = 'Transaction Date,Posted Date,Card No.,Description,Category,Debit,Credit\n2025-03-18,2025-03-19,4821,HOME DEPOT #4410,Merchandise,312.45,\n2025-03-20,2025-03-21,4821,MOBILE PYMT,Payment/Credit,,1250.00\n2025-03-22,2025-03-24,4821,SHELL OIL,Gas/Automotive,48.12,\n';
      const doc = await convert(text);
      expect(kinds(doc)).toEqual([['CCard', 'Credit Card Statement', false]]);
      expect(doc.statements[0]!.transactions.map((t) => t.amount)).toEqual([-31245, 125000, -4812]);
      expect(doc.statements[0]!.hints).toContain('Read as a credit card export: a "Card No." column on every row, money in and out.');
      const charges = await convert('Transaction Date,Posted Date,Card No.,Description,Debit,Credit\n2025-03-18,2025-03-19,4821,HOME DEPOT,312.45,\n2025-03-22,2025-03-24,4821,SHELL OIL,48.12,\n');
      expect(kinds(charges)).toEqual([['Checking', 'Bank Statement', false]]);
      // A running balance says bank: a prepaid or debit card account's own export.
      const withBalance = await convert('Date,Card No.,Description,Amount,Balance\n2025-03-18,4821,LOAD,100.00,100.00\n2025-03-19,4821,SHELL OIL,-48.12,51.88\n');
      expect(kinds(withBalance)).toEqual([['Checking', 'Bank Statement', false]]);
    });
    it('a checking export that pays a card ("CHASE CREDIT CRD AUTOPAY", "credit card" in a description) and lists the debit card used stays checking', async () => {
      const text = 'Date,Description,Card Last 4,Amount,Balance\n01/02/2025,CHASE CREDIT CRD AUTOPAY PPD ID 4760039224,,-1250.00,3750.00\n01/03/2025,POS PURCHASE CREDIT CARD TERMINAL FEE,4417,-12.00,3738.00\n01/06/2025,DEPOSIT FROM CUSTOMER,,900.00,4638.00\n';
      const doc = await convert(text);
      expect(kinds(doc)).toEqual([['Checking', 'Bank Statement', false]]);
      expect(doc.statements[0]!.transactions.map((t) => t.amount)).toEqual([-125000, -1200, 90000]);
    });
    it('the option still decides: accounttype CCard reads a card without evidence; a file declared MTJson is not a CSV', async () => {
      const doc = await convert('Date,Description,Amount\n01/02/2025,STORE,45.67\n01/03/2025,STORE B,5.00\n', { accounttype: 'CCard' });
      expect(kinds(doc)).toEqual([['CCard', 'Credit Card Statement', true]]);
    });
  });

  it('does not negate a card export whose signs come from a DR/CR column', async () => {
    const doc = await convert('Date,Merchant,Amount,Type\n2025-02-01,SHOP,10.00,DR\n2025-02-02,SHOP,5.00,DR\n2025-02-03,PAYMENT,20.00,CR\n', { accounttype: 'CCard' });
    expect(doc.statements[0]!.transactions.map((t) => t.amount)).toEqual([-1000, -500, 2000]);
    expect(doc.statements[0]!.donegate).toBe(false);
  });

  it('reads a card balance that is an amount owed as negative (holder\'s view)', async () => {
    const text = 'Date,Description,Debit,Credit,Balance\n2025-04-01,STORE A,100.00,,600.00\n2025-04-05,STORE B,25.50,,625.50\n2025-04-20,PAYMENT,,500.00,125.50\n';
    const s = (await convert(text, { accounttype: 'CCard' })).statements[0]!;
    expect(s.transactions.map((t) => [t.amount, t.balance])).toEqual([[-10000, -60000], [-2550, -62550], [50000, -12550]]);
    expect(s).toMatchObject({ startBalance: -50000, endBalance: -12550 });
    expect(reconcile(s, 0)).toMatchObject({ reconciled: true, firstBroken: null });
  });

  it('flips amounts that move against the running balance of a bank export', async () => {
    const text = 'Date,Description,Amount,Balance\n2025-04-01,RENT,1000.00,4000.00\n2025-04-02,SALES,-2500.00,6500.00\n2025-04-03,FEE,12.00,6488.00\n';
    const s = (await convert(text)).statements[0]!;
    expect(s.transactions.map((t) => t.amount)).toEqual([-100000, 250000, -1200]);
    expect(s.hints).toContain('Amounts moved against the running balance; their signs were flipped.');
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('infers the columns of a file without a header row', async () => {
    const doc = await convert(fixture('csv-headerless.csv'));
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.description, t.amount, t.balance])).toEqual([
      ['2025-03-01', 'COFFEE ROASTERS', -450, 99550],
      ['2025-03-02', 'CLIENT PAYMENT', 150000, 249550],
      ['2025-03-03', 'RENT', -120000, 129550],
    ]);
    expect(s.startBalance).toBe(100000);
  });

  it('reads UTF-8 with BOM, UTF-16 big-endian, Excel\'s sep= line, and trailing currency symbols', async () => {
    const body = 'Date;Description;Amount\n2025-01-02;Café;-12,50 €\n2025-01-03;Dépôt;1.000,00 €\n';
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(body)]);
    const be = new Uint8Array(2 + body.length * 2);
    be.set([0xfe, 0xff]);
    for (let i = 0; i < body.length; i++) { be[2 + 2 * i] = body.charCodeAt(i) >> 8; be[3 + 2 * i] = body.charCodeAt(i) & 0xff; }
    for (const bytes of [withBom, be, new TextEncoder().encode(`sep=;\n${body}`)]) {
      const doc = await convert(bytes);
      expect(doc.statements[0]!.transactions.map((t) => [t.description, t.amount])).toEqual([['Café', -1250], ['Dépôt', 100000]]);
    }
  });

  it('reads rows whose trailing empty fields run past the header (a trailing delimiter)', async () => {
    const doc = await convert('Date,Description,Amount,Balance\n2025-01-02,A,5.00,105.00,,\n2025-01-03,B,-2.50,102.50,\n');
    expect(doc.statements[0]!.transactions.map((t) => [t.amount, t.balance])).toEqual([[500, 10500], [-250, 10250]]);
  });

  it('sums in cents exactly (0.1 + 0.2 rows)', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `2025-06-${String(i + 1).padStart(2, '0')},ROW ${i},${i % 2 ? '0.20' : '0.10'}`);
    const doc = await convert(`Date,Description,Amount\n${rows.join('\n')}\n`);
    const r = reconcile({ ...doc.statements[0]!, startBalance: 0, endBalance: 450 }, 0);
    expect(r.totCredits).toBe(450);
    expect(r.reconciled).toBe(true);
  });

  it.each([
    ['an amount with 3 decimals', 'Date,Description,Amount\n2025-01-02,A,1.005\n', 'row 2, column "Amount": "1.005" has more than 2 decimals'],
    ['text in the amount column', 'Date,Description,Amount\n2025-01-02,A,1.00\n2025-01-03,B,ten\n', 'row 3, column "Amount": "ten" is not an amount'],
    ['a date that does not exist', 'Date,Description,Amount\n02/30/2025,A,1.00\n', 'row 2, column "Date": "02/30/2025" is not a valid date (read as M-D-Y'],
    ['a D-M-Y file read as US by readUSdates', 'Date,Description,Amount\n28/03/2025,A,1.00\n', 'is not a valid date (read as M-D-Y, readUSdates)'],
    ['dates that mix D-M-Y and M-D-Y', 'Date,Description,Amount\n13/01/2025,A,1.00\n01/14/2025,B,2.00\n', 'column "Date" mixes D-M-Y dates ("13/01/2025", row 2) and M-D-Y dates ("01/14/2025", row 3); set readUSdates'],
    ['a bad balance', 'Date,Description,Amount,Balance\n2025-01-02,A,1.00,abc\n', 'row 2, column "Balance": "abc" is not an amount'],
    ['no date or amount column', 'Name,City\nAnn,Rome\nBob,Oslo\n', 'no header row naming a date column and an amount'],
    ['a header but no dated rows', 'Date,Description,Amount\nn/a,A,1.00\n', 'no transaction rows'],
    ['an empty file', '  \n', 'the file is empty'],
    ['an amount with an unquoted thousands comma', 'Date,Description,Debit,Credit,Balance\n2025-01-02,A,,5.00,105.00\n2025-01-03,B,1,250.00,,1,145.00\n', 'row 3 has 7 fields where the header has 5: a value holds the delimiter "," without quotes'],
  ])('rejects %s with a clear message', async (_name, text, message) => {
    const err = await errorOf(convert(text, _name.includes('readUSdates') ? { readUSdates: true } : {}));
    expect(err.message).toContain(message);
    expect(err.message.startsWith('CSV:')).toBe(true);
  });

  it('is chosen for .csv names and for CSV content, never for PDFs, JSON or OFX', () => {
    const opts = defaultConversionOptions();
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(csvConverter.accepts({ fileName: 'dl.txt', bytes: fixture('csv-us-preamble-split.csv'), options: opts })).toBe(true);
    expect(csvConverter.accepts({ fileName: 'dl.txt', bytes: fixture('csv-utf16-tab.tsv'), options: opts })).toBe(true);
    expect(csvConverter.accepts({ fileName: 'a.csv', bytes: enc('%PDF-1.7\n'), options: opts })).toBe(false);
    expect(csvConverter.accepts({ fileName: 'scan', bytes: enc('\n\n%PDF-1.4\nDate,Amount\n2025-01-01,1.00\n'), options: opts })).toBe(false);
    expect(csvConverter.accepts({ fileName: 'statement.pdf', bytes: enc('Date,Amount\n2025-01-01,1.00\n'), options: opts })).toBe(false);
    expect(csvConverter.accepts({ fileName: 'a.txt', bytes: enc('{"accounts": []}'), options: opts })).toBe(false);
    expect(csvConverter.accepts({ fileName: 'a.txt', bytes: fixture('ofx-xml-savings.ofx'), options: opts })).toBe(false);
    expect(csvConverter.accepts({ fileName: 'notes.txt', bytes: enc('Dear team,\nsee you soon.\n'), options: opts })).toBe(false);
  });
});

describe('CSV converter: parts', () => {
  it('detects the delimiter from consistent field counts', () => {
    expect(detectDelimiter('a;b;c\n1,5;2;3\n4;5,5;6\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc\n1\t2\t3\n')).toBe('\t');
    expect(detectDelimiter('"a;x",b,c\n1,2,3\n')).toBe(',');
  });

  it('parses quoted fields and all line endings', () => {
    expect(parseRecords('a,"b,1","c ""q"""\r\n1,"2\n3",4\r5,6,7', ',')).toEqual([['a', 'b,1', 'c "q"'], ['1', '2\n3', '4'], ['5', '6', '7']]);
  });

  it('reads money cells exactly, in both decimal conventions', () => {
    const c = (s: string, comma = false) => { const r = readCsvAmount(s, comma); return 'cents' in r ? r.cents : r; };
    expect(c('$1,036.47')).toBe(103647);
    expect(c('(12.00)')).toBe(-1200);
    expect(c('12.00-')).toBe(-1200);
    expect(c('5.00 USD')).toBe(500);
    expect(c("11'373.94")).toBe(1137394);
    expect(c('19.900')).toBe(1990);
    expect(c('-98,76', true)).toBe(-9876);
    expect(c('1.234,56', true)).toBe(123456);
    expect(c('')).toEqual({ empty: true });
    expect(c('123456789012345678901.00')).toEqual({ problem: '"123456789012345678901.00" is too large' });
    expect(detectDecimalComma(['-98,76', '1.234,56', '10'])).toBe(true);
    expect(detectDecimalComma(['1,000.00', '5.10', '3,50'])).toBe(false);
  });

  it('reads date shapes, month names in several languages, and decides the order', () => {
    const iso = (s: string, order: 'MDY' | 'DMY' = 'MDY') => resolveDate(dateShape(s)!, order);
    expect(iso('2025-01-31 13:12')).toBe('2025-01-31');
    expect(iso('20250131')).toBe('2025-01-31');
    expect(iso('23-Jan-15')).toBe('2015-01-23');
    expect(iso('5 déc. 2024')).toBe('2024-12-05');
    expect(iso('3 Okt 2024')).toBe('2024-10-03');
    expect(iso('1 mrt 2024')).toBe('2024-03-01');
    expect(iso('12 mei 2024')).toBe('2024-05-12');
    expect(iso('7 maart 2024')).toBe('2024-03-07');
    expect(iso('2 Maerz 2024')).toBe('2024-03-02');
    expect(iso('September 3, 2024')).toBe('2024-09-03');
    expect(iso('Mar 7, 2025')).toBe('2025-03-07');
    expect(iso('1/2/25', 'DMY')).toBe('2025-02-01');
    expect(dateShape('pending')).toBeUndefined();
    const shapes = ['01.02.2025', '03.02.2025'].map((s) => dateShape(s)!);
    expect(dateOrder(shapes, undefined).order).toBe('DMY');
    expect(dateOrder(['01/02/2025', '01/13/2025'].map((s) => dateShape(s)!), undefined).order).toBe('MDY');
    expect(dateOrder(['13/01/2025', '01/13/2025'].map((s) => dateShape(s)!), undefined).conflict).toBe(true);
  });

  it.each([
    ['Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #', { date: 1, description: 2, amount: 3, type: 4, balance: 5, check: 6 }],
    ['Transaction Date,Post Date,Description,Category,Type,Amount,Memo', { date: 1, description: 2, amount: 5, type: 4 }],
    ['Date,Description,Amount,Running Bal.', { date: 0, description: 1, amount: 2, balance: 3 }],
    ['Posted Date,Reference Number,Payee,Address,Amount', { date: 0, description: 2, amount: 4 }],
    ['Status,Date,Description,Debit,Credit', { date: 1, description: 2, debit: 3, credit: 4 }],
    ['Trans. Date,Post Date,Description,Amount,Category', { date: 1, description: 2, amount: 3 }],
    ['Date,Transaction,Name,Memo,Amount', { date: 0, description: 2, amount: 4 }],
    ['Datum;Naam / Omschrijving;Bedrag (EUR);Saldo na mutatie', { date: 0, description: 1, amount: 2, balance: 3 }],
    ['Buchungstag;Valuta;Auftraggeber/Empfänger;Verwendungszweck;Betrag (EUR);Saldo (EUR)', { date: 0, description: 2, amount: 4, balance: 5 }],
    ['Date;Libellé;Montant (EUR);Solde (EUR)', { date: 0, description: 1, amount: 2, balance: 3 }],
    ['Datum;Naam / Omschrijving;Rekening;Af Bij;Bedrag (EUR);Mededelingen', { date: 0, description: 1, type: 3, amount: 4 }],
  ])('maps the header "%s"', (header, roles) => {
    expect(mapColumns(header.split(header.includes(';') ? ';' : ',')).roles).toMatchObject(roles);
  });

  it('maps header names of several banks to column roles (data file)', () => {
    expect(mapColumns(['Date', 'Status', 'Type', 'CheckNumber', 'Description', 'Withdrawal', 'Deposit', 'RunningBalance']).roles)
      .toEqual({ date: 0, status: 1, type: 2, check: 3, description: 4, debit: 5, credit: 6, balance: 7 });
    expect(mapColumns(['Buchungstag', 'Wertstellung', 'Auftraggeber/Empfänger', 'Buchungstext', 'Betrag', 'Kontostand', 'Währung']))
      .toEqual({ roles: { date: 0, description: 2, amount: 4, balance: 5, currency: 6 }, memo: [3] });
    expect(mapColumns(['Transaction Date', 'Posted Date', 'Card No.', 'Description', 'Debit', 'Credit']).roles)
      .toMatchObject({ date: 1, account: 2, debit: 4, credit: 5 });
  });

  it('orders same-day rows by their running balances', () => {
    const rows = [
      { date: '2025-01-02', amount: 200, balance: 900 },
      { date: '2025-01-02', amount: -100, balance: 800 },
      { date: '2025-01-01', amount: -50, balance: 700 },
    ];
    expect(orderChronologically(rows).map((r) => r.balance)).toEqual([700, 900, 800]);
  });
});
