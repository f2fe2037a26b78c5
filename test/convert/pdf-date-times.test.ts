/**
 * A posting time printed after each row's date ("11/20/2024 14:32", "04 jun 11:17 AM"), as
 * online banking's printouts print them: the row keeps its date (a date without its year never
 * takes the hour for one), and the time is no part of its description.
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposed } from '../fixtures/generator/composer/score.js';
import { withoutTimes } from '../../src/engine/pdf/date-times.js';
import type { Cell } from '../../src/engine/pdf/lines.js';

describe('a time of day after the date', () => {
  // 4: "16/12 08:03" (no year); 14, 31, 45: "04 jun 11:17 AM" read into the description and the row dated from the one above.
  for (const [seed, dateTime] of [[4, '24h'], [14, '12h'], [31, '12h'], [45, '12h'], [53, '24h']] as const) {
    it(`composed seed ${seed}, ${dateTime} clock: every row dated and described as printed`, async () => {
      const r = await readComposed(seed, { dateTime });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
  const cell = (text: string, x0: number, x1 = x0 + text.length * 4): Cell => ({ text, x0, x1, size: 8, bold: false, parts: [{ text, x0, x1 }] });
  it('cuts the time off a date cell and drops a time cell after a date', () => {
    expect(withoutTimes([cell('04 jun 11:17 AM', 40), cell('RENT', 120)]).map((c) => c.text)).toEqual(['04 jun', 'RENT']);
    expect(withoutTimes([cell('2024-11-20', 40), cell('14:32', 90), cell('RENT', 120)]).map((c) => c.text)).toEqual(['2024-11-20', 'RENT']);
    expect(withoutTimes([cell('20.11.2024 14h32', 40)]).map((c) => c.text)).toEqual(['20.11.2024']);
    // A date without its year that ends in a point keeps it (the time was looked for from ".02. 08:03").
    expect(withoutTimes([cell('03.02. 08:03', 40)]).map((c) => c.text)).toEqual(['03.02.']);
  });
  // "03.02. 08:03" in a table with no heads: the time stayed on the date, no row's date cell was
  // a date, no column was told and no row read (headed tables read the date from the cell's start).
  for (const seed of [62, 92]) {
    it(`composed seed ${seed}, 24h clock, no column heads: every row read`, async () => {
      const r = await readComposed(seed, { dateTime: '24h', noHeads: true });
      expect(r.problems.filter((p) => p.kind !== 'description').map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
  it('a scan\'s readings: a time joined to its date by a point, a date whose day was misread', () => {
    expect(withoutTimes([cell('25 März 2025.22:51', 40)]).map((c) => c.text)).toEqual(['25 März 2025']);
    expect(withoutTimes([cell('27/11.5:45 PM', 40)]).map((c) => c.text)).toEqual(['27/11']);
    expect(withoutTimes([cell('O5-Juni-2025 11:17', 40), cell('RENT', 120)]).map((c) => c.text)).toEqual(['O5-Juni-2025', 'RENT']);
    expect(withoutTimes([cell('be jan 2025 9:14 PM', 40)]).map((c) => c.text)).toEqual(['be jan 2025']);
    // A figure is no time, and a longer text ending in a year keeps what follows.
    for (const t of ['20/11/2024 14.32', 'INVOICE FOR MARCH 2025 14:32']) expect(withoutTimes([cell(t, 40)]).map((c) => c.text)).toEqual([t]);
  });
  it('leaves a time that follows no date, and a description that holds one', () => {
    const cells = [cell('CARD 12/03 14:22 SHELL', 40), cell('Opening hours', 200), cell('9:30', 260)];
    expect(withoutTimes(cells)).toBe(cells);
  });
});
