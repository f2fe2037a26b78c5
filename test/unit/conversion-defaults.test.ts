/**
 * `ledgerdrop convert` builds its options without zod when only boolean flags are given
 * (src/contract/api/conversion-defaults.ts): they must be exactly what the schema gives for
 * the same input, values and key order, or the zod-free path would convert differently.
 */
import { describe, expect, it } from 'vitest';
import { withDefaultOptions, type BooleanOptions } from '../../src/contract/api/conversion-defaults.js';
import { ConversionOptionsSchema } from '../../src/contract/api/conversion-options.js';

const same = (given: BooleanOptions) => {
  const fast = withDefaultOptions(given);
  const schema = ConversionOptionsSchema.parse(given);
  expect(fast).toEqual(schema);
  expect(Object.keys(fast)).toEqual(Object.keys(schema));
  expect(JSON.stringify(fast)).toBe(JSON.stringify(schema));
};

describe('conversion options without zod', () => {
  it('no flags: the schema defaults', () => same({}));
  it('the flags the convert command sets, every combination', () => {
    for (const eu of [false, true]) {
      for (const finduntrue of [false, true]) same({ ...(eu ? { readUSdates: false, writeUSdates: false } : {}), finduntrue });
    }
  });
  it('every boolean option set, each way', () => {
    const keys = ['readUSdates', 'writeUSdates', 'combinelines', 'noneedalphas', 'doocrfile', 'neverocr', 'asyncocr', 'readempty', 'finduntrue', 'fixedcolumns'] as const;
    for (const v of [false, true]) {
      same(Object.fromEntries(keys.map((k) => [k, v])) as BooleanOptions);
      for (const k of keys) same({ [k]: v });
    }
  });
});
