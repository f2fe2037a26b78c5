/**
 * Mechanics of the PDF engine on small PDFs built here with pdf-lib: line grouping, columns,
 * letter-spaced labels, signs (columns, sections, running balance), years across December →
 * January, D-M-Y detection, side-by-side check tables, statement splitting, credit cards.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { extractPdf } from '../../src/engine/pdf/extract.js';
import { documentLines } from '../../src/engine/pdf/lines.js';
import { defaultConversionOptions, type ConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { sequenceStatements } from '../../src/engine/statement/select.js';

/** One printed piece: text at (x, y from the top), optionally bold. */
type Piece = [x: number, y: number, text: string, bold?: boolean];

async function pdf(pages: Piece[][], meta: { producer?: string } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  if (meta.producer) doc.setProducer(meta.producer);
  doc.setCreationDate(new Date(Date.UTC(2025, 0, 31, 10, 0, 0)));
  for (const pieces of pages) {
    const page = doc.addPage([612, 792]);
    for (const [x, y, text, b] of pieces) {
      const font: PDFFont = b ? bold : regular;
      page.drawText(text, { x, y: 792 - y, size: 9, font });
    }
  }
  return doc.save();
}

const convert = (bytes: Uint8Array, options: Partial<ConversionOptions> = {}) =>
  convertDocument({ fileName: 'test.pdf', bytes, options: defaultConversionOptions(options) });

/** A bank statement page: bank, account, period, summary and a table with the given rows. */
function statementPage(opts: { account: string; period: string; start: string; end: string; header: Piece[]; rows: Piece[] }): Piece[] {
  return [
    [40, 40, 'First Harbor Bank', true], [380, 40, `Account Number: ${opts.account}`],
    [380, 52, opts.period],
    [40, 90, 'JANE Q SAMPLE LLC'], [40, 101, '12 MAIN ST'], [40, 112, 'SPRINGFIELD, IL 62701'],
    [40, 150, 'Beginning Balance'], [300, 150, opts.start],
    [40, 162, 'Ending Balance'], [300, 162, opts.end],
    ...opts.header, ...opts.rows,
  ];
}

