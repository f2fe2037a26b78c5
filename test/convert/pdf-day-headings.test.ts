/**
 * Rows grouped under lines naming their day ("20/11/2024", "5 January 2025") with no date
 * column, as app banks print them (composer trait dayHeadings): each row takes the day above it
 * (./src/engine/pdf/day-headings.ts), across a page break too, and a total line under a day is
 * no row of it. Before, no table was found (its heads name no date) and not a row was read.
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposed } from '../fixtures/generator/composer/score.js';
import { datedByHeadings } from '../../src/engine/pdf/day-headings.js';
import type { Line } from '../../src/engine/pdf/lines.js';
import type { Cell } from '../../src/engine/pdf/cell.js';

describe('rows under day headings', () => {
  // 1: the heads two lines above the first day (an opening balance between); 4: a day's heading at
  // the foot of a page, its rows on the next; 13: "Total créditos" under the last day; 11, 14: page totals;
  // 48, 67: the heads printed again on each page (their words joined a row); 22: a row's last line
  // "FEES 8991216941" (a summary word, with a reference); 54: a description opening "06/17 REF …";
  // 7, 36, 71: a second account's block printed under the first's rows, at their left edge (it was
  // read as a wrapped description once the rows' date cells started left of it: one statement).
  for (const seed of [1, 4, 11, 13, 14, 22, 48, 54, 67, 7, 36, 71]) {
    it(`composed seed ${seed} reads every row on its day`, async () => {
      const r = await readComposed(seed, { dayHeadings: true });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
  // An info row ("KREDIETLIMIET GEWIJZIGD": no date, no figure) between two rows under day headings
  // is a line no reader can tell from a wrapped description: the composer draws none with day
  // headings (render.ts). With them, it joined a row's description (dayHeadings 1-100: 10 of 11
  // failing seeds, description only; these four among them).
  for (const seed of [2, 6, 21, 23]) {
    it(`composed seed ${seed}: no info row drawn between two rows under day headings`, async () => {
      const r = await readComposed(seed, { dayHeadings: true });
      expect(r.pdf.traits.infoRows).toBe(0);
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    });
  }
  // A second account's first rows printing their descriptions above their figures: with the day
  // heading set aside, the text under the heads stood far below them and was no row's (each row
  // lost its first lines: "8761320" for "ONLINE TRANSFER FROM CHK ...3122 TRANSACTION#: 8761320").
  for (const seed of [29, 5, 62, 90]) {
    it(`composed seed ${seed}: a statement's first row, its description above its figures, keeps it`, async () => {
      const r = await readComposed(seed, { dayHeadings: true });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
  // No column heads either (app banks' printouts): the rows were left undated, so no column of
  // figures was told (implied-header.ts needs each row's date) and hardly a row was read. 1, 4:
  // debits and credits, a balance; 9, 10: one signed amount column; 11: a page total under the rows.
  for (const seed of [1, 4, 9, 10, 11]) {
    it(`composed seed ${seed}, with no column heads, reads every row on its day`, async () => {
      const r = await readComposed(seed, { dayHeadings: true, noHeads: true });
      expect(r.problems.filter((p) => p.kind !== 'description').map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
  // Summaries above the rows of a table with no heads (each failed before): 52: a lone "Closing
  // Balance" over its figure, beside the date head, read as a daily-balance table's heads (every
  // row set aside, none read); 7: the same in French with a second account; 45: a grid "Beginning
  // Balance | Deposits | Ending Balance" over its figures read as the table's heads (balances
  // under a debit column: every balance row's amount wrong).
  for (const seed of [52, 7, 45]) {
    it(`composed seed ${seed}, with no column heads and a summary above, reads every row on its day`, async () => {
      const r = await readComposed(seed, { dayHeadings: true, noHeads: true });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
  // Rows not posted yet under their own heading below the last day (trait pending): the heading
  // and its note, a row's spacing apart from the day's last row but one line's from the first
  // pending row, were joined to that row as its description (./row-spacing.ts), and the pending
  // rows read as posted on the last day (the statement did not reconcile).
  for (const seed of [5219, 5221, 6009, 6049]) {
    it(`composed seed ${seed}: rows under a pending heading below the last day are set aside`, async () => {
      const r = await readComposed(seed, { dayHeadings: true, pending: true });
      expect(r.problems.filter((p) => p.kind !== 'description').map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
      expect(r.doc.statements.some((s) => s.hints?.some((h) => h.includes('not posted yet set aside')))).toBe(true);
    });
  }
  const cell = (text: string, x0: number): Cell => ({ text, x0, x1: x0 + text.length * 4, size: 8, bold: false, parts: [{ text, x0, x1: x0 + text.length * 4 }] });
  let index = 0;
  const line = (y: number, ...cells: Cell[]): Line => ({ page: 1, y, size: 8, x0: cells[0]!.x0, x1: cells.at(-1)!.x1, cells, text: cells.map((c) => c.text).join('  '), key: '', index: index++ });
  it('leaves a document with one date line over figures as printed (one is no grouping)', () => {
    const lines = [line(90, cell('Description', 40), cell('Amount', 400)), line(100, cell('5 January 2025', 40)), line(110, cell('RENT', 40), cell('-900.00', 400))];
    expect(datedByHeadings(lines)).toBe(lines);
  });
});

describe('a second account after rows under day headings', () => {
  // Its block printed with the summary on the right ("Account Number: 942548628 | Opening balance
  // | €48,263.07", "Statement Period: … | Closing Balance | €44,392.82") under the first account's
  // last day: both lines were dated by that day as rows of figures, so the account's number was a
  // row's and the two accounts read as one statement (unreconciled, its closing the second's).
  // sweep.ts --traits dayHeadings+summaryRight 7401-7430: 8 failing, 5 on the statement count.
  for (const seed of [7134, 7405, 7424, 7428]) {
    it(`reads the summary's lines as no row of the day above (composed seed ${seed})`, async () => {
      const r = await readComposed(seed, { dayHeadings: true, summaryRight: true });
      expect(r.doc.statements.length).toBe(r.pdf.truth.length);
      expect(r.problems.filter((p) => p.kind !== 'description').map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
});


describe('rows under day headings in whole units', () => {
  // A statement printing no decimal figure ("1.367 € | 43.098 €", "5 106"): its rows' whole
  // figures were no figures to the day headings, so no heading had a row under it, no row was
  // dated and, its heads naming no date, no table was found: not a row read (sweep.ts --traits
  // dayHeadings+wholeUnits 7701-7710: 10 failing, F1 0.000). 7701: two accounts; 7704: a
  // description wrapped above its figures; 7917: the summary's figures under the last day in
  // space-grouped cells ("37 176 | 46 692"), no row of it.
  for (const seed of [7701, 7702, 7704, 7917]) {
    it(`composed seed ${seed} reads every row on its day`, async () => {
      const r = await readComposed(seed, { dayHeadings: true, wholeUnits: true });
      expect(r.doc.statements.length).toBe(r.pdf.truth.length);
      expect(r.problems.filter((p) => p.kind !== 'description').map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
});

describe('a box of period and year-to-date totals after rows under day headings', () => {
  // "Interest and charges summary | This period | Year to date" under the last day's rows: its
  // lines total fees and interest, no row of that day (dated, each broke the balances).
  for (const seed of [7180, 7181, 7182]) {
    it(`composed seed ${seed} reads the box's lines as no rows`, async () => {
      const r = await readComposed(seed, { dayHeadings: true, feeSummary: true });
      expect(r.problems.filter((p) => p.kind !== 'description').map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
});
