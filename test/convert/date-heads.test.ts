/**
 * The date heads of src/engine/data/labels.ts (DATE_HEADS), by example: a table printing a
 * posting date before the transaction's dates its rows by the second; "Booking Date | Value
 * Date" (no transaction head) by the first. The whole reading is guarded by the composed card
 * statements (pdf-composed-cards.test.ts, posting date first).
 */
import { describe, expect, it } from 'vitest';
import { headerColumns } from '../../src/engine/pdf/header-row.js';
import { compact, type Line } from '../../src/engine/pdf/lines.js';

/** A header line of cells 90 pt apart. */
function header(...heads: string[]): Line {
  const cells = heads.map((text, i) => ({ text, x0: 40 + i * 90, x1: 40 + i * 90 + text.length * 4.5, bold: true }));
  const text = heads.join('  ');
  return { text, key: compact(text), cells, page: 1, y: 100, x0: 40, x1: cells.at(-1)!.x1, size: 8 } as unknown as Line;
}

const txnDateHead = (l: Line) => headerColumns(l)?.find((c) => c.transactionDate)?.head ?? null;

describe('date heads', () => {
  it.each([
    ['Post Date', 'Trans Date', 'Description', 'Amount'],
    ['Posting Date', 'Transaction Date', 'Details', 'Amount'],
    ['Fecha valor', 'Fecha operación', 'Concepto', 'Importe'],
    ["Date d'inscription", 'Date de transaction', 'Libellé', 'Montant'],
    ['Buchungsdatum', 'Belegdatum', 'Buchungstext', 'Betrag'],
  ])('%s before %s: the rows are dated by the second', (...heads) => {
    expect(txnDateHead(header(...heads))).toBe(compact(heads[1]!));
  });

  it.each([
    ['Trans Date', 'Post Date', 'Description', 'Amount'],
    ['Booking Date', 'Value Date', 'Description', 'Amount'],
    ['Date', 'Posted', 'Description', 'Amount'],
  ])('%s before %s: the rows are dated by the first', (...heads) => {
    expect(headerColumns(header(...heads))).not.toBeNull();
    expect(txnDateHead(header(...heads))).toBeNull();
  });
});
