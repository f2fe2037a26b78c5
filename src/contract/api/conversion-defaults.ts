import type { ConversionOptions } from './conversion-options.js';

/**
 * The conversion options' defaults and their order, without zod: what
 * `ConversionOptionsSchema.parse({})` gives (conversion-options.ts), for callers that only set
 * flags whose values need no validation (`ledgerdrop convert` without option values), so they
 * do not load zod (~35 ms of CPU at every start). test/contract/conversion-defaults.test.ts
 * holds it equal to the schema's own result, key order included.
 */
const KEYS = [
  'accounttype', 'language', 'readUSdates', 'writeUSdates', 'firstpage', 'lastpage', 'yearoverride', 'alloweddiff',
  'logtype', 'combinelines', 'noneedalphas', 'spacingfactor', 'doocrfile', 'neverocr', 'asyncocr', 'accountseqno',
  'monthseqno', 'readempty', 'finduntrue', 'customerid', 'schema', 'fixedcolumns',
] as const satisfies readonly (keyof ConversionOptions)[];

const DEFAULTS: Partial<ConversionOptions> = {
  accounttype: 'Bank', language: '', writeUSdates: true, alloweddiff: 0, logtype: 'htm', combinelines: false,
  noneedalphas: false, spacingfactor: 1, doocrfile: false, neverocr: false, asyncocr: true, accountseqno: -1,
  monthseqno: -1, readempty: false, finduntrue: false, customerid: '', schema: '', fixedcolumns: false,
};

/** Options that hold nothing but booleans: the booleans given, the defaults for the rest, in the schema's order. */
export type BooleanOptions = Partial<Pick<ConversionOptions, 'readUSdates' | 'writeUSdates' | 'combinelines' | 'noneedalphas' | 'doocrfile' | 'neverocr' | 'asyncocr' | 'readempty' | 'finduntrue' | 'fixedcolumns'>>;

export function withDefaultOptions(given: BooleanOptions): ConversionOptions {
  const out: Record<string, unknown> = {};
  for (const k of KEYS) {
    const v = k in given ? (given as Record<string, unknown>)[k] : DEFAULTS[k];
    if (v !== undefined) out[k] = v;
  }
  return out as ConversionOptions;
}
