/**
 * A page total's label printed alone at a page's foot ("Totale pagina", "Seitensumme"), its
 * figures left out: a table of signed amounts (or of amounts with a D/C flag) has no debit and
 * credit column to put the page's sums in. Before, the label was read as the last words of the
 * row above it, or the first words of the row below where rows wrap above their dated line
 * (composed --traits pageTotals+noHeads: 27 of 100 seeds). The labels are data
 * (src/engine/data/labels.ts PAGE_TOTAL_LABELS). So is a page break's carried balance printed
 * without its figure (no balance column): its label alone at a page's foot and atop the next.
 */
import { describe, expect, it } from 'vitest';
import { readComposed } from '../fixtures/generator/composer/score.js';
import { carryLabelAlone, pageTotalLabel } from '../../src/engine/pdf/summary-labels.js';
import { compact } from '../../src/engine/pdf/lines.js';

describe('a page total printed without its figures', () => {
  // 10: German "Seitensumme" under the row; 21: Spanish "Total página" over the next row (rows
  // wrap above their dated line); 24: Dutch; 36: English "Page subtotal", two accounts; 46: French
  // "Sous-total page" at the foot of nine pages; 80: Italian over the next row; 93: two accounts.
  for (const seed of [10, 21, 24, 36, 46, 80, 93]) {
    it(`composed seed ${seed}: no description holds the page total's label`, async () => {
      const r = await readComposed(seed, { pageTotals: true, noHeads: true });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    });
  }

  it('is told by its label alone, a page number aside, in the languages read', () => {
    for (const label of ['Page Total', 'Total for page 2', 'Seitensumme', 'Summe Seite', 'Total de la page', 'Sous-total page', 'Total página', 'Totale pagina', 'Total da página', 'Paginatotaal'])
      expect(pageTotalLabel(compact(label)), label).toBe(true);
    // A row's words that start like one are no page total.
    for (const words of ['Total', 'TOTAL WINE & MORE', 'Page', 'PAGO TOTAL PAGINA WEB SL', 'Übertrag'])
      expect(pageTotalLabel(compact(words)), words).toBe(false);
  });
});

describe('a carried balance printed without its figure', () => {
  // The table prints no balance column, so a page break's carried balance line is its label
  // alone, at the foot of one page and atop the next: it was read as the last words of the row
  // above it or the first of the row below (composed --traits carryRows: 23 of 200 seeds).
  // 15: German "Übertrag" (a short word, a row's elsewhere); 21: Spanish "Suma y sigue" / "Suma
  // anterior"; 42: Portuguese "A transportar" / "Transporte"; heads repeated atop each page.
  for (const seed of [15, 21, 42]) {
    it(`composed seed ${seed}: no description holds the carried balance's label`, async () => {
      const r = await readComposed(seed, { carryRows: true });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    });
  }
  // 19: German, 87: Italian "A riportare" / "Riporto"; the heads not repeated: the label is the page's first line.
  for (const seed of [19, 87]) {
    it(`composed seed ${seed}, heads not repeated: no description holds the carried balance's label`, async () => {
      const r = await readComposed(seed, { carryRows: true, repeatHeads: false });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    });
  }

  // A carried balance's label alone under a page's last row ("Saldo da riportare", amounts on a
  // row's last line): the row's last line ("030066442 -2.061,75", "HARBOR CAFE CO 1.199,51") was
  // read with it as a label wrapped over two lines and its figure, and the row lost, on every
  // page (250: 5 rows; 49, 74 too). A line that is a whole label of its own is no other label's
  // wrapped end (rows.ts wrappedLabelTail). carryRows 1-100: 2 failing -> 0; 201-260: 5 -> 1.
  for (const seed of [49, 74, 250]) {
    it(`composed seed ${seed} {carryRows}: the row above a carried balance's label keeps its figure`, async () => {
      const r = await readComposed(seed, { carryRows: true });
      expect(r.problems.map((p) => p.kind).filter((k) => k !== 'description')).toEqual([]);
      expect(r.match.tp).toBe(r.match.want);
    });
  }

  it('is told by its label alone', () => {
    for (const label of ['Übertrag', 'Übertrag von Seite', 'Suma anterior', 'A transportar', 'Transporte', 'Balance brought forward', 'Riporto'])
      expect(carryLabelAlone(compact(label)), label).toBe(true);
    for (const words of ['TRANSPORTES GARCIA SL', 'Suma', 'ÜBERTRAG AUF KONTO 1234'])
      expect(carryLabelAlone(compact(words)), words).toBe(false);
  });
});
