/**
 * A value date printed under the row's booking date in the same cell, a point smaller (pdfmake's
 * stacked cells, as online banking exports them), dates printed once per day. Alone on its line
 * the value date read as a day's heading, and the day's later rows took its day, the day before
 * the next booking date's; beside a wrapped description's second line it began a dated row
 * without figures, which took the row's last words (pdfmake-sweep.ts seed 16: F1 0.70). A date
 * under a row's date in smaller type is that row's second date (pdf/stacked-dates.ts). So it is
 * in a table set in the middle of its cells (pdfmake's verticalAlignment 'middle'), where a row's
 * figures print halfway between its two dates: the date above the value date is over the line of
 * figures, and the value date beside the description's second line began a row of its own, which
 * took that line (pdfmake-sweep.ts seeds 56, 59). Drawn with our pen.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

const SIZE = 10, PITCH = 8, ROW_GAP = 4.5;
const DATE_X = 46, DESC_X = 124, DEBIT_R = 422, CREDIT_R = 500, BALANCE_R = 566;
/** Rows: day (the booking date printed on a day's first row only), description lines, cents. */
const ROWS: [number, string[], number][] = [
  [2, ['AMAZON MARKETPLACE PAYMENTS 008581355'], 703_406],
  [2, ['CREDIBLY PAYMENT 090626923'], -33_600],
  [3, ['SQUARE INC DES:SQ250603 ID:T3833153', 'INDN:NORTHSIDE AUTO R CO ID:9424300002', 'CCD'], 779_827],
  [3, ['DEPOSIT'], 656_816],
  [3, ['CREDIBLY PAYMENT 65042867'], -33_600],
  [4, ['DEPOSIT'], 351_113],
  [4, ['CREDIBLY PAYMENT 2098006'], -33_600],
  [4, ['ZELLE PAYMENT TO WESTSIDE PROPERTIES LLC', '64081973'], -481_896],
  [5, ['CREDIBLY PAYMENT 665510631'], -33_600],
  [5, ['ONDECK CAPITAL DEBIT 74795983'], -366_425],
];
const OPENING = 2_860_866;
const figure = (c: number) => `${Math.floor(Math.abs(c) / 100).toLocaleString('de-DE')},${String(Math.abs(c) % 100).padStart(2, '0')}`;
const date = (d: number) => `${String(d).padStart(2, '0')}-06-25`;

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  const closing = OPENING + ROWS.reduce((n, r) => n + r[2], 0);
  pen.text('Banco Meridional', 40, { bold: true, size: 14 }); pen.down(24);
  pen.text('Cuenta corriente empresas', 40, { size: SIZE }); pen.down(12);
  pen.text('Número de cuenta: 6696020216', 40, { size: SIZE }); pen.down(12);
  pen.text('Período: 01-06-2025 al 30-06-2025', 40, { size: SIZE }); pen.down(12);
  pen.text('Saldo inicial', 40, { size: SIZE }); pen.right(figure(OPENING), 300, { size: SIZE }); pen.down(12);
  pen.text('Saldo final', 40, { size: SIZE }); pen.right(figure(closing), 300, { size: SIZE }); pen.down(24);
  pen.text('Fecha Oper.', DATE_X, { size: SIZE, bold: true }); pen.text('Concepto / Descripción', DESC_X, { size: SIZE, bold: true });
  pen.right('Debe', DEBIT_R, { size: SIZE, bold: true }); pen.right('Abono', CREDIT_R, { size: SIZE, bold: true }); pen.right('Saldo', BALANCE_R, { size: SIZE, bold: true }); pen.down(14);
  let balance = OPENING, day = 0;
  for (const [d, lines, cents] of ROWS) {
    balance += cents;
    const dated = d !== day;
    day = d;
    // The booking date, the description's first line and the figures; the value date, a point
    // smaller, 7.2 pt under the booking date, the description's next line 8 pt under its first.
    if (dated) pen.text(date(d), DATE_X, { size: SIZE });
    pen.text(lines[0]!, DESC_X, { size: SIZE });
    pen.right(figure(cents), cents < 0 ? DEBIT_R : CREDIT_R, { size: SIZE }); pen.right(figure(balance), BALANCE_R, { size: SIZE });
    if (dated) { pen.down(7.2); pen.text(date(d), DATE_X, { size: SIZE - 1 }); pen.down(-7.2); }
    for (const more of lines.slice(1)) { pen.down(PITCH); pen.text(more, DESC_X, { size: SIZE }); }
    // The row as tall as its description's lines or its two dates, then the cells' padding.
    const height = Math.max(lines.length, dated ? 2 : 1) * PITCH + ROW_GAP;
    pen.down(height - (lines.length - 1) * PITCH);
  }
  return pen.save();
}