describe('PDF lines and cells', () => {
  it('groups items into lines by baseline and cells by gaps, with real font names', async () => {
    const bytes = await pdf([[
      [40, 100, 'Date', true], [100, 100, 'Description', true], [400, 100, 'Amount', true],
      [40, 112.5, '01/05'], [100, 112, 'COFFEE'], [138, 112, 'SHOP'], [400, 112, '4.50'],
    ]]);
    const text = await extractPdf(bytes, 'x.pdf');
    expect(new Set(text.pages[0]!.items.map((i) => i.font))).toEqual(new Set(['Helvetica-Bold', 'Helvetica']));
    const lines = documentLines(text.pages);
    expect(lines).toHaveLength(2);
    // A half-point baseline wobble stays on one line; "COFFEE" + "SHOP" close together make one cell.
    expect(lines[1]!.cells.map((c) => c.text)).toEqual(['01/05', 'COFFEE SHOP', '4.50']);
    expect(lines[0]!.cells.every((c) => c.bold)).toBe(true);
    // spacingfactor scales what counts as a gap: a large factor joins the date and the description.
    const loose = documentLines(text.pages, { spacingfactor: 10 });
    expect(loose[1]!.cells.map((c) => c.text)).toEqual(['01/05 COFFEE SHOP', '4.50']);
  });

  it('reads a letter-spaced label ("Ope ning Bal ance") as the opening balance', async () => {
    const bytes = await pdf([[
      [40, 40, 'First Harbor Bank'], [380, 40, 'Account Number: 5550001111'], [380, 52, 'January 1, 2025 through January 31, 2025'],
      [40, 150, 'Ope'], [58, 150, 'ning'], [82, 150, 'Bal'], [97, 150, 'ance'], [300, 150, '1,000.00'],
      [40, 162, 'Clo'], [57, 162, 'sing'], [80, 162, 'Balance'], [300, 162, '900.00'],
      [40, 200, 'Date', true], [100, 200, 'Description', true], [400, 200, 'Amount', true],
      [40, 212, '01/05'], [100, 212, 'CARD PURCHASE'], [400, 212, '-100.00'],
    ]]);
    const doc = await convert(bytes);
    const s = doc.statements[0]!;
    expect(s.startBalance).toBe(100000);
    expect(s.endBalance).toBe(90000);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});

describe('PDF statement tables', () => {
  const header: Piece[] = [[40, 200, 'Date', true], [90, 200, 'Description', true], [330, 200, 'Withdrawals', true], [420, 200, 'Deposits', true], [510, 200, 'Balance', true]];

  it('reads debit/credit columns, multi-line descriptions, balances on some rows and years across Dec → Jan', async () => {
    const rows: Piece[] = [
      [40, 212, '12/20'], [90, 212, 'ACH DEPOSIT SQUARE INC'], [420, 212, '2,500.00'],
      [90, 223, 'SETTLEMENT 8842'],
      [40, 234, '12/30'], [90, 234, 'RENT PAYMENT'], [330, 234, '1,200.00'], [510, 234, '11,300.00'],
      [40, 245, '01/03'], [90, 245, 'CHECK 1044'], [330, 245, '300.00'],
      [40, 256, '01/14'], [90, 256, 'SERVICE FEE'], [330, 256, '15.00'], [510, 256, '10,985.00'],
    ];
    const bytes = await pdf([statementPage({ account: '123456789012', period: 'December 16, 2024 through January 15, 2025', start: '$10,000.00', end: '$10,985.00', header, rows })], { producer: 'Test Producer 1.0' });
    const doc = await convert(bytes);
    expect(doc.pdf).toMatchObject({ producer: 'Test Producer 1.0', pagecount: 1, image: false });
    expect(doc.pdf!.cdate.startsWith('2025-01-31T10:00:00')).toBe(true);
    const s = doc.statements[0]!;
    expect(s).toMatchObject({ accountNumber: '123456789012', isStrongAccountNo: true, startDate: '2024-12-16', endDate: '2025-01-15', startBalance: 1000000, endBalance: 1098500, ownerName: 'JANE Q SAMPLE LLC', isBusiness: true });
    expect(s.address).toMatchObject({ city: 'SPRINGFIELD', state: 'IL', postalcode: '62701', address1: '12 MAIN ST' });
    expect(s.transactions.map((t) => [t.date, t.description, t.amount, t.balance ?? null])).toEqual([
      ['2024-12-20', 'ACH DEPOSIT SQUARE INC SETTLEMENT 8842', 250000, null],
      ['2024-12-30', 'RENT PAYMENT', -120000, 1130000],
      ['2025-01-03', 'CHECK 1044', -30000, null],
      ['2025-01-14', 'SERVICE FEE', -1500, 1098500],
    ]);
    expect(s.transactions[2]!.checkNumber).toBe('1044');
    // The wrapped line is kept apart in memo unless combinelines asks for one line.
    expect(s.transactions[0]!.memo).toBe('SETTLEMENT 8842');
    const combined = (await convert(bytes, { combinelines: true })).statements[0]!;
    expect(combined.transactions[0]!.memo).toBeUndefined();
    expect(combined.transactions[0]!.description).toBe('ACH DEPOSIT SQUARE INC SETTLEMENT 8842');
    const r = reconcile(s, 0);
    expect(r.reconciled).toBe(true);
    expect(r.firstBroken).toBeNull();
  });

  it('infers signs of one unsigned Amount column from the running balance', async () => {
    const rows: Piece[] = [
      [40, 212, '03/02'], [90, 212, 'PAYROLL GUSTO'], [420, 212, '800.00'], [510, 212, '1,200.00'],
      [40, 223, '03/05'], [90, 223, 'STRIPE TRANSFER'], [420, 223, '300.00'], [510, 223, '1,500.00'],
      [40, 234, '03/09'], [90, 234, 'ATM WITHDRAWAL'], [420, 234, '60.00'],
      [40, 245, '03/09'], [90, 245, 'REFUND AMAZON'], [420, 245, '10.00'], [510, 245, '1,450.00'],
    ];
    const amountHeader: Piece[] = [[40, 200, 'Date', true], [90, 200, 'Description', true], [420, 200, 'Amount', true], [510, 200, 'Balance', true]];
    const bytes = await pdf([statementPage({ account: '4444333322', period: 'March 1, 2025 through March 31, 2025', start: '2,000.00', end: '1,450.00', header: amountHeader, rows })]);
    const s = (await convert(bytes)).statements[0]!;
    expect(s.transactions.map((t) => t.amount)).toEqual([-80000, 30000, -6000, 1000]);
    expect(s.suspectCount).toBe(0);
  });

  it('reports the first row whose printed balance breaks the chain', async () => {
    const rows: Piece[] = [
      [40, 212, '03/02'], [90, 212, 'DEPOSIT'], [420, 212, '100.00'], [510, 212, '1,100.00'],
      [40, 223, '03/03'], [90, 223, 'COFFEE'], [330, 223, '5.00'], [510, 223, '1,090.00'],
      [40, 234, '03/04'], [90, 234, 'LUNCH'], [330, 234, '10.00'], [510, 234, '1,080.00'],
    ];
    const bytes = await pdf([statementPage({ account: '4444333322', period: 'March 1, 2025 through March 31, 2025', start: '1,000.00', end: '1,080.00', header, rows })]);
    const s = (await convert(bytes)).statements[0]!;
    const r = reconcile(s, 0);
    expect(r.firstBroken).toMatchObject({ index: 1, expected: 109500, printed: 109000 });
  });

  it('detects D-M-Y dates from a day above 12, and honours readUSdates', async () => {
    const rows: Piece[] = [
      [40, 212, '05/03/2024'], [90, 212, 'TESCO STORES'], [330, 212, '20.00'],
      [40, 223, '28/03/2024'], [90, 223, 'SALARY'], [420, 223, '1,000.00'],
    ];
    const bytes = await pdf([statementPage({ account: '87654321', period: '01/03/2024 to 31/03/2024', start: '100.00', end: '1,080.00', header, rows })]);
    const s = (await convert(bytes)).statements[0]!;
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-03-05', '2024-03-28']);
    expect(s.startDate).toBe('2024-03-01');
    const us = (await convert(bytes, { readUSdates: true })).statements[0]!;
    expect(us.transactions[0]!.date).toBe('2024-05-03');
  });

  it('reads "08 Dec 23" and "Jan 5" dates, section signs and leaves daily balances out', async () => {
    const page: Piece[] = [
      [40, 40, 'First Harbor Bank'], [380, 40, 'Account Number: 5550001111'], [380, 52, 'December 1, 2023 through January 31, 2024'],
      [40, 150, 'Beginning Balance'], [300, 150, '500.00'], [40, 162, 'Ending Balance'], [300, 162, '570.00'],
      [40, 190, 'DEPOSITS AND ADDITIONS', true],
      [40, 200, 'Date', true], [90, 200, 'Description', true], [480, 200, 'Amount', true],
      [40, 212, '08 Dec 23'], [90, 212, 'MOBILE DEPOSIT'], [480, 212, '100.00'],
      [40, 224, 'Total Deposits and Additions'], [480, 224, '100.00'],
      [40, 250, 'ELECTRONIC WITHDRAWALS', true],
      [40, 260, 'Date', true], [90, 260, 'Description', true], [480, 260, 'Amount', true],
      [40, 272, 'Jan 5'], [90, 272, 'UTILITY BILL'], [480, 272, '30.00'],
      [40, 284, 'Total Electronic Withdrawals'], [480, 284, '30.00'],
      [40, 310, 'DAILY ENDING BALANCE', true],
      [40, 320, 'Date', true], [120, 320, 'Balance', true],
      [40, 332, '12/08'], [120, 332, '600.00'],
      [40, 344, '01/05'], [120, 344, '570.00'],
    ];
    const s = (await convert(await pdf([page]))).statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount, t.type])).toEqual([
      ['2023-12-08', 10000, 'DEPOSITS AND ADDITIONS'],
      ['2024-01-05', -3000, 'ELECTRONIC WITHDRAWALS'],
    ]);
    expect(s.nonTransactions!.length).toBeGreaterThanOrEqual(2);
    expect(s.printedTotals).toEqual({ credits: 10000, debits: 3000 });
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('reads a side-by-side check table row by row, left to right', async () => {
    const page: Piece[] = [
      [40, 40, 'First Harbor Bank'], [380, 40, 'Account Number: 5550001111'], [380, 52, 'April 1, 2025 through April 30, 2025'],
      [40, 150, 'Beginning Balance'], [300, 150, '1,000.00'], [40, 162, 'Ending Balance'], [300, 162, '400.00'],
      [40, 190, 'CHECKS PAID', true],
      [40, 200, 'Check', true], [90, 200, 'Date', true], [170, 200, 'Amount', true],
      [250, 200, 'Check', true], [300, 200, 'Date', true], [380, 200, 'Amount', true],
      [40, 212, '101'], [90, 212, '04/02'], [170, 212, '100.00'], [250, 212, '102'], [300, 212, '04/03'], [380, 212, '200.00'],
      [40, 224, '103'], [90, 224, '04/09'], [170, 224, '300.00'],
    ];
    const s = (await convert(await pdf([page]))).statements[0]!;
    expect(s.transactions.map((t) => [t.checkNumber, t.date, t.amount, t.description])).toEqual([
      ['101', '2025-04-02', -10000, 'CHECK 101'],
      ['102', '2025-04-03', -20000, 'CHECK 102'],
      ['103', '2025-04-09', -30000, 'CHECK 103'],
    ]);
  });

  it('splits two accounts into two statements and honours accountseqno, firstpage and yearoverride', async () => {
    const amountHeader: Piece[] = [[40, 200, 'Date', true], [90, 200, 'Description', true], [420, 200, 'Amount', true]];
    const a = statementPage({ account: '111122223333', period: 'May 1, 2025 through May 31, 2025', start: '100.00', end: '90.00', header: amountHeader, rows: [[40, 212, '05/02'], [90, 212, 'FEE'], [420, 212, '-10.00']] });
    const b = statementPage({ account: '999988887777', period: 'May 1, 2025 through May 31, 2025', start: '50.00', end: '75.00', header: amountHeader, rows: [[40, 212, '05/03'], [90, 212, 'DEPOSIT'], [420, 212, '25.00']] });
    const bytes = await pdf([a, b]);
    const doc = await convert(bytes);
    expect(doc.statements.map((s) => [s.accountNumber, s.firstPage, s.transactions.length])).toEqual([['111122223333', 1, 1], ['999988887777', 2, 1]]);
    const options = defaultConversionOptions({ accountseqno: 2 });
    const picked = sequenceStatements(doc, options);
    expect(picked.map((p) => [p.statement.accountNumber, p.accountSequence, p.numAccounts])).toEqual([['999988887777', 1, 2]]);
    const second = await convert(bytes, { firstpage: 2 });
    expect(second.statements.map((s) => s.accountNumber)).toEqual(['999988887777']);
    const moved = await convert(bytes, { yearoverride: 2023, lastpage: 1 });
    expect(moved.statements[0]!.transactions[0]!.date).toBe('2023-05-02');
  });

  it('reads a credit card: previous/new balance negated, payments positive, purchases negative, donegate', async () => {
    const page: Piece[] = [
      [40, 40, 'American Express'], [380, 40, 'Account Ending 01482'], [380, 52, 'Opening/Closing Date 01/01/25 - 01/31/25'],
      [40, 120, 'Previous Balance'], [300, 120, '$500.00'], [40, 132, 'Payments/Credits'], [300, 132, '-$500.00'],
      [40, 144, 'New Charges'], [300, 144, '+$120.00'], [40, 156, 'New Balance'], [300, 156, '=$120.00'],
      [40, 168, 'Minimum Payment Due'], [300, 168, '$35.00'], [40, 180, 'Credit Limit'], [300, 180, '$5,000.00'],
      [40, 200, 'Payments', true], [40, 210, 'Date', true], [90, 210, 'Description', true], [480, 210, 'Amount', true],
      [40, 222, '01/05/25'], [90, 222, 'MOBILE PAYMENT - THANK YOU'], [480, 222, '500.00 CR'],
      [40, 250, 'Purchases', true], [40, 260, 'Date', true], [90, 260, 'Description', true], [480, 260, 'Amount', true],
      [40, 272, '01/09/25'], [90, 272, 'OFFICE DEPOT'], [480, 272, '120.00'],
    ];
    const doc = await convert(await pdf([page]), { accounttype: 'autoDetect' });
    expect(doc.detectedDocType).toBe('Credit Card Statement');
    const s = doc.statements[0]!;
    expect(s).toMatchObject({ accountTypeStr: 'CCard', donegate: true, startBalance: -50000, endBalance: -12000, accountNumber: '01482', bankName: 'American Express' });
    expect(s.transactions.map((t) => t.amount)).toEqual([50000, -12000]);
    expect(s.printedTotals).toEqual({ credits: 50000, debits: 12000 });
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
  it('reads a Spanish statement: month names, decimal commas, IBAN, "saldo anterior/final"', async () => {
    const page: Piece[] = [
      [40, 40, 'Banco Ejemplo'], [380, 40, 'Numero de cuenta: ES12 3456 7890 1234'],
      [380, 52, 'Del 1 de enero de 2025 al 31 de enero de 2025'],
      [40, 150, 'Saldo anterior'], [300, 150, '1.000,00'], [40, 162, 'Saldo final'], [300, 162, '1.234,56'],
      [40, 200, 'Fecha', true], [100, 200, 'Concepto', true], [400, 200, 'Importe', true], [500, 200, 'Saldo', true],
      [40, 212, '15 ene 2025'], [100, 212, 'TRANSFERENCIA RECIBIDA'], [400, 212, '334,56'], [500, 212, '1.334,56'],
      [40, 224, '20/01/2025'], [100, 224, 'RECIBO LUZ'], [400, 224, '-100,00'], [500, 224, '1.234,56'],
    ];
    const s = (await convert(await pdf([page]), { language: 'es' })).statements[0]!;
    expect(s).toMatchObject({ accountNumber: 'ES12345678901234', startDate: '2025-01-01', endDate: '2025-01-31', startBalance: 100000, endBalance: 123456, language: 'es' });
    expect(s.transactions.map((t) => [t.date, t.amount, t.balance])).toEqual([['2025-01-15', 33456, 133456], ['2025-01-20', -10000, 123456]]);
  });
  it('reads a German statement: DD.MM.YYYY dates, "bis" period, Kontostand balances', async () => {
    const page: Piece[] = [
      [40, 40, 'Musterbank AG'], [380, 40, 'Kontonummer: 1234567890'], [380, 52, 'Kontoauszug 01.02.2025 bis 28.02.2025'],
      [40, 150, 'Alter Kontostand'], [300, 150, '2.000,00'], [40, 162, 'Neuer Kontostand'], [300, 162, '1.950,50'],
      [40, 200, 'Buchungstag', true], [110, 200, 'Verwendungszweck', true], [400, 200, 'Betrag', true], [500, 200, 'Saldo', true],
      [40, 212, '03.02.2025'], [110, 212, 'Miete Februar'], [400, 212, '-1.200,00'],
      [40, 224, '15.02.2025'], [110, 224, 'Gehalt'], [400, 224, '1.150,50'], [500, 224, '1.950,50'],
    ];
    const s = (await convert(await pdf([page]), { language: 'de' })).statements[0]!;
    expect(s).toMatchObject({ accountNumber: '1234567890', startDate: '2025-02-01', endDate: '2025-02-28', startBalance: 200000, endBalance: 195050 });
    expect(s.transactions.map((t) => [t.date, t.description, t.amount])).toEqual([['2025-02-03', 'Miete Februar', -120000], ['2025-02-15', 'Gehalt', 115050]]);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});

