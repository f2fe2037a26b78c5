/**
 * Row dates a 150-dpi fax garbled past reading the cell alone (composed fax-150 scan 955: "2025-06
 * 10" with its second hyphen lost, "2025-06 c2", "2025 tT) U4" with a day's 0 read as a letter,
 * "2025.46 42"), read from the statement's own evidence: the digits the cell did read, the
 * printed period and the rows' order (pdf/garbled-dates.ts, pdf/misread-dates.ts
 * settleMisreadDates). A date read so stays flagged (under the suspect mark): it is the reader's
 * inference. The reader on OCR words laid out as a page, as 955 was read.
 */
import { describe, expect, it } from 'vitest';
import { wordsPage, type WordLines } from '../fixtures/ocr-words.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { markOcrConfidence } from '../../src/engine/ocr/confidence.js';
import { LOW_CONFIDENCE } from '../../src/engine/ocr/limits.js';
import { spanOfRows } from '../../src/engine/pdf/span-of-rows.js';

const W = 4.5; // wordsPage sets a glyph 4.5 pt wide
const right = (x: number, s: string): [number, string] => [x - s.length * W, s];
const money = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)},${String(Math.abs(c) % 100).padStart(2, '0')}`;

/** A Portuguese statement page as 955 prints it (Descrição | Data Lanç. | Valor), one row per date cell as read, each with a reference line. */
function page(dates: string[], period = 'Periodo: 2025-06-01 a 2025-06-30'): WordLines {
  const rows: WordLines = [];
  let y = 166;
  dates.forEach((d, i) => {
    rows.push([y, [[40, `KAPITUS SERVICING ${i + 1}`], [300, d], right(460, money(-(58500 + i * 100)))]]);
    rows.push([y + 10, [[40, `${481195819 + i}`]]]);
    y += 22;
  });
  return [
    [40, [[40, 'Banco Atlantico Sul'], [400, 'Extrato de conta corrente']]],
    [54, [[40, 'Conta: 380188512']]],
    [68, [[40, period]]],
    [150, [[40, 'Descricao'], [300, 'Data Lanc.'], [430, 'Valor']]],
    ...rows,
  ];
}

function read(dates: string[], period?: string) {
  const text = wordsPage(page(dates, period), true);
  const doc = readStatements({ fileName: 'x.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
  markOcrConfidence(doc, text.pages);
  return doc.statements.flatMap((s) => s.transactions);
}

const unsure = (t: { amountConfidence?: number }) => (t.amountConfidence ?? 100) < LOW_CONFIDENCE;

describe('row dates OCR garbled, read from the statement\'s own dates', () => {
  it('every date with its second separator lost ("2025-06 10"): each row dated as printed, flagged (no row read cleanly to vouch for them)', () => {
    const rows = read(['2025-06 02', '2025-06 03', '2025-06 05', '2025-06 09', '2025-06 10']);
    expect(rows.map((t) => t.date)).toEqual(['2025-06-02', '2025-06-03', '2025-06-05', '2025-06-09', '2025-06-10']);
    expect(rows.every(unsure)).toBe(true);
  });

  it('one of them out of order ("2025-06 29" among the 9th and 10th) is not taken', () => {
    const rows = read(['2025-06 02', '2025-06 03', '2025-06 29', '2025-06 10', '2025-06 12']);
    expect(rows[2]!.date).not.toBe('2025-06-29');
    expect(rows.every(unsure)).toBe(true);
  });

  it('a day\'s 0 read as a letter ("2025-06 c4", "2025 tT) U6"): the one day the rows around it allow, flagged', () => {
    const rows = read(['2025-06-02', '2025-06 c4', '2025-06-05', '2025 tT) U6', '2025-06-09']);
    expect(rows.map((t) => t.date)).toEqual(['2025-06-02', '2025-06-04', '2025-06-05', '2025-06-06', '2025-06-09']);
    expect(rows.map(unsure)).toEqual([false, true, false, true, false]);
  });

  it('a cell that fits several days between its neighbours ("2025-06 cc" between the 10th and the 30th) is left unread: the date above, flagged', () => {
    const rows = read(['2025-06-02', '2025-06-10', '2025-06 cc', '2025-06-30']);
    expect(rows[2]!.date).toBe('2025-06-10');
    expect(unsure(rows[2]!)).toBe(true);
  });

  it('the first row\'s date garbled, digits misread ("2025.46 42" before a row of the 4th): read, dated the one day nearest what was read, flagged', () => {
    const rows = read(['2025.46 42', '2025-06-04', '2025-06-05']);
    expect(rows.map((t) => t.amount)).toEqual([-58500, -58600, -58700]);
    expect(rows[0]!.date).toBe('2025-06-02');
    expect(rows.map(unsure)).toEqual([true, false, false]);
  });

  it('the first row\'s date misread out of order ("2025-06 29" over the 4th): the first date below, flagged (never the 1st of January)', () => {
    const rows = read(['2025-06 29', '2025-06-04', '2025-06-05']);
    expect(rows.map((t) => t.date)).toEqual(['2025-06-04', '2025-06-04', '2025-06-05']);
    expect(rows.map(unsure)).toEqual([true, false, false]);
  });

  it('a month\'s name garbled ("30-nor", "3O-nov.-24", a French fax as composed 966 was read): the day the month\'s names and the rows around it say, flagged', () => {
    let balance = 3629591;
    const dates = ['22-nov.-24', '30-nor', '3O-nov.-24', '02-déc.-24'];
    const lines: WordLines = [
      [40, [[41, 'Crédit Maritime du Nord'], [462, 'Relevé de compte courant']]],
      [106, [[41, 'N° de compte: 927672221519']]],
      [117, [[40, 'Période du relevé: 20-nov.-2024 au 19-déc.-2024']]],
      [160, [[40, 'Solde initial'], [267, '36.295,91']]],
      [214, [[41, 'Date'], [128, 'Libellé de l\'opération'], [458, 'Montant'], [531, 'Solde']]],
      ...dates.map((d, i): WordLines[number] => {
        balance -= 145300;
        return [230 + i * 12, [[41, d], [128, `ONDECK CAPITAL DEBIT ${11301596 + i}`], right(490, money(-145300)), right(560, money(balance))]];
      }),
    ];
    const text = wordsPage(lines, true);
    const doc = readStatements({ fileName: 'x.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
    markOcrConfidence(doc, text.pages);
    const rows = doc.statements.flatMap((s) => s.transactions);
    expect(rows.map((t) => t.date)).toEqual(['2024-11-22', '2024-11-30', '2024-11-30', '2024-12-02']);
    expect(rows.map(unsure)).toEqual([false, true, true, false]);
  });
});

/**
 * The same on a statement whose period line the fax garbled too ("Zeitraum: 0] -Juni-2025 bis
 * 30-Juni-202 5", composed fax-150 scan 1309): with no period, no garbled row was dated, each took
 * the date above. The rows read cleanly with their years now bound the rows between them as a
 * period does (pdf/span-of-rows.ts), and of the days a garbled cell is nearest, a glyph OCR reads
 * for one digit ("S" for 5) counts against another (garbled-dates.ts nearSwap).
 */
describe('garbled row dates with no period read', () => {
  const noPeriod = 'Periodo: 0] -06-2025 a 3O-06-202 5';

  it('a day\'s 0 read as a letter ("2025-06 c4") between rows of the 3rd and 5th: the 4th, flagged', () => {
    // Before: the 3rd (the date above).
    const rows = read(['2025-06-02', '2025-06-03', '2025-06 c4', '2025-06-05', '2025-06-09', '2025-06-10'], noPeriod);
    expect(rows.map((t) => t.date)).toEqual(['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-09', '2025-06-10']);
    expect(rows.map(unsure)).toEqual([false, false, true, false, false, false]);
  });

  it('a year and a day misread ("2028-06 OS" between the 3rd and the 6th): the 5th, its "S" a 5 rather than a 4, flagged', () => {
    // Before: the 3rd (no period); with the span but every glyph free to stand for any digit, the 4th and 5th tied.
    const rows = read(['2025-06-02', '2025-06-03', '2028-06 OS', '2025-06-06', '2025-06-09', '2025-06-10'], noPeriod);
    expect(rows[2]!.date).toBe('2025-06-05');
    expect(unsure(rows[2]!)).toBe(true);
  });

  it('the span of the rows: the rows near the middle one only, and none where too few or too spread', () => {
    const r = (year: number, month: number, day: number, dateUnread = false) => ({ date: { year, month, day }, ownDate: true, dateUnread });
    expect(spanOfRows([r(2025, 6, 2), r(2025, 6, 3), r(2028, 6, 4), r(2025, 6, 9), r(2025, 6, 20), r(2025, 6, 27), r(2025, 6, 29, true)])).toEqual({ start: '2025-06-02', end: '2025-06-27' });
    expect(spanOfRows([r(2025, 6, 2), r(2025, 6, 3), r(2025, 6, 9), r(2025, 6, 20)])).toBeNull();
    expect(spanOfRows([r(2025, 1, 2), r(2025, 1, 3), r(2025, 6, 9), r(2025, 9, 20), r(2025, 12, 20)])).toBeNull();
  });
});
