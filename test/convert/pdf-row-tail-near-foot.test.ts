/**
 * A wrapped description's last line that falls at the same height near the foot of two pages
 * (a recurring payment, "RECURRING CARD PURCHASE … QUICKBOOKS INTUIT MOUNTAIN" over "VIEW CA")
 * is a row's text, not page furniture: printed between two rows of figures on its pages, it
 * stays in its row's description. Composed statements where it was dropped from both rows as a
 * running foot (index.ts boilerplateLines); also when the rest of the description stands between
 * it and its row's figures.
 */
import { describe, expect, it } from 'vitest';
import { readComposed, readComposedCard } from '../fixtures/generator/composer/score.js';

describe('a row\'s wrapped line near the page foot on two pages', () => {
  it('bank seed 411: both QuickBooks rows keep "VIEW CA"', async () => {
    const r = await readComposed(411);
    const rows = r.doc.statements.flatMap((s) => s.transactions).filter((t) => t.description.includes('QUICKBOOKS'));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const t of rows) expect(t.description).toMatch(/MOUNTAIN VIEW CA$/);
    expect(r.problems).toEqual([]);
  });

  it('bank seed 277: every description whole', async () => {
    const r = await readComposed(277);
    expect(r.problems).toEqual([]);
  });

  it('bank seed 1000: a tail "CONST" two lines under its row\'s figures, near the foot of two pages, stays the row\'s', async () => {
    const r = await readComposed(1000);
    const rows = r.doc.statements.flatMap((s) => s.transactions).filter((t) => t.description.startsWith('STRIPE TRANSFER'));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const t of rows) expect(t.description).toMatch(/RIVERSTONE CONST$/);
    expect(r.problems).toEqual([]);
  });

  it('card seed 330: every Home Depot charge keeps "NY"', async () => {
    const r = await readComposedCard(330);
    const rows = r.doc.statements.flatMap((s) => s.transactions).filter((t) => t.description.startsWith('HOME DEPOT'));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const t of rows) expect(t.description).toBe('HOME DEPOT #6812 BROOKLYN NY');
    expect(r.problems).toEqual([]);
  });
});
