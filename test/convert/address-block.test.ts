/**
 * The owner's address block: a second line of the name ("DBA GREENLEAF SERVICES", printed under
 * business names on real statements) is not the street. Generated statements whose block has
 * such a line, read by the engine, against the generator's truth.
 */
import { describe, expect, it } from 'vitest';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { convertDocument } from '../../src/engine/index.js';
import { ConversionOptionsSchema } from '../../src/contract/api/conversion-options.js';

describe('address blocks with a DBA line', () => {
  it('reads the street as address1, never the DBA line', async () => {
    const specs = [];
    for (let seed = 1; specs.length < 3 && seed < 200; seed++) {
      const spec = makeStatementSpec({ seed, layout: 'chase' });
      if (spec.owner.lines.some((l) => l.startsWith('DBA '))) specs.push(spec);
    }
    expect(specs.length).toBe(3);
    for (const spec of specs) {
      const rendered = await renderStatementPdf(spec);
      const doc = await convertDocument({ fileName: 'dba.pdf', bytes: rendered.bytes, options: ConversionOptionsSchema.parse({}) });
      const read = doc.statements[0]!.address ?? {};
      expect(read.address1, `seed ${spec.seed}`).toBe(spec.owner.address.address1);
      expect(read.address1).not.toMatch(/^DBA /);
      expect(read).toMatchObject({ city: spec.owner.address.city, state: spec.owner.address.state, postalcode: spec.owner.address.postalcode });
    }
  });
});
