/**
 * A photographed sheet's edge read as strokes at the page's rim (scanphoto branch; docs/ocr.md,
 * "Photos and marked-up scans"). Composed 1309 photographed in a dark room (keystone-hand):
 * squared to the page, the sheet's edge stayed a dark line at x 0-2 pt and OCR read "|" before
 * lines it passed, "| 13-Juni-2025 FORWARD FIN ACH PMT": the row's first cell was no date and
 * the row took the next row's date. A stroke in the page's outer 1.5 % is left out of an OCR page
 * (pdf/sheet-edge.ts).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import type { PdfText } from '../../src/engine/pdf/extract.js';
import { wordsPage, type WordLines } from '../fixtures/ocr-words.js';
import { withoutSheetEdges } from '../../src/engine/pdf/sheet-edge.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

/** A page of OCR words (or of a text layer), a stroke one rule wide. */
function text(lines: WordLines, ocr = true): PdfText {
  const t = wordsPage(lines, ocr);
  for (const it of t.pages[0]!.items) if (it.str === '|') it.w = 1.5;
  return t;
}

const rows: [string, string, string, string][] = [
  ['06-Juni-2025', 'CARD PURCHASE UBER', '-175,61', '19.859,26'], ['09-Juni-2025', 'NYS DTF SALES TAX', '-399,74', '19.459,52'],
  ['13-Juni-2025', 'FORWARD FIN ACH PMT', '-2.472,00', '16.987,52'], ['20-Juni-2025', 'FORWARD FIN ACH PMT', '-2.472,00', '14.515,52'],
  ['24-Juni-2025', 'MOBILE DEPOSIT REF', '1.669,74', '16.185,26'],
];
const page = (edge: boolean) => text([
  [40, [[40, 'Alpenbank'], [480, 'Kontoauszug']]],
  [60, [[40, 'Konto: 220780352921']]],
  [72, [[40, 'Zeitraum: 01.06.2025 bis 30.06.2025']]],
  [100, [[40, 'Datum'], [110, 'Buchungstext'], [400, 'Betrag'], [500, 'Saldo']]],
  [114, [[110, 'Anfangssaldo'], [500, '20.034,87']]],
  ...rows.map(([d, desc, a, b], i): [number, [number, string][]] => [128 + i * 12, [...(edge && i > 0 ? [[0.5, '|'] as [number, string]] : []), [40, d], [110, desc], [400, a], [500, b]]]),
  [200, [[110, 'Endsaldo'], [500, '16.185,26']]],
]);

describe('strokes at an OCR page\'s rim', () => {
  it('are left out; print a margin in, and a text page\'s, stay', () => {
    const t = withoutSheetEdges(page(true));
    expect(t.pages[0]!.items.some((it) => it.str === '|')).toBe(false);
    const inside = text([[100, [[20, '|'], [40, '06-Juni-2025']]]]);
    expect(withoutSheetEdges(inside)).toBe(inside);
    const textPage = text([[100, [[0.5, '|'], [40, '06-Juni-2025']]]], false);
    expect(withoutSheetEdges(textPage)).toBe(textPage);
  });

});

describe('composed 1309 photographed on a table (keystone), 200 dpi', () => {
  it('reads every row with its own date and reconciles; nothing silently wrong', async () => {
    const r = await readScannedComposed(1309, 200, {}, CAPTURE_TRAITS.find((t) => t.name === 'keystone')!.options);
    expect(f1(r.match)).toBe(1);
    expect(r.reconciled).toBe(1);
    expect(r.silent).toEqual([]);
  });
});
