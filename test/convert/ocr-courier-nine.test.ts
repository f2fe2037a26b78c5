/**
 * Courier at 9 pt on office scans (scan7 branch; figures in docs/ocr.md, "Courier at 9 pt, date
 * cells read again"). Its capitals are 24 px tall on the 300-dpi page image, just over the
 * small-type line, so the sparse reading was kept though it split most figures at their point
 * ("10042" "82") and garbled the rest; read as a block, enlarged, the heads came back a Courier
 * space apart from their currency ("Debit" "(CHF)") and lines' sizes jumped with the specks
 * above them. The rules by example, then one scanned page of two composed statements through
 * the real OCR path (the other page left as text, so the scan's page alone is read by OCR).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PdfText } from '../../src/engine/pdf/extract.js';
import type { TextItem } from '../../src/engine/pdf/text-item.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { closeEngines, type OcrWord } from '../../src/engine/ocr/tesseract.js';
import { readSmallType, withSteadyAscents } from '../../src/engine/ocr/small-text.js';
import { withColumnMarks } from '../../src/engine/ocr/column-cells.js';
import type { Gray } from '../../src/engine/ocr/clean.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { f1, scoreReading } from '../fixtures/generator/composer/score.js';
import { officeScan, silentlyWrong } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const word = (text: string, x0: number, x1: number, line: number, baseline: number, ascent = 24, conf = 95, top = ascent): OcrWord => ({ text, conf, x0, x1, y0: baseline - top, y1: baseline, baseline, ascent, line });

describe('small type: the gate and the block reading\'s lines', () => {
  it('a page whose figures fell apart at their point is read again as a block even at 24 px, just over the small-type line', async () => {
    const page: Gray = { width: 100, height: 100, data: new Uint8Array(100 * 100).fill(255) };
    const text = ['KAPITUS', 'SERVICING', 'ACH', 'DEBIT', 'ONDECK', 'CAPITAL'].map((t, i) => word(t, 500 + i * 60, 550 + i * 60, 10 + i, 200));
    const split = [word('4980', 100, 180, 1, 40), word('96', 195, 225, 2, 40), word('-789', 100, 170, 3, 80), word('99', 195, 225, 4, 80), word('-101', 100, 180, 5, 120), word('90', 195, 225, 6, 120), word('-789', 100, 170, 7, 160), word('99', 195, 225, 8, 160)];
    let reads = 0;
    const more = ['ONLINE', 'TRANSFER', 'FROM', 'SAVINGS'].map((t, i) => word(t, 100 + i * 100, 180 + i * 100, 30 + i, 400, 36));
    const again = async () => { reads++; return [...text.map((w) => ({ ...w, x0: w.x0 * 1.5, x1: w.x1 * 1.5 })), ...more, word('4980.96', 150, 340, 20, 60, 36), word('-789.99', 150, 340, 21, 120, 36), word('-101.90', 150, 340, 22, 180, 36), word('-789.99', 150, 340, 23, 240, 36)]; };
    const r = await readSmallType(page, [...text, ...split], 1e6, again);
    expect(reads).toBe(1);
    expect(r.enlargedBy).toBe(1.5);
    expect(r.words.map((w) => w.text).filter((t) => /\d/.test(t))).toEqual(['4980.96', '-789.99', '-101.90', '-789.99']);
    // Ordinary type at that height whose figures read whole is read once.
    await readSmallType(page, [...text, word('4980.96', 100, 225, 1, 40), word('-789.99', 100, 225, 3, 80)], 1e6, again);
    expect(reads).toBe(1);
  });

  it('a block line whose box took in a speck above gets its words\' own height; a line of larger type keeps its own', () => {
    const lines = [0, 1, 2, 3].map((l) => [word('CREDIBLY', 100, 200, l, 100 + l * 40, 25, 95, 23), word('692.00', 400, 480, l, 100 + l * 40, 25, 95, 25)]).flat();
    // A speck over the line: its box, and so its ascent, 33 px; its words 23-26 px tall.
    const specked = [word('ID:T39608282', 100, 250, 4, 300, 33, 89, 25), word('INDN:ACME', 260, 380, 4, 300, 33, 92, 26), word('PLUMBING', 390, 500, 4, 300, 33, 96, 23), word('.', 600, 604, 4, 300, 33, 7, 33)];
    const title = [word('Savings', 100, 200, 5, 400, 34, 95, 34), word('Account', 210, 330, 5, 400, 34, 95, 32)];
    const out = withSteadyAscents([...lines, ...specked, ...title]);
    expect(out.filter((w) => w.line === 4).map((w) => w.ascent)).toEqual([26, 26, 26, 26]);
    expect(out.filter((w) => w.line === 5).map((w) => w.ascent)).toEqual([34, 34]);
    expect(out.filter((w) => w.line < 4).every((w) => w.ascent === 25)).toBe(true);
  });

  it('a figure whose decimal point was read as a colon or doubled is the column\'s figure', () => {
    expect(withColumnMarks('-789:99', '.')).toBe('-789.99');
    expect(withColumnMarks('692..00', '.')).toBe('692.00');
    expect(withColumnMarks('1.234;56', ',')).toBe('1.234,56');
    expect(withColumnMarks('692:00', undefined)).toBeNull();
  });
});

describe('heads read apart from their currency', () => {
  const SIZE = 9;
  const items = (lines: [number, [number, string][]][]): TextItem[] => lines.flatMap(([y, cells]) => cells.map(([x, str]) => ({ str, x, y, w: str.length * SIZE * 0.6, size: SIZE, font: 'OCR', conf: 92 })));
  const page = (heads: [number, string][]): PdfText => ({
    pages: [{
      page: 1, width: 612, height: 792, items: items([
        [40, [[40, 'Harbourline Bank'], [400, 'Account Statement']]],
        [54, [[40, 'Account #: 944848986']]],
        [68, [[40, 'Period: Dec 16, 2024 through Jan 15, 2025']]],
        [90, [[40, 'Previous Balance'], [254, "36'062.94"]]],
        [100, [[40, 'New Balance'], [254, "33'367.73"]]],
        [120, heads],
        [134, [[40, 'Dec 17, 2024'], [121, 'ONLINE TRANSFER TO CHK'], [349, "1'715.12"], [530, "34'347.82"]]],
        [148, [[40, 'Dec 17, 2024'], [121, 'ONLINE TRANSFER TO CHK'], [360, '980.09'], [530, "33'367.73"]]],
      ]),
    }],
    info: { producer: 'scanner', cdate: '', mdate: '', pagecount: 1, image: true, ocrPages: [1] },
  });
  const read = (t: PdfText) => readStatements({ fileName: 'scan.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, t).statements;

  it('"Debit" "(CHF)" as cells of their own: the currency is the head\'s, no unknown word', () => {
    const s = read(page([[40, 'Tran Date'], [121, 'Description'], [333, 'Debit'], [367, '(CHF)'], [416, 'Deposit'], [460, '(CHF)'], [509, 'Balance'], [553, '(CHF)']]));
    expect(s.flatMap((x) => x.transactions.map((t) => t.amount))).toEqual([-171512, -98009]);
    expect(reconcile(s[0]!, 0).reconciled).toBe(true);
  });
});

/** A composed statement with only `page` scanned (the other page keeps its text), read through the real path. */
async function onePageScanned(seed: number, dpi: number, page: number) {
  const pdf = await composeStatementPdf(seed);
  const bytes = await scannedPdf(pdf.bytes, officeScan(seed, dpi), [page]);
  const doc = await convertDocument({ fileName: `composed-scan-${seed}.pdf`, bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
  return { ...scoreReading(pdf, doc), ...silentlyWrong(pdf.truth, doc.statements), doc };
}

describe('Courier at 9 pt scanned', () => {
  it('seed 101, page 1 at 200 dpi: figures split at their point by the sparse reading ("10042" "82"), a decimal point read as a colon', async () => {
    const r = await onePageScanned(101, 200, 1);
    expect(r.silent).toEqual([]);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.97);
  });

  it('seed 138, page 2 at 300 dpi: the second account\'s heads read apart from "(CHF)", a wrapped line read larger than the table: its statement found and reconciled', async () => {
    const r = await onePageScanned(138, 300, 2);
    expect(r.silent).toEqual([]);
    const second = r.doc.statements.find((s) => s.accountNumber.endsWith('4848986'));
    expect(second?.transactions.length).toBe(7);
    expect(reconcile(second!, 0).reconciled).toBe(true);
  });
});
