/**
 * Column heads OCR read a glyph or two off, over rows whose first dates it garbled as well
 * (composed scans faxed at 150 dpi: 943 "Data Histdérico "Valor", 955 "Descri¢gaéo | Data
 * 'Lang. | valor"; docs/ocr.md, faxdigits, "rows lost"): the loose match of the heads was asked
 * only right above a row whose date reads, so no table was found and every row was lost. The
 * line is taken as heads where it reads so as a whole: three heads or more, two words of them
 * as printed, over a column of digits under its date head and a column of figures under a money
 * head. On a text layer, and for a line of prose, nothing is guessed. The reader on OCR words
 * laid out as a page.
 */
import { describe, expect, it } from 'vitest';
import { wordsPage, type WordLines } from '../fixtures/ocr-words.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { markOcrConfidence } from '../../src/engine/ocr/confidence.js';
import { LOW_CONFIDENCE } from '../../src/engine/ocr/limits.js';

const W = 4.5; // wordsPage sets a glyph 4.5 pt wide
const right = (x: number, s: string): [number, string] => [x - s.length * W, s];
const AMOUNTS = [1234, -560, 7890, -1500, 2500, -990];

/** A Portuguese statement page, description first: its heads as `heads`, the first two rows' dates garbled as 955's were ("2025-06 O2", "2025-865 U3"), each row followed by a reference line. */
function page(heads: [number, string][]): WordLines {
  let balance = 100000;
  const dates = ['2025-06 O2', '2025-865 U3', '2025-06-06', '2025-06-07', '2025-06-08', '2025-06-09'];
  const rows: WordLines = [];
  let y = 166;
  AMOUNTS.forEach((a, i) => {
    balance += a;
    const money = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)},${String(Math.abs(c) % 100).padStart(2, '0')}`;
    rows.push([y, [[40, `PIX RECEBIDO ${i + 1}`], [300, dates[i]!], right(420, money(a)), right(520, money(balance))]]);
    rows.push([y + 12, [[40, `ID ${4410227391 + i}`]]]);
    y += 28;
  });
  return [
    [40, [[40, 'Banco Serrano'], [400, 'Extrato de conta']]],
    [54, [[40, 'Conta: 4410227391']]],
    [68, [[40, 'Periodo: 2025-06-01 a 2025-06-30']]],
    [100, [[40, 'Saldo inicial'], [200, '1.000,00']]],
    [114, [[40, 'Saldo final'], [200, `${(100000 + AMOUNTS.reduce((s, a) => s + a, 0)) / 100}`.replace('.', ',')]]],
    [150, heads],
    ...rows,
  ];
}

function read(lines: WordLines, ocr: boolean) {
  const text = wordsPage(lines, ocr);
  const doc = readStatements({ fileName: 'x.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
  if (ocr) markOcrConfidence(doc, text.pages);
  return doc.statements.flatMap((s) => s.transactions);
}

/** "Descrição | Data Lanç. | Valor | Saldo" as composed scan 955 was read (a Saldo column added, so the rows reconcile). */
const MISREAD: [number, string][] = [[40, 'Descri¢gaéo'], [300, 'Data ‘Lang.'], [395, 'valor'], [495, 'Saldo']];

describe('column heads OCR misread over rows whose first dates it garbled', () => {
  it('are read as the table\'s heads: every row\'s amount read, the dated rows with their dates', () => {
    const rows = read(page(MISREAD), true);
    expect(rows.map((t) => t.amount)).toEqual(AMOUNTS);
    expect(rows.slice(2).map((t) => t.date)).toEqual(['2025-06-06', '2025-06-07', '2025-06-08', '2025-06-09']);
    expect(rows.slice(0, 2).every((t) => (t.amountConfidence ?? 100) < LOW_CONFIDENCE)).toBe(true); // their dates misread: unsure
    expect(rows[0]!.description).toBe('PIX RECEBIDO 1 ID 4410227391');
  });

  it('on a text layer, are no heads (nothing guessed on a printed page)', () => {
    expect(read(page(MISREAD), false).filter((t) => AMOUNTS.includes(t.amount)).length).toBeLessThan(AMOUNTS.length);
  });

  it('a line of prose over the same rows is no heads', () => {
    const prose: [number, string][] = [[40, 'Dados do histérico de valores sujeitos a saldo']];
    expect(read(page(prose), true).length).toBeLessThan(AMOUNTS.length);
  });

  it('a head one glyph off two heads is the one OCR confuses it with ("P. Operación": "F. Operación", not "N. Operación"; 975)', () => {
    let balance = 100000;
    const lines: WordLines = [
      [40, [[40, 'Banco Meridional'], [400, 'Extracto de movimientos']]],
      [54, [[40, 'Cuenta: 4410227391']]],
      [68, [[40, 'Periodo: 01-06-2025 a 30-06-2025']]],
      [150, [[40, 'P. Operación'], [110, 'Descripcién'], [300, 'Referencia'], [380, 'Importe (EUR)'], [480, 'Saldo (€)']]],
      ...AMOUNTS.map((a, i): WordLines[number] => {
        balance += a;
        const money = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)},${String(Math.abs(c) % 100).padStart(2, '0')}`;
        // The first four dates' 0 read O (975's first rows' dates were garbled): no dated row right under the heads.
        return [166 + i * 14, [[40, `${i < 4 ? 'O' : '0'}${i + 2}-06-2025`], [110, `TRANSFERENCIA ${i + 1}`], [300, `${4410227 + i}`], right(440, money(a)), right(540, money(balance))]];
      }),
    ];
    const rows = read(lines, true);
    expect(rows.map((t) => t.amount)).toEqual(AMOUNTS);
    expect(rows.slice(4).map((t) => t.date)).toEqual(['2025-06-06', '2025-06-07']);
    expect(rows.map((t) => t.description)).toEqual(AMOUNTS.map((_, i) => `TRANSFERENCIA ${i + 1}`));
  });
});
