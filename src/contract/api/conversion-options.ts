import { z } from 'zod';
import { formBoolean, formInt, formNumber } from './form-fields.js';

/** Values of `accounttype` (section 4.3). Compared case-insensitively, returned canonical. */
export const ACCOUNT_TYPES = ['Bank', 'CCard', 'MTJson', 'Plaid', 'applicationForm', 'autoDetect', 'taxform'] as const;
export type AccountTypeOption = (typeof ACCOUNT_TYPES)[number];

const accountType = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const hit = ACCOUNT_TYPES.find((t) => t.toLowerCase() === v.trim().toLowerCase());
  return hit ?? v;
}, z.enum(ACCOUNT_TYPES, { error: `must be one of ${ACCOUNT_TYPES.join(', ')}` }));

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'ln', 'pt', 'it'] as const;

/**
 * Conversion fields of section 4.3 (shared by /makecsv and /uploadpdfs) after validation.
 * The engine receives exactly this object.
 */
export const ConversionOptionsSchema = z.object({
  accounttype: accountType.default('Bank'),
  language: z.union([z.literal(''), z.enum(LANGUAGES)], { error: `must be one of ${LANGUAGES.join(', ')}` }).default(''),
  readUSdates: formBoolean.optional(),
  writeUSdates: formBoolean.default(true),
  firstpage: formInt.pipe(z.number().min(1, 'must be 1 or more')).optional(),
  lastpage: formInt.pipe(z.number().min(1, 'must be 1 or more')).optional(),
  yearoverride: formInt.pipe(z.number().min(1900, 'must be a year').max(2200, 'must be a year')).optional(),
  alloweddiff: formNumber.pipe(z.number().min(0, 'must be 0 or more')).default(0),
  logtype: z.enum(['txt', 'htm', 'none'], { error: 'must be txt, htm or none' }).default('htm'),
  combinelines: formBoolean.default(false),
  noneedalphas: formBoolean.default(false),
  spacingfactor: formNumber.pipe(z.number().gt(0, 'must be above 0').max(10, 'must be at most 10')).default(1),
  doocrfile: formBoolean.default(false),
  neverocr: formBoolean.default(false),
  asyncocr: formBoolean.default(true),
  accountseqno: formInt.pipe(z.number().min(-1, 'must be -1 or a position from 1')).default(-1),
  monthseqno: formInt.pipe(z.number().min(-1, 'must be -1 or a position from 1')).default(-1),
  readempty: formBoolean.default(false),
  finduntrue: formBoolean.default(false),
  customerid: z.string().max(200, 'must be at most 200 characters').default(''),
  schema: z.string().default(''),
  fixedcolumns: formBoolean.default(false),
}).refine((o) => o.firstpage === undefined || o.lastpage === undefined || o.firstpage <= o.lastpage, {
  message: 'firstpage must not be after lastpage', path: ['firstpage'],
});
/** `readUSdates` undefined means "detect from the document". */
export type ConversionOptions = z.infer<typeof ConversionOptionsSchema>;

export function defaultConversionOptions(overrides: Partial<ConversionOptions> = {}): ConversionOptions {
  return { ...ConversionOptionsSchema.parse({}), ...overrides };
}
