/**
 * A page total's label printed alone at a page's foot ("Totale pagina", "Seitensumme"), its
 * figures left out: a table of signed amounts (or of amounts with a D/C flag) has no debit and
 * credit column to put the page's sums in. Before, the label was read as the last words of the
 * row above it, or the first words of the row below where rows wrap above their dated line
 * (composed --traits pageTotals+noHeads: 27 of 100 seeds). The labels are data
 * (src/engine/data/labels.ts PAGE_TOTAL_LABELS).
 */
import { describe, expect, it } from 'vitest';
import { readComposed } from '../fixtures/generator/composer/score.js';
import { pageTotalLabel } from '../../src/engine/pdf/summary-labels.js';
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
