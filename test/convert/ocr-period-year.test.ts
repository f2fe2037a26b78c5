/**
 * The year of rows printed without one, when OCR lost the statement's period (scan10 branch;
 * figures in docs/ocr.md, "Years of a statement whose period was unread"). Composed scan 383
 * (Italian, two day-month date columns "2-gen 2-gen", 200 dpi) read its period "I-gen-2025 al
 * 31-gen-2025": the period was lost and the rows took the year most dates of the page print —
 * but each row's two date cells, read as one date "14-gen 14", gave a year of its own (2014,
 * 2015, 2017…), and 19 rows came out in 2015 in a statement that reconciled: silently wrong.
 * - a two-digit "year" that starts another day-month date is that date's day, no year
 *   (`parseDateStart`);
 * - a day read as lookalike letters glued to its month by the date's own separator
 *   ("I-gen-2025", "|-gen-2025") is its digits (`dayGluedToMonth`).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PdfText } from '../../src/engine/pdf/extract.js';
import type { TextItem } from '../../src/engine/pdf/text-item.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { findFullDates, parseDateStart } from '../../src/engine/pdf/tokens.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { dayGluedToMonth } from '../../src/engine/ocr/words.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';
import { f1 } from '../fixtures/generator/composer/score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const SIZE = 9;
function text(lines: [number, [number, string][]][]): PdfText {
  const items: TextItem[] = lines.flatMap(([y, cells]) => cells.map(([x, str]) => ({ str, x, y, w: str.length * SIZE * 0.5, size: SIZE, font: 'OCR', conf: 92 })));
  return {
    pages: [{ page: 1, width: 612, height: 792, items }],
    info: { producer: 'scanner', cdate: '', mdate: '', pagecount: 1, image: true, ocrPages: [1] },
  };
}
const read = (t: PdfText) => readStatements({ fileName: 'scan.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, t);

describe('two day-month date columns side by side', () => {
  it('the second date\'s day is no year of the first', () => {
    expect(parseDateStart('14-gen 14-gen', true, ['it'])).toMatchObject({ year: undefined, month: 1, day: 14, length: 6 });
    expect(findFullDates('14-gen  14-gen  REMOTE ONLINE DEPOSIT', true, ['it'])).toEqual([]);
    // A two-digit year before anything but a month stays a year.
    expect(parseDateStart('08 Dec 23 Opening balance', true)).toMatchObject({ year: 2023, month: 12, day: 8 });
    expect(findFullDates('Periodo: 1-gen-2025 al 31-gen-2025', true, ['it']).map((d) => d.parts.year)).toEqual([2025, 2025]);
  });

  it('rows of a statement whose period line is unread take the year the page prints', () => {
    const rows: [string, string, string][] = [['2-gen', '4.714,79', '26.858,33'], ['15-gen', '1.000,00', '27.858,33'], ['15-gen', '1.000,00', '28.858,33'], ['17-gen', '1.000,00', '29.858,33'], ['23-gen', '1.000,00', '30.858,33']];
    const s = read(text([
      [40, [[40, 'Cassa di Risparmio'], [400, 'Estratto conto']]],
      [54, [[40, 'Conto n.: 350873987']]],
      [68, [[40, 'Periodo: ?-gen-20?5 al 31-gen-2025']]],
      [100, [[40, 'Data contabile'], [114, 'Valuta'], [156, 'Descrizione'], [460, 'Accrediti'], [527, 'Saldo']]],
      ...rows.map(([d, a, b], i): [number, [number, string][]] => [116 + i * 13, [[40, d], [114, d], [156, `REMOTE ONLINE DEPOSIT ${i + 1}`], [470, a], [531, b]]]),
      [200, [[40, 'Saldo iniziale'], [258, '22.143,54']]],
      [212, [[40, 'Saldo finale'], [258, '30.858,33']]],
    ])).statements[0]!;
    expect(s.transactions.map((x) => x.date)).toEqual(['2025-01-02', '2025-01-15', '2025-01-15', '2025-01-17', '2025-01-23']);
  });
});

describe('a day read as letters glued to its month', () => {
  it('its digits, only lookalikes before a separator and a month name', () => {
    expect(dayGluedToMonth('I-gen-2025')).toBe('1-gen-2025');
    expect(dayGluedToMonth('|-gen-2025')).toBe('1-gen-2025');
    expect(dayGluedToMonth('l5-Dec-2024')).toBe('15-Dec-2024');
    expect(dayGluedToMonth('Il-gen')).toBe('11-gen');
    expect(dayGluedToMonth('IBAN-gen')).toBe('IBAN-gen');
    expect(dayGluedToMonth('I-game')).toBe('I-game');
    expect(dayGluedToMonth('15-gen-2025')).toBe('15-gen-2025');
  });
});

describe('composed scan 383 (two day-month columns, period read "I-gen-2025", 200 dpi)', () => {
  it('dates its rows in the period\'s year: nothing silently wrong', async () => {
    const r = await readScannedComposed(383, 200);
    expect(r.silent).toEqual([]);
    expect(f1(r.match)).toBeGreaterThan(0.9);
  });
});
