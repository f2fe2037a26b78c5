/**
 * A date column and the column after it a cell's padding apart (jsPDF's autoTable pads a cell
 * 2.5 pt each side: 5 pt, half an em at 10 pt, under the gap at which a line's words make one
 * cell), so pdf.js hands a row's date and the next column's value over as one run:
 * - a date and a reference, "2025/02/03 218976" under "Date | Référence": the reference was
 *   read as every row's first word (jsPDF seed 68), and where the rows are centred on their
 *   wrapped descriptions the line was no line of values, so a row's two description lines went
 *   to its neighbours (seed 141);
 * - a booking and a value date with two-digit years beside a month's name, "20 nov 24 20 nov 24":
 *   no pair of dates, so a row centred on its two description lines gave its first line to the
 *   row above (seed 93).
 * Such a cell is two cells (pdf/paired-dates.ts). Drawn with our pen, as one string.
 * - a date and a description set a padding after it (pdfmake pads a cell 3 pt each side: 0.68 em
 *   at 10 pt, under the gap at which a line's words make one cell), "03-Feb.-2025 CO
 *   ID:9424300002 CCD", with the value date under the date in smaller type: no date column's
 *   date, so the value date was no second date and began a row, and every row's description went
 *   to its neighbour (pdfmake seed 39). Text further after a whole date than one of its glyphs is
 *   the next column's (pdf/lines.ts). Drawn as two strings.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

const SIZE = 9, PAD = 2.5;
const DATE_X = 43, AMOUNT_R = 520, BALANCE_R = 575;
/** Rows: day, description (two lines: the values centred between them where `centred`), cents. */
const ROWS: [number, string | [string, string], number][] = [
  [3, 'CLOVER SETTLEMENT MERCH DEP 03562154', 145_568],
  [3, ['ONLINE PAYMENT TO ACCT 4410-22 FOR INV 1043', 'BLUE RIDGE SUPPLY INC PO 88213'], -245_983],
  [5, 'ONDECK CAPITAL DEBIT 157118', -327_775],
  [6, ['ZELLE PAYMENT FROM JOHN MARTINEZ', '40586737'], 584_889],
  [7, 'PAYCHEX PAYROLL 56556800', -103_977],
  [10, ['CARD PURCHASE 02/10 HOME DEPOT #6812', 'BROOKLYN NY CARD 9296'], -34_644],
];
const OPENING = 2_809_325;
const figure = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100).toLocaleString('de-DE')},${String(Math.abs(c) % 100).padStart(2, '0')}`;
const MONTHS = ['jan', 'feb', 'mrt'];
/** What the cell left of the descriptions prints: a date and a reference, or two dates with two-digit years. */
const CELLS = {
  reference: (d: number, i: number) => `2025/02/${String(d).padStart(2, '0')} ${218_976 + 7_919 * i}`,
  twoDates: (d: number) => `${String(d).padStart(2, '0')} ${MONTHS[1]} 25 ${String(d).padStart(2, '0')} ${MONTHS[1]} 25`,
};

async function statement(kind: keyof typeof CELLS, centred: boolean): Promise<Uint8Array> {
  const pen = await plainPdf();
  const cell = CELLS[kind];
  // The descriptions start where the widest such cell and both paddings end.
  const DESC_X = DATE_X + pen.width(cell(28, 5), { size: SIZE }) + 2 * PAD + 12;
  const closing = OPENING + ROWS.reduce((n, r) => n + r[2], 0);
  pen.text('Polderbank', 40, { bold: true, size: 14 }); pen.down(24);
  pen.text('Betaalrekening', 40, { size: SIZE }); pen.down(14);
  pen.text('Rekeningnummer: 934544634239', 40, { size: SIZE }); pen.down(14);
  pen.text('Periode: 01 feb 2025 tot en met 28 feb 2025', 40, { size: SIZE }); pen.down(14);
  pen.text('Beginsaldo', 40, { size: SIZE }); pen.right(figure(OPENING), 300, { size: SIZE }); pen.down(14);
  pen.text('Nieuw saldo', 40, { size: SIZE }); pen.right(figure(closing), 300, { size: SIZE }); pen.down(30);
  pen.text('Datum', DATE_X, { size: SIZE, bold: true });
  pen.text(kind === 'reference' ? 'Kenmerk' : 'Valutadatum', DATE_X + pen.width(cell(28, 5).split(' ').slice(0, kind === 'reference' ? 1 : 3).join(' '), { size: SIZE }) + 2 * PAD, { size: SIZE, bold: true });
  pen.text('Omschrijving', DESC_X, { size: SIZE, bold: true });
  pen.right('Bedrag', AMOUNT_R, { size: SIZE, bold: true }); pen.right('Saldo', BALANCE_R, { size: SIZE, bold: true }); pen.down(17);
  let balance = OPENING;
  ROWS.forEach(([day, desc, cents], i) => {
    balance += cents;
    const lines = typeof desc === 'string' ? [desc] : desc;
    // Centred: a two-line row prints its values halfway between its lines; else on its first.
    if (lines.length === 2 && centred) { pen.down(-5); pen.text(lines[0]!, DESC_X, { size: SIZE }); pen.down(10); pen.text(lines[1]!, DESC_X, { size: SIZE }); pen.down(-5); }
    else pen.text(lines[0]!, DESC_X, { size: SIZE });
    pen.text(cell(day, i), DATE_X, { size: SIZE });
    pen.right(figure(cents), AMOUNT_R, { size: SIZE }); pen.right(figure(balance), BALANCE_R, { size: SIZE });
    if (lines.length === 2 && !centred) { pen.down(10); pen.text(lines[1]!, DESC_X, { size: SIZE }); }
    pen.down(17);
  });
  return pen.save();
}

describe('a date run together with the next column\'s value', () => {
  for (const [kind, centred] of [['reference', false], ['reference', true], ['twoDates', true]] as const) {
    it(`is the row's date, no word of its description (${kind === 'reference' ? 'a reference after it' : 'two dates, two-digit years'}, ${centred ? 'rows centred on their lines' : 'rows on their first line'})`, async () => {
      const doc = await convertDocument({ fileName: 'x.pdf', bytes: await statement(kind, centred), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
      const s = doc.statements[0]!;
      expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(ROWS.map(([d, desc, c]) => [`2025-02-${String(d).padStart(2, '0')}`, c, typeof desc === 'string' ? desc : desc.join(' ')]));
      expect(reconcile(s, 0).reconciled).toBe(true);
    });
  }
});

