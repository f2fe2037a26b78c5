/**
 * Date cells a scan garbled, read as the dates they print or flagged, never given the row
 * above's date silently (scan7 branch; figures in docs/ocr.md, "Courier at 9 pt, date cells
 * read again"). By example, on OCR words laid out as a page (the reader exactly as it reads a
 * scan's page) and on the column reread with a stand-in for the checking engine:
 * - a date whose digits were read as lookalike letters ("1l-giu" for "11-giu", composed scan
 *   216), taken as those digits only as a date of its column's shape between its neighbours;
 * - a speck's mark read before a month name ("‘Dec 27,", "-Dec 24,": Courier at 9 pt, 138);
 * - a dash read as a tilde or an equals sign ("17-6~25", "3=6-25", "23-6~-25": 174);
 * - a garbled date under a date head printed right of the descriptions ("+8 feb": 53), flagged
 *   as the one left of them is; marks alone under the date head ("|") are no date read wrong.
 */
import { describe, expect, it } from 'vitest';
import type { PdfText } from '../../src/engine/pdf/extract.js';
import type { TextItem } from '../../src/engine/pdf/text-item.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { asDigits, rereadColumnCells } from '../../src/engine/ocr/column-cells.js';
import { monthOfDate, pageFromWords } from '../../src/engine/ocr/words.js';
import type { OcrWord } from '../../src/engine/ocr/tesseract.js';
import type { Gray } from '../../src/engine/ocr/clean.js';

