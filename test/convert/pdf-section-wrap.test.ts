/**
 * A statement whose sections print their rows two ways (Commerce Bank: deposits with a wrapped
 * row's date and amount on its first line, ATM and withdrawal rows with them on its last) is read
 * section by section, each as its own lines say (src/engine/pdf/section-wrap.ts): the statement's
 * votes taken together read every section one way, and each row of the other sections took the
 * next row's first words.
 */
import { describe, expect, it } from 'vitest';
import { readComposedSectioned } from '../fixtures/generator/composer/score.js';
import { mixedAnchors } from '../../src/engine/pdf/section-wrap.js';

describe('sections wrapping their rows two ways', () => {
  // Seed 2: the withdrawals' votes read the deposits too as ending with their figures; seeds 5,
  // 11, 12: the deposits' votes read the later sections as beginning with theirs.
  it.each([2, 5, 11, 12])('sectioned seed %i, later sections printing figures last: every description whole', async (seed) => {
    const r = await readComposedSectioned(seed, { figuresLast: 'later' });
    expect(r.problems).toEqual([]);
  });

  // Seed 23: the deposits' last row wraps its last word under its figures ("CCD" over the
  // section's total), which no row below could take: the section's rows begin with their figures.
  it('a section ending with words under its last figures reads its rows as beginning with them', async () => {
    const r = await readComposedSectioned(23, { figuresLast: 'later' });
    expect(r.problems).toEqual([]);
  });

  // The first section's rows dated on their first line, their amount on their last (amountLast),
  // the later sections' words over their date and amount: rows dated first only where seen so.
  it.each([10, 14])('sectioned seed %i, first section dated first, later sections figures last: every description whole', async (seed) => {
    const r = await readComposedSectioned(seed, { figuresLast: 'later' });
    expect(r.pdf.traits.amountLast).toBe(true);
    expect(r.problems).toEqual([]);
  });

  it('reads again only where sections differ as to rows ending with their figures', () => {
    expect(mixedAnchors(['amountFirst', 'default', 'amountLast'], 'amountLast')).toEqual(['amountFirst', 'amountLast', 'amountLast']);
    expect(mixedAnchors(['amountFirst', 'default', 'amountLast'], 'default')).toEqual(['amountFirst', 'default', 'amountLast']);
    expect(mixedAnchors(['amountLast', 'default'], 'amountLast')).toBeNull();
    expect(mixedAnchors(['amountFirst', 'default'], 'default')).toBeNull();
  });
});
