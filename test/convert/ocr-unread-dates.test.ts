/**
 * A row's printed date that OCR did not read is flagged, never silently the date above (scan8
 * branch; figures in docs/ocr.md, "Dates printed once per day"). Where a statement prints each
 * day's date once, a row with no date word takes the date above, rightly for the day's other
 * rows and wrongly for a row whose date was printed but lost:
 * - the row after a row whose date was garbled (flagged) takes that unread date: flagged too
 *   (composed photo 401 at JPEG quality 15 or under a shadow band: "10 Jan" read "10, Jan" or
 *   "LO, Jan", its row flagged, the next row of the day dated 8 Jan in a statement that
 *   reconciled, silently);
 * - ink in the date column that no word covers is read again, and marked unread when it reads
 *   as no date, so the row is flagged rather than dated from the row above;
 * - a date cell read with a speck's mark after the day ("10, Jan 2025") or its month's first
 *   letter echoed ("06-Jjan": Courier at 9 pt, composed 312) is that date when it falls between
 *   its neighbours.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PdfText } from '../../src/engine/pdf/extract.js';
import type { TextItem } from '../../src/engine/pdf/text-item.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { dateReadings, rereadColumnCells } from '../../src/engine/ocr/column-cells.js';
import { pageFromWords } from '../../src/engine/ocr/words.js';
import { UNREAD_MARK } from '../../src/engine/ocr/limits.js';
import { closeEngines, type OcrWord } from '../../src/engine/ocr/tesseract.js';
import type { Gray } from '../../src/engine/ocr/clean.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { f1 } from '../fixtures/generator/composer/score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const read = (t: PdfText) => readStatements({ fileName: 'scan.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, t);
const flagged = (t: PdfText) => read(t).statements.flatMap((s) => s.transactions.map((x) => [x.date, x.amount, (x.amountConfidence ?? 100) < 80]));
const info = { producer: 'scanner', cdate: '', mdate: '', pagecount: 1, image: true, ocrPages: [1] };

describe('readings of a garbled date cell', () => {
  it('a speck\'s mark after the day, a month\'s first letter echoed, lookalike digits', () => {
    expect(dateReadings('10, Jan 2025')).toContain('10 Jan 2025');
    expect(dateReadings('06-Jjan')).toContain('06-jan');
    expect(dateReadings('O6-jjan')).toContain('06-jan');
    expect(dateReadings('1l-giu')).toContain('11-giu');
    // A month name is never cut: "Jan" has no echo, "Aug" stays.
    expect(dateReadings('06-Jan')).toEqual([]);
    expect(dateReadings('12 Aug')).toEqual([]);
  });
});

describe('a row whose date and figure were both garbled (Courier at 9 pt, composed 312)', () => {
  const word = (t: string, x0: number, x1: number, line: number, conf = 95): OcrWord => ({ text: t, conf, x0, x1, y0: line * 40 + 10, y1: line * 40 + 30, baseline: line * 40 + 30, ascent: 20, line });
  const page: Gray = { width: 1000, height: 400, data: new Uint8Array(1000 * 400).fill(255) };
  const table = [
    ['02-jan', '4.104,42'], ['03-jan', '-521,88'], ['06-Jjan', 'Se204 25'], ['06-jan', '-8.782,16'], ['07-jan', '-168,33'],
  ].flatMap(([d, f], i) => [word(d!, 40, 150, i), word('CHECK', 200, 300, i), word(f!, 600, 700, i, f === 'Se204 25' ? 0 : 95)]);

  it('is a row: its date read without the echo, its figure read again', async () => {
    const strips: number[] = [];
    const r = await rereadColumnCells(table, page, async (x0, y0, x1, y1) => {
      strips.push(y0);
      return [{ text: '-1.204,25', conf: 79, x0, x1, y0, y1, baseline: y1, ascent: 20, line: 0 }];
    });
    expect(r.words.map((w) => w.text)).toContain('06-jan');
    expect(r.words.map((w) => w.text)).toContain('-1.204,25');
    expect(strips).toHaveLength(1);
  });
});

describe('a row taking the date of a row whose date was not read', () => {
  const SIZE = 9;
  const items = (lines: [number, [number, string][]][]): TextItem[] => lines.flatMap(([y, cells]) => cells.map(([x, str]) => ({ str, x, y, w: str.length * SIZE * 0.5, size: SIZE, font: 'OCR', conf: 92 })));
  const page = (date: string): PdfText => ({
    pages: [{ page: 1, width: 612, height: 792, items: items([
      [40, [[40, 'Harbourline Bank'], [400, 'Account Statement']]],
      [54, [[40, 'Account Number: 4410227391']]],
      [68, [[40, 'Statement Period: 01 Jan 2025 - 31 Jan 2025']]],
      [100, [[40, 'Opening Balance'], [200, '100.00']]],
      [114, [[40, 'Closing Balance'], [200, '160.00']]],
      [150, [[40, 'Date'], [110, 'Description'], [380, 'Amount'], [480, 'Balance']]],
      [166, [[40, '08 Jan 2025'], [110, 'SHOPIFY PAYOUT'], [380, '10.00'], [480, '110.00']]],
      [180, [[110, 'STRIPE TRANSFER'], [380, '20.00'], [480, '130.00']]],
      [194, [[40, date], [110, 'SQUARE DEPOSIT'], [380, '30.00'], [480, '160.00']]],
      [208, [[110, 'CHECK 2113'], [380, '-5.00'], [480, '155.00']]],
      [222, [[110, 'CHECK 2114'], [380, '5.00'], [480, '160.00']]],
    ]) }],
    info,
  });

  it('is flagged with it: the day\'s date above was unread, so is its own', () => {
    expect(flagged(page('LO, Jan 2025'))).toEqual([
      ['2025-01-08', 1000, false], ['2025-01-08', 2000, false],
      ['2025-01-08', 3000, true], ['2025-01-08', -500, true], ['2025-01-08', 500, true],
    ]);
    // Read, the day's rows take it and nothing is flagged.
    expect(flagged(page('10 Jan 2025'))).toEqual([
      ['2025-01-08', 1000, false], ['2025-01-08', 2000, false],
      ['2025-01-10', 3000, false], ['2025-01-10', -500, false], ['2025-01-10', 500, false],
    ]);
  });
});

describe('ink under the date column that no word covers', () => {
  // A page image in pixels (1 pt = 4 px) with print drawn where the words say, and where `lost` says.
  const PX = 4;
  const word = (text: string, x: number, line: number): OcrWord => {
    const baseline = (166 + line * 14) * PX, ascent = 6 * PX;
    return { text, conf: 95, x0: x * PX, x1: (x + text.length * 4.5) * PX, y0: baseline - ascent, y1: baseline, baseline, ascent, line };
  };
  const rows: [string | null, string, string, string][] = [
    ['08 Jan 2025', 'SHOPIFY PAYOUT', '10.00', '110.00'],
    [null, 'STRIPE TRANSFER', '20.00', '130.00'],
    ['09 Jan 2025', 'SQUARE DEPOSIT', '30.00', '160.00'],
    ['10 Jan 2025', 'CHECK 2113', '-5.00', '155.00'],
    [null, 'CHECK 2114', '5.00', '160.00'],
    ['13 Jan 2025', 'ADP PAYROLL', '-60.00', '100.00'],
    ['14 Jan 2025', 'NSF FEE', '60.00', '160.00'],
  ];
  const drawn = (lostRow: number | null): { img: Gray; words: OcrWord[] } => {
    const img: Gray = { width: 612 * PX, height: 300 * PX, data: new Uint8Array(612 * PX * 300 * PX).fill(255) };
    const ink = (w: OcrWord) => {
      // Glyph-sized strokes, one per character, as print is.
      for (let c = 0; c * 4.5 * PX < w.x1 - w.x0; c++) {
        if (!w.text[c]?.trim()) continue;
        for (let y = Math.round(w.y0); y < w.y1; y++) for (let x = Math.round(w.x0 + c * 4.5 * PX); x < w.x0 + c * 4.5 * PX + 3 * PX; x++) img.data[y * img.width + x] = 20;
      }
    };
    const words: OcrWord[] = [];
    rows.forEach(([d, desc, amt, bal], i) => {
      const line = [d ? word(d, 40, i) : null, word(desc, 110, i), word(amt, 380 - amt.length * 4.5, i), word(bal, 480 - bal.length * 4.5, i)].filter((w): w is OcrWord => !!w);
      for (const w of line) ink(w);
      // The lost date: printed, but the page reading returned no word for it.
      words.push(...(i === lostRow ? line.slice(1) : line));
    });
    return { img, words };
  };
  const head: OcrWord[] = [['Date', 40], ['Description', 110], ['Amount', 350], ['Balance', 450]].map(([t, x]) => ({ ...word(t as string, x as number, -1) }));
  const toPage = (words: OcrWord[]): PdfText => {
    const top: TextItem[] = [
      ['Harbourline Bank', 40], ['Account Number: 4410227391', 54], ['Statement Period: 01 Jan 2025 - 31 Jan 2025', 68], ['Opening Balance 100.00', 100], ['Closing Balance 160.00', 114],
    ].map(([str, y]) => ({ str: str as string, x: 40, y: y as number, w: (str as string).length * 4.5, size: 9, font: 'OCR', conf: 95 }));
    const p = pageFromWords(1, [...head, ...words], 1 / PX, 612, 792);
    return { pages: [{ ...p, items: [...top, ...p.items] }], info };
  };

  it('is read again, and marked unread when it reads as no date: the row and the day\'s next row are flagged', async () => {
    const { img, words } = drawn(3);
    let strips = 0;
    const r = await rereadColumnCells(words, img, async () => { strips++; return []; });
    expect(strips).toBe(1);
    expect(r.words.filter((w) => w.text === UNREAD_MARK)).toHaveLength(1);
    const got = flagged(toPage(r.words));
    expect(got.slice(2, 5)).toEqual([['2025-01-09', 3000, false], ['2025-01-09', -500, true], ['2025-01-09', 500, true]]);
    expect(got[5]).toEqual(['2025-01-13', -6000, false]);
  });

  it('read again as a date between its neighbours, it is the row\'s date', async () => {
    const { img, words } = drawn(3);
    const r = await rereadColumnCells(words, img, async (x0, y0, x1, y1) => [{ ...word('10 Jan 2025', 40, 3), x0, x1, y0, y1, conf: 70 }]);
    expect(flagged(toPage(r.words)).slice(3, 5)).toEqual([['2025-01-10', -500, false], ['2025-01-10', 500, false]]);
  });

  it('a day\'s other rows print no date: no ink, no strip, nothing flagged', async () => {
    const { img, words } = drawn(null);
    let strips = 0;
    const r = await rereadColumnCells(words, img, async () => { strips++; return []; });
    expect(strips).toBe(0);
    expect(flagged(toPage(r.words)).filter((x) => x[2])).toEqual([]);
  });
});

describe('composed photo 401 (dates once per day, Times 9 pt, 200 dpi)', () => {
  for (const capture of ['jpeg-q15', 'shadow-band']) {
    it(`${capture}: "10 Jan" read garbled; no row silently takes 8 Jan (F1 0.929, one silent row before)`, async () => {
      const r = await readScannedComposed(401, 200, {}, CAPTURE_TRAITS.find((t) => t.name === capture)!.options);
      expect(r.silent).toEqual([]);
      expect(f1(r.match)).toBeGreaterThanOrEqual(0.96);
    });
  }
});

describe('a garbled date on a line of description alone (composed scan 334: dates once per day, figures on each row\'s last line, 300 dpi)', () => {
  it('is read again: the line starts under the rows\' date column, so it is a row\'s first line (F1 0.862 before: "2-jun" read "eae", "16-jun" read "te1un", four rows dated from above)', async () => {
    const r = await readScannedComposed(334, 300);
    expect(r.silent).toEqual([]);
    expect(f1(r.match)).toBe(1);
  });
});

describe('a date cell read with a stroke after it (composed scan 360: the date column right of the descriptions, 300 dpi)', () => {
  it('is the row\'s date: "2024-12-06 |" (a rule\'s stroke beside the print) was taken for description, the row dated from the row above in a statement that reconciled', async () => {
    const r = await readScannedComposed(360, 300);
    expect(r.silent).toEqual([]);
    const rows = r.doc.statements.flatMap((s) => s.transactions.map((t) => `${t.date} ${t.amount}`));
    expect(rows).toContain('2024-12-06 274943');
    expect(r.doc.statements.flatMap((s) => s.transactions).some((t) => /2024-12/.test(t.description))).toBe(false);
  });
});
