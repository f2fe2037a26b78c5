/**
 * Column heads wrapped in their cells (ReportLab's Paragraph heads, a narrow HTML th): a long head
 * set on two lines beside short heads on one, all aligned to the head row's top, middle or
 * bottom. Each line of the heads may read as a header on its own and none is whole: the last
 * one read was taken for the table's heads, its date or amount column missing, and not one row
 * was read (ReportLab sweep 1-500: 5 statements, F1 0). Drawn with our own pen (plain-pdf.ts).
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { formatCents } from '../../src/contract/money.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';
import { f1, readComposed } from '../fixtures/generator/composer/score.js';

const ROWS: [number, string, number][] = [
  [2, 'CLOVER SETTLEMENT MERCH DEP 930608', 133_420],
  [3, 'CARD PURCHASE UBER TRIP HELP.UBER.COM', -2_837],
  [5, 'FORWARD FIN ACH PMT 064682', -219_375],
  [9, 'REMOTE ONLINE DEPOSIT # 8096', 51_544],
  [12, 'LIBERTAS FUNDING ACH 49251672', -88_000],
];
const OPENING = 582_479;

/** A head's piece: its text, its x (its left edge, or its right edge for a right-aligned head), and its line (0 the top). */
type Piece = [text: string, x: number, line: number, right?: boolean];

/** Where the rows print their cells: the date, a value date (or none), the description; the amount's right edge at 440, the balance's at 530. */
interface Places { date: number; desc: number; valueDate?: number }
const DATE_FIRST: Places = { date: 50, desc: 120 };

/** The heads as printed (each piece at its column), then the rows under them. */
async function statement(heads: Piece[], at: Places = DATE_FIRST): Promise<Uint8Array> {
  const pen = await plainPdf();
  pen.text('Harbor Commercial Bank', 50, { bold: true, size: 14 }); pen.down(18);
  pen.text('Business Checking   Account Number: 769011703   Statement period: 02/01/2025 to 02/28/2025', 50, { size: 9 }); pen.down(16);
  pen.text(`Opening balance ${formatCents(OPENING)}`, 50, { size: 9 }); pen.down(13);
  pen.text(`Closing balance ${formatCents(OPENING + ROWS.reduce((n, r) => n + r[2], 0))}`, 50, { size: 9 }); pen.down(24);
  const lines = Math.max(...heads.map((h) => h[2])) + 1;
  for (let k = 0; k < lines; k++) {
    for (const [text, x, line, right] of heads) if (line === k) (right ? pen.right(text, x, { bold: true, size: 8 }) : pen.text(text, x, { bold: true, size: 8 }));
    pen.down(9.6);
  }
  pen.down(8);
  let balance = OPENING;
  for (const [day, words, cents] of ROWS) {
    balance += cents;
    const date = `02/${String(day).padStart(2, '0')}/2025`;
    pen.text(date, at.date, { size: 8 }); pen.text(words, at.desc, { size: 8 });
    if (at.valueDate !== undefined) pen.text(date, at.valueDate, { size: 8 });
    pen.right(formatCents(cents), 440, { size: 8 }); pen.right(formatCents(balance), 530, { size: 8 });
    pen.down(14);
  }
  return pen.save();
}

async function read(bytes: Uint8Array) {
  const doc = await convertDocument({ fileName: 'wrapped-heads.pdf', bytes, options: defaultConversionOptions() });
  const s = doc.statements[0]!;
  return { s, rows: s.transactions.map((t) => [t.date, t.amount, t.description]) };
}

const WANT = ROWS.map(([day, words, cents]) => [`2025-02-${String(day).padStart(2, '0')}`, cents, words]);

describe('column heads wrapped in their cells', () => {
  // Top: "Transaction Description | Booking | Amount | Running" over "Date | Balance" (the
  // description first): the upper line names no date, the lower no description nor amount.
  it('reads the heads of a row aligned to its top as one header', async () => {
    const { s, rows } = await read(await statement([
      ['Transaction Description', 50, 0], ['Booking', 330, 0], ['Amount', 440, 0, true], ['Running', 530, 0, true],
      ['Date', 330, 1], ['Balance', 530, 1, true],
    ], { date: 330, desc: 50 }));
    expect(rows).toEqual(WANT);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  // Middle: "Amount" over "Date | Description | Balance" over "(USD)": the middle line read as
  // the heads, without an amount column.
  it('reads the heads of a row aligned to its middle as one header', async () => {
    const { s, rows } = await read(await statement([
      ['Amount', 440, 0, true],
      ['Date', 50, 1], ['Description', 120, 1], ['Balance', 530, 1, true],
      ['(USD)', 440, 2, true],
    ]));
    expect(rows).toEqual(WANT);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  // Bottom: "Date | Date | Montant" over "d'opération | valeur | Libellé | (EUR) | Solde (€)":
  // both lines read as heads, the lower last, without the transaction date's column (its word
  // on the line above) nor the amount's.
  it('reads the heads of a row aligned to its bottom as one header', async () => {
    const { s, rows } = await read(await statement([
      ['Date', 50, 0], ['Date', 110, 0], ['Montant', 440, 0, true],
      ["d'opération", 50, 1], ['valeur', 110, 1], ['Libellé', 170, 1], ['(EUR)', 440, 1, true], ['Solde (€)', 530, 1, true],
    ], { date: 50, valueDate: 110, desc: 170 }));
    expect(rows).toEqual(WANT);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});

describe('a balance brought forward in whole units right under the heads', () => {
  // "Booking Date | Ref. No. | Transaction Details | Amount (INR) | Balance (INR)" over
  // "Balance b/f | 169,110 CR" atop each page of a statement in whole rupees: the b/f line held no
  // decimal figure, so it read as a second line of wrapped heads; its "Balance" and "CR" made a
  // balance column over the descriptions and a credit column over the balances' marks, and every
  // row of the page after lost its balance (sweep.ts --traits monthSections+wholeUnits seed 7091:
  // F1 0.608, unreconciled).
  it('reads it as no line of the heads (composed seed 7091)', async () => {
    const r = await readComposed(7091, { monthSections: true, wholeUnits: true });
    expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    expect(f1(r.match)).toBe(1);
  });
});
