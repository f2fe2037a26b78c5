/**
 * A scan's row whose amount lost its leading digits ("€6.521,02" read ".521,02" at Times 7 pt:
 * the euro mark and the digit after it one glyph) on a row printing no balance of its own: it
 * was dropped as a dated line with no amount. Its amount is now what the printed balances around
 * it leave, taken only where that figure ends in the digits the cell still shows
 * (pdf/lost-lead-figures.ts); flagged (confidence 0). Real scans of composed statements.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';
import { mendLostLeadFigures, type LostRow } from '../../src/engine/pdf/lost-lead-figures.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const money = (cents: number) => ({ cents, explicit: false, marker: null });
const row = (description: string, figures: Partial<LostRow>): LostRow => ({ description: [description], sectionSign: null, ...figures });

describe('an amount whose leading digits OCR lost, from the balances around it', () => {
  it('composed 6 scanned at 300 dpi: the first row (".521,02", no balance of its own) read as 6,521.02 from the opening and the next balance, flagged', async () => {
    // Before: the row was dropped (F1 0.750 on the recorded words; 0.846 after, with a second
    // row whose own balance its row above did not print to vouch for).
    const r = await readScannedComposed(6, 300);
    expect(r.silent).toEqual([]);
    const first = r.doc.statements[0]!.transactions.find((t) => t.date === '2024-11-20' && t.amount === 652102);
    expect(first?.amountConfidence).toBe(0);
  });

  it('takes the figure only where its printed tail agrees, one unknown between two balances', () => {
    const rows = [
      row('ABOVE', { debit: money(10000), balance: money(100000) }),
      row('NEXT', { debit: money(20000), balance: money(732102) }),
    ];
    const lost = row('LOST', { amountUnread: 'credit', amountUnreadText: '.521,02' });
    const notes = ['LOST'];
    expect(mendLostLeadFigures(rows, [{ at: 1, row: lost }], 0, notes)).toBe(1);
    expect(rows.map((r) => r.description[0])).toEqual(['ABOVE', 'LOST', 'NEXT']);
    expect(lost.credit?.cents).toBe(652102);
    expect(lost.amountFromBalances).toBe(true);
    expect(notes).toEqual([]);

    // A tail the balances' figure does not end in (a row lost too, a balance misread): left out.
    const again = [row('ABOVE', { debit: money(10000), balance: money(100000) }), row('NEXT', { debit: money(20000), balance: money(732102) })];
    expect(mendLostLeadFigures(again, [{ at: 1, row: row('LOST', { amountUnread: 'credit', amountUnreadText: '.521,07' }) }], 0, [])).toBe(0);
    // Two rows lost between the same balances: one sum, two figures: both left out.
    const two = [row('ABOVE', { debit: money(10000), balance: money(100000) }), row('NEXT', { debit: money(20000), balance: money(732102) })];
    expect(mendLostLeadFigures(two, [{ at: 1, row: row('A', { amountUnread: 'credit', amountUnreadText: '.521,02' }) }, { at: 1, row: row('B', { amountUnread: 'credit', amountUnreadText: '.000,00' }) }], 0, [])).toBe(0);
    // The figure moving against its column (a debit column's row the balances raise): left out.
    const against = [row('ABOVE', { debit: money(10000), balance: money(100000) }), row('NEXT', { debit: money(20000), balance: money(732102) })];
    expect(mendLostLeadFigures(against, [{ at: 1, row: row('LOST', { amountUnread: 'debit', amountUnreadText: '.521,02' }) }], 0, [])).toBe(0);
  });
});
