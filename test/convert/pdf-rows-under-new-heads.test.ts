/**
 * A section's first row printed with its description over its figures (Commerce Bank's ATM
 * rows: "ATM Withdrawal" over "1000 Walnut St" over "Kansas City MO | 05-18 | $20.00") is that
 * row's, never the last words of the row above the section's title and heads. And a section
 * whose heads are printed on the page of the rows above them says surely how its rows wrap:
 * text under them before the first figures is a first row printed over its figures, and the
 * section's rows are read so (another section may print its rows the other way).
 */
import { describe, expect, it } from 'vitest';
import { readComposedSectioned } from '../fixtures/generator/composer/score.js';

describe('rows under a new section\'s heads', () => {
  // The first section's rows wrap under their figures, the later sections' over them.
  it.each([97, 113, 124])('sectioned seed %i, later sections printing figures last: every description whole', async (seed) => {
    const r = await readComposedSectioned(seed, { figuresLast: 'later', narrow: true, rows: 3 });
    expect(r.problems).toEqual([]);
  });

  // A later section whose first row prints its words over its figures reads all its rows so,
  // whichever way the first section's rows wrap (theirs under their figures).
  it.each([1, 4, 9])('sectioned seed %i, later sections printing figures last: each section read its own way', async (seed) => {
    const r = await readComposedSectioned(seed, { figuresLast: 'later', narrow: true, rows: 3 });
    expect(r.problems).toEqual([]);
  });

  // Every section prints figures last; the first section's first row is one line, so only a
  // later section's heads, with text under them, say which way the rows wrap.
  it.each([108, 131])('sectioned seed %i, every section printing figures last: every description whole', async (seed) => {
    const r = await readComposedSectioned(seed, { figuresLast: 'all', narrow: true, rows: 3 });
    expect(r.problems).toEqual([]);
  });
});