describe('a value date under the booking date, a point smaller', () => {
  it('is the row\'s second date: no day heading, no row, no word', async () => {
    const doc = await convertDocument({ fileName: 'x.pdf', bytes: await statement(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(ROWS.map(([d, lines, c]) => [`2025-06-${String(d).padStart(2, '0')}`, c, lines.join(' ')]));
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});

/** Rows set in the middle of their cells: day, a reference, description lines (one or two), cents. */
const MIDDLE_ROWS: [number, string, string[], number][] = [
  [2, '973265', ['ZELLE PAYMENT FROM JOHN MARTINEZ 565224'], 381_895],
  [2, '559286', ['AT&T BILL PAYMENT 721504024'], -86_879],
  [3, '201518', ['ORIG CO NAME:SQUARE INC ORIG ID:9424300002 DESC DATE:250603 CO ENTRY', 'DESCR:SQ250603'], 528_766],
  [4, '728396', ['DEPOSIT'], 346_910],
  [4, '181465', ['FORWARD FIN ACH PMT 0372027'], -398_000],
  [5, '330127', ['ZELLE PAYMENT TO WESTSIDE PROPERTIES LLC 64081973 FOR INVOICE', 'JUNE 2025'], -481_896],
  [6, '771045', ['CREDIBLY PAYMENT 665510631'], -33_600],
  [9, '176610', ['GUSTO PAYROLL 250609 71612718'], -270_111],
  [10, '594412', ['STRIPE TRANSFER ST-2501599963 NORTHSIDE AUTO R'], 1_999_185],
  [11, '294022', ['NEXT INSURANCE PREMIUM 196994407'], -124_772],
];

/** A date without its year (the period gives it), as pdfmake-sweep.ts seed 56 prints them. */
const dayMonth = (d: number) => `${String(d).padStart(2, '0')}-Juni`;

async function middleStatement(): Promise<Uint8Array> {
  const SMALL = 8, REF_X = 101, DESC2_X = 141, AMOUNT_R = 510, LINE = 8, PAD = 6;
  const pen = await plainPdf();
  const closing = OPENING + MIDDLE_ROWS.reduce((n, r) => n + r[3], 0);
  pen.text('Rheinische Handelsbank', 40, { bold: true, size: 14 }); pen.down(24);
  pen.text('Kontoauszug Girokonto', 40, { size: SMALL }); pen.down(12);
  pen.text('Konto-Nr.: 6696020216', 40, { size: SMALL }); pen.down(12);
  pen.text('Zeitraum: 01-06-2025 bis 30-06-2025', 40, { size: SMALL }); pen.down(12);
  pen.text('Anfangssaldo', 40, { size: SMALL }); pen.right(figure(OPENING), 300, { size: SMALL }); pen.down(12);
  pen.text('Endsaldo', 40, { size: SMALL }); pen.right(figure(closing), 300, { size: SMALL }); pen.down(24);
  pen.text('Datum', DATE_X, { size: SMALL, bold: true }); pen.text('Referenz', REF_X, { size: SMALL, bold: true }); pen.text('Verwendungszweck', DESC2_X, { size: SMALL, bold: true });
  pen.right('Betrag', AMOUNT_R, { size: SMALL, bold: true }); pen.down(16);
  for (const [d, ref, lines, cents] of MIDDLE_ROWS) {
    const signed = `${cents < 0 ? '-' : ''}${figure(cents)}`;
    // The two dates' cell and the description's are each centred on the row: a one-line
    // description beside the figures, between the dates; a two-line one beside the dates, the
    // figures and the reference halfway between its lines.
    pen.text(dayMonth(d), DATE_X, { size: SMALL });
    if (lines.length === 2) pen.text(lines[0]!, DESC2_X, { size: SMALL });
    pen.down(LINE / 2);
    pen.text(ref, REF_X, { size: SMALL });
    if (lines.length === 1) pen.text(lines[0]!, DESC2_X, { size: SMALL });
    pen.right(signed, AMOUNT_R, { size: SMALL });
    pen.down(LINE / 2);
    pen.text(dayMonth(d), DATE_X, { size: SMALL - 1 });
    if (lines.length === 2) pen.text(lines[1]!, DESC2_X, { size: SMALL });
    pen.down(LINE + 2 * PAD);
  }
  return pen.save();
}

describe('a value date under the booking date, figures between them (cells set in the middle)', () => {
  it('is the row\'s second date: the description\'s second line is the row\'s', async () => {
    const doc = await convertDocument({ fileName: 'x.pdf', bytes: await middleStatement(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(MIDDLE_ROWS.map(([d, , lines, c]) => [`2025-06-${String(d).padStart(2, '0')}`, c, lines.join(' ')]));
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});