/** Rows of two lines: the date and the description's first line; the value date, the reference and the figure. */
const PADDED_ROWS: [number, string, string, number][] = [
  [3, 'SQUARE INC DES:SQ250203 ID:T3880758557', '995376', 770_768],
  [4, 'STRIPE TRANSFER ST-416829 GREENLEAF LANDSC', '530826', 447_259],
  [4, 'CARD PURCHASE 02/04 COSTCO WHSE #0234', '707107', -74_90],
  [5, 'ZELLE PAYMENT TO WESTSIDE PROPERTIES LLC', '925942', -907_736],
  [7, 'PAYPAL TRANSFER 100017066968', '350902', 120_455],
  [7, 'FUNDKITE LLC COLLECTION 042298536', '517899', -256_900],
];

async function paddedStatement(): Promise<Uint8Array> {
  const SIZE10 = 10, DEBIT_R = 502, CREDIT_R = 552;
  const pen = await plainPdf();
  const day = (d: number) => `${String(d).padStart(2, '0')}-Feb.-2025`;
  // The description's column starts 0.68 em after the widest date (two cells' padding, 3 pt each, and a little).
  const DESC_X = DATE_X + pen.width(day(28), { size: SIZE10 }) + 0.68 * SIZE10;
  const total = (sign: number) => PADDED_ROWS.filter((r) => Math.sign(r[3]) === sign).reduce((n, r) => n + Math.abs(r[3]), 0);
  pen.text('Talgrunder Genossenschaftsbank eG', 40, { bold: true, size: 14 }); pen.down(24);
  pen.text('Kontoauszug Girokonto', 40, { size: SIZE10 }); pen.down(14);
  pen.text('Konto-Nr.: 148233891385', 40, { size: SIZE10 }); pen.down(14);
  pen.text('Zeitraum: 01-Feb.-2025 bis 28-Feb.-2025', 40, { size: SIZE10 }); pen.down(14);
  pen.text('Anfangssaldo', 40, { size: SIZE10 }); pen.right(figure(OPENING), 300, { size: SIZE10 }); pen.down(14);
  pen.text('Summe Haben', 40, { size: SIZE10 }); pen.right(figure(total(1)), 300, { size: SIZE10 }); pen.down(14);
  pen.text('Summe Soll', 40, { size: SIZE10 }); pen.right(figure(total(-1)), 300, { size: SIZE10 }); pen.down(14);
  pen.text('Endsaldo', 40, { size: SIZE10 }); pen.right(figure(OPENING + total(1) - total(-1)), 300, { size: SIZE10 }); pen.down(30);
  pen.text('Buchungstag', DATE_X, { size: SIZE10, bold: true }); pen.text('Verwendungszweck', DESC_X, { size: SIZE10, bold: true });
  pen.right('Lastschrift', DEBIT_R, { size: SIZE10, bold: true }); pen.right('Haben', CREDIT_R, { size: SIZE10, bold: true }); pen.down(16);
  for (const [d, desc, ref, cents] of PADDED_ROWS) {
    pen.text(day(d), DATE_X, { size: SIZE10 }); pen.text(desc, DESC_X, { size: SIZE10 }); pen.down(12);
    pen.text(day(d), DATE_X, { size: SIZE10 - 1 }); pen.text(ref, DESC_X, { size: SIZE10 });
    pen.right(figure(Math.abs(cents)), cents < 0 ? DEBIT_R : CREDIT_R, { size: SIZE10 }); pen.down(15);
  }
  return pen.save();
}

describe('a description set a cell\'s padding after the date', () => {
  it('is no part of the date\'s cell: the value date under it is the row\'s second', async () => {
    const doc = await convertDocument({ fileName: 'x.pdf', bytes: await paddedStatement(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(PADDED_ROWS.map(([d, desc, ref, c]) => [`2025-02-${String(d).padStart(2, '0')}`, c, `${desc} ${ref}`]));
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});
