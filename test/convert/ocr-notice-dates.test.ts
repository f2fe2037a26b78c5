/**
 * A scan's row date misread as the next day and still in order with the rows around it ("25/02/25"
 * read "26/02/25" at 89 between a row of the 25th and one of the 26th) was taken as read: the
 * statement reconciled with the row a day off and nothing said. A dated line with no amount
 * printed right under it ("25/02/25 CARTAO SUBSTITUIDO", a notice with its balance) tells it:
 * the notice, dated before the row above it, lies between that row's neighbours, so the row's
 * date is read as garbled and flagged (pdf/dates-out-of-order.ts againstNotices).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { LOW_CONFIDENCE } from '../../src/engine/ocr/limits.js';
import { flagDatesOutOfOrder, type OrderedRow } from '../../src/engine/pdf/dates-out-of-order.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const fax = CAPTURE_TRAITS.find((t) => t.name === 'fax-150')!.options;
const iso = (d: { month: number; day: number }) => `2025-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
const row = (day: number, notices: number[] = []): OrderedRow => ({
  date: { year: 2025, month: 2, day }, ownDate: true, dateCell: `${day}/02/25`, table: 1,
  ...(notices.length ? { noticeDates: notices.map((d) => ({ year: 2025, month: 2, day: d })) } : {}),
});

describe('row dates against the dated notices beside them', () => {
  it('a row dated after the notice right under it, the notice in order with the rows around, is flagged and takes the date above', () => {
    const rows = [row(20), row(21), row(24), row(25), row(26, [25]), row(26), row(27)];
    expect(flagDatesOutOfOrder(rows, iso)).toBe(1);
    expect(rows[4]!.dateUnread).toBe(true);
    expect(rows[4]!.date.day).toBe(25);
    expect(rows.filter((r) => r.dateUnread)).toHaveLength(1);
  });

  it('a row dated before the notice right above it is flagged; notices in order flag nothing', () => {
    const rows = [row(10), row(11, [12]), row(11), row(12), row(13, [13]), row(14)];
    expect(flagDatesOutOfOrder(rows, iso)).toBe(1);
    expect(rows[2]!.dateUnread).toBe(true);
    const clean = [row(10), row(11, [11]), row(12, [13]), row(13), row(14)];
    expect(flagDatesOutOfOrder(clean, iso)).toBe(0);
  });

  it('a notice out of order with the rows around it is no evidence against the row', () => {
    // The notice's 3rd lies before the row above's 11th: the notice is the misread one.
    const rows = [row(10), row(11), row(12, [3]), row(13), row(14)];
    expect(flagDatesOutOfOrder(rows, iso)).toBe(0);
  });

  it('composed 1316 faxed at 150 dpi: the row of the 25th read "26/02/25" above the notice of the 25th is flagged, nothing silently wrong', async () => {
    // Before: dated the 26th at 85, the statement reconciled, one row silently wrong.
    const r = await readScannedComposed(1316, 300, {}, fax);
    expect(r.silent).toEqual([]);
    const rows = r.doc.statements[0]!.transactions;
    const k = rows.findIndex((t) => t.description.includes('2447793'));
    expect(k).toBeGreaterThan(0);
    if (rows[k]!.date !== '2025-02-25') expect(rows[k]!.amountConfidence).toBeLessThan(LOW_CONFIDENCE);
  });
});
