/**
 * A booking and a value date in columns only a cell's padding apart: jsPDF's autoTable pads a
 * cell 2.5 pt each side, so "02-Juni-2025" under "Valuta" ends 5 pt (half an em at 10 pt) before
 * the same date under "Buchung" starts, under the gap at which a line's words make one cell, and
 * pdf.js hands the two over as one run, "02-Juni-2025 02-Juni-2025". In a table that prints the
 * description first, that cell was no date of either column: the rows lost their dates, took the
 * line above's as their descriptions, and the statement did not reconcile (jspdf-sweep.ts seed 9:
 * F1 0.26); nor was a line of such dates and figures centred between a wrapped description's two
 * lines one of figures alone, and the description's first line was lost. A cell of two dates with
 * their years is two cells (pdf/paired-dates.ts). Drawn with our pen, each date as an item of its
 * own or both as one string.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

const SIZE = 10, PAD = 2.5;
const DESC_X = 43, VALUE_X = 309, AMOUNT_R = 535, BALANCE_R = 595;
/** Rows: day, description (two lines: the dates and figures centred between them), cents. */
const ROWS: [number, string | [string, string], number][] = [
  [2, 'SHOPIFY PAYOUT TRANSFER 72136306', 453_010],
  [4, ['ZELLE PAYMENT TO WESTSIDE PROPERTIES LLC', '869854'], -861_064],
  [5, 'FORWARD FIN ACH PMT 8196386', -247_300],
  [6, 'PAYCHEX PAYROLL 2721602399', -1_039_777],
  [12, 'REMOTE ONLINE DEPOSIT # 2704', 944_632],
  [13, 'CHECK 5921', -137_253],
];
const OPENING = 2_927_456;
const figure = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100).toLocaleString('en-US').replace(/,/g, "'")}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
const DATES = {
  named: (d: number) => `${String(d).padStart(2, '0')}-Juni-2025`,
  numeric: (d: number) => `${String(d).padStart(2, '0')}.06.2025`,
};

async function statement(style: keyof typeof DATES, oneString: boolean, ref = false): Promise<Uint8Array> {
  const pen = await plainPdf();
  const date = DATES[style];
  // The booking date's column starts where the value date's widest cell and both paddings end.
  const BOOKING_X = VALUE_X + pen.width(date(30), { size: SIZE }) + 2 * PAD;
  const REF_X = BOOKING_X + pen.width(date(30), { size: SIZE }) + 2 * PAD;
  const closing = OPENING + ROWS.reduce((n, r) => n + r[2], 0);
  pen.text('Talgrunder Genossenschaftsbank eG', 40, { bold: true, size: 14 }); pen.down(24);
  pen.text('Kontoauszug Girokonto', 40, { size: SIZE }); pen.down(14);
  pen.text('Konto-Nr.: 148233891385', 40, { size: SIZE }); pen.down(14);
  pen.text(`Auszugszeitraum: ${date(1)} bis ${date(30)}`, 40, { size: SIZE }); pen.down(14);
  pen.text('Saldo alt', 40, { size: SIZE }); pen.right(figure(OPENING), 300, { size: SIZE }); pen.down(14);
  pen.text('Saldo neu', 40, { size: SIZE }); pen.right(figure(closing), 300, { size: SIZE }); pen.down(30);
  pen.text('Vorgang', DESC_X, { size: SIZE, bold: true }); pen.text('Valuta', VALUE_X, { size: SIZE, bold: true }); pen.text('Buchung', BOOKING_X, { size: SIZE, bold: true });
  if (ref) pen.text('Ref.', REF_X, { size: SIZE, bold: true });
  pen.right('Betrag', AMOUNT_R, { size: SIZE, bold: true }); pen.right('Saldo CHF', BALANCE_R, { size: SIZE, bold: true }); pen.down(17);
  let balance = OPENING;
  for (const [day, desc, cents] of ROWS) {
    balance += cents;
    if (typeof desc !== 'string') { pen.down(-6); pen.text(desc[0], DESC_X, { size: SIZE }); pen.down(12); pen.text(desc[1], DESC_X, { size: SIZE }); pen.down(-6); }
    else pen.text(desc, DESC_X, { size: SIZE });
    if (oneString) pen.text(`${date(day)} ${date(day)}${ref ? ` ${257_400 + day}` : ''}`, VALUE_X, { size: SIZE });
    else { pen.text(date(day), VALUE_X, { size: SIZE }); pen.text(date(day), BOOKING_X, { size: SIZE }); }
    pen.right(figure(cents), AMOUNT_R, { size: SIZE }); pen.right(figure(balance), BALANCE_R, { size: SIZE }); pen.down(17);
  }
  return pen.save();
}

describe('two dates a cell\'s padding apart, after the description', () => {
  for (const [style, oneString, ref] of [['named', false, false], ['named', true, false], ['numeric', false, false], ['numeric', true, false], ['named', true, true]] as const) {
    it(`are the row's dates (${style} months, ${oneString ? 'one string' : 'an item each'}${ref ? ', a reference after them' : ''})`, async () => {
      const doc = await convertDocument({ fileName: 'x.pdf', bytes: await statement(style, oneString, ref), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
      const s = doc.statements[0]!;
      expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(ROWS.map(([d, desc, c]) => [`2025-06-${String(d).padStart(2, '0')}`, c, typeof desc === 'string' ? desc : desc.join(' ')]));
      expect(reconcile(s, 0).reconciled).toBe(true);
    });
  }
});