const SIZE = 9;
const width = (s: string) => s.length * SIZE * 0.5;
type Cells = [number, string][];
function text(lines: [number, Cells][]): PdfText {
  const items: TextItem[] = lines.flatMap(([y, cells]) => cells.map(([x, str]) => ({ str, x, y, w: width(str), size: SIZE, font: 'OCR', conf: 92 })));
  return { pages: [{ page: 1, width: 612, height: 792, items }], info: { producer: 'scanner', cdate: '', mdate: '', pagecount: 1, image: true, ocrPages: [1] } };
}
const read = (t: PdfText) => readStatements({ fileName: 'scan.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, t);
const rows = (t: PdfText) => read(t).statements.flatMap((s) => s.transactions.map((x) => [x.date, x.amount, (x.amountConfidence ?? 100) < 80]));

const head: [number, Cells][] = [
  [40, [[40, 'Harbourline Bank'], [400, 'Account Statement']]],
  [54, [[40, 'Account Number: 4410227391']]],
  [68, [[40, 'Statement Period: 06/01/2025 - 06/30/2025']]],
  [100, [[40, 'Opening Balance'], [200, '5.00']]],
  [114, [[40, 'Closing Balance'], [200, '1,605.00']]],
];

describe('a date with its dash read as another mark', () => {
  const page = (date: string): [number, Cells][] => [
    ...head,
    [150, [[40, 'Date'], [110, 'Description'], [380, 'Amount'], [480, 'Balance']]],
    [166, [[40, '13-6-25'], [110, 'SHOPIFY PAYOUT'], [380, '1,590.00'], [480, '1,595.00']]],
    [180, [[40, date], [110, 'STRIPE TRANSFER'], [380, '10.00'], [480, '1,605.00']]],
  ];
  it('under the date head: a tilde, an equals sign or a doubled mark between its parts is its separator', () => {
    for (const d of ['17-6~25', '17=6-25', '17-6~-25']) expect(rows(text(page(d))), d).toEqual([['2025-06-13', 159000, false], ['2025-06-17', 1000, false]]);
  });
});

describe('a date under a head right of the descriptions', () => {
  const page = (date: string): [number, Cells][] => [
    ...head,
    [150, [[40, 'Description'], [250, 'Date'], [380, 'Amount'], [480, 'Balance']]],
    [166, [[40, 'SHOPIFY PAYOUT'], [250, '03 jun'], [380, '1,590.00'], [480, '1,595.00']]],
    [180, [[40, 'CHECK 5145'], [250, date], [380, '10.00'], [480, '1,605.00']]],
  ];
  it('read garbled ("+8 jun"): the row takes the date above, flagged, and the word is no part of its description', () => {
    const doc = read(text(page('+8 jun')));
    const t = doc.statements[0]!.transactions;
    expect(t.map((x) => [x.date, (x.amountConfidence ?? 100) < 80])).toEqual([['2025-06-03', false], ['2025-06-03', true]]);
    expect(t[1]!.description).toBe('CHECK 5145');
    expect(rows(text(page('18 jun')))).toEqual([['2025-06-03', 159000, false], ['2025-06-18', 1000, false]]);
  });
});

describe('marks alone under a date head left of the descriptions', () => {
  it('are no date read wrong: the line is the wrapped row\'s next line, its row unflagged', () => {
    const t = text([
      ...head,
      [150, [[40, 'Date'], [110, 'Description'], [380, 'Amount'], [480, 'Balance']]],
      [166, [[40, '06/03/2025'], [110, 'SHOPIFY PAYOUT'], [380, '1,590.00'], [480, '1,595.00']]],
      [180, [[40, '06/04/2025'], [110, 'ADP PAYROLL FEES']]],
      [194, [[48, '|'], [110, '1833012887'], [380, '10.00'], [480, '1,605.00']]],
    ]);
    expect(rows(t)).toEqual([['2025-06-03', 159000, false], ['2025-06-04', 1000, false]]);
    expect(read(t).statements[0]!.transactions[1]!.description).toBe('ADP PAYROLL FEES 1833012887');
  });
});

describe('a month name with a speck\'s mark before it', () => {
  it('is the month name when a day follows it on its line; other words as read', () => {
    expect(monthOfDate('‘Dec', '27,')).toBe('Dec');
    expect(monthOfDate('-Dec', '24,')).toBe('Dec');
    expect(monthOfDate('|giu', '11')).toBe('giu');
    expect(monthOfDate('-Dec', 'PAYMENT')).toBe('-Dec');
    expect(monthOfDate('-Decor', '24')).toBe('-Decor');
    expect(monthOfDate('Dec', '24')).toBe('Dec');
    const w = (t: string, x0: number, x1: number): OcrWord => ({ text: t, conf: 90, x0, x1, y0: 0, y1: 20, baseline: 20, ascent: 20, line: 0 });
    expect(pageFromWords(1, [w('‘Dec', 0, 40), w('27,', 50, 80), w('2024', 90, 130)], 1, 600, 100).items.map((i) => i.str)).toEqual(['Dec', '27,', '2024']);
  });
});

describe('a date whose digits were read as lookalike letters', () => {
  it('its lookalikes read as digits, in the parts of a date that are digits', () => {
    expect(asDigits('1l-giu')).toBe('11-giu');
    expect(asDigits('Ol.O2.2025')).toBe('01.02.2025');
    expect(asDigits('l5 Oct')).toBe('15 Oct');
    expect(asDigits('12-giu')).toBeNull();
    expect(asDigits('Oct')).toBeNull();
  });

  const word = (t: string, x0: number, x1: number, line: number, conf = 95): OcrWord => ({ text: t, conf, x0, x1, y0: line * 40 + 10, y1: line * 40 + 30, baseline: line * 40 + 30, ascent: 20, line });
  const page: Gray = { width: 1000, height: 400, data: new Uint8Array(1000 * 400).fill(255) };
  const table = (odd: string) => [
    ['09-giu', '120,00'], ['10-giu', '35,50'], [odd, '2.741,90'], ['12-giu', '18,00'], ['13-giu', '7,25'],
  ].flatMap(([d, f], i) => [word(d!, 40, 150, i), word('CHECK', 200, 300, i), word(f!, 600, 700, i)]);

  it('a date column\'s cell read so is that date when it falls between its neighbours, no strip read', async () => {
    let strips = 0;
    const r = await rereadColumnCells(table('1l-giu'), page, async () => { strips++; return []; });
    expect(strips).toBe(0);
    expect(r.words.filter((w) => /giu/.test(w.text)).map((w) => w.text)).toEqual(['09-giu', '10-giu', '12-giu', '13-giu', '11-giu']);
  });

  it('out of order between its neighbours ("l7-giu" between the 10th and 12th) it stays as read', async () => {
    const r = await rereadColumnCells(table('l7-giu'), page, async () => []);
    expect(r.words.some((w) => w.text === 'l7-giu')).toBe(true);
    expect(r.words.some((w) => w.text === '17-giu')).toBe(false);
  });
});
