import { z } from 'zod';
import { ApplicationFormSchema } from './application-form.js';
import { TaxFormFiguresSchema } from './tax-form.js';

/** One `file_status` item (reference 2.2): one per converted file × statement. */
export const FileStatusSchema = z.object({
  // identity and type
  fileConversionId: z.number().int(),
  fileName: z.string(),
  resfile: z.string(),
  detectedDocTypeText: z.string(),
  processedDocTypeText: z.string(),
  detectedDocType: z.number().int(),
  processedDocType: z.number().int(),
  docType: z.number().int(),
  accounttype: z.number().int(),
  accounttypestr: z.string(),
  accounttitle: z.string(),
  statementid: z.number().int().nullable(),
  tid: z.string(),
  trackingId: z.string(),
  TaxForms: z.string(),
  returnType: z.number().int(),
  chargevalue: z.number().int(),
  uncounted: z.number().int(),
  uselessPages: z.number().int(),
  fail: z.boolean(),
  negate: z.boolean(),
  donegate: z.boolean(),
  // reconciliation and quality
  reconciled: z.boolean(),
  columnsValid: z.boolean(),
  balancesValid: z.boolean(),
  headerValid: z.boolean(),
  isStrongAccountNo: z.boolean(),
  likelyMissingTransactions: z.boolean(),
  nonTransactions: z.string(),
  isMonthToDate: z.boolean(),
  requiresRerunWithOCR: z.boolean(),
  previewRequired: z.boolean(),
  numTypos: z.number().int(),
  suspectCount: z.number().int(),
  webReport: z.boolean(),
  suggestion: z.string(),
  /** Ledgerdrop: the first row whose printed running balance breaks the chain (null when none). */
  firstBrokenBalanceRow: z.object({
    index: z.number().int(), date: z.string(), description: z.string(),
    expectedBalance: z.number(), printedBalance: z.number(),
  }).nullable(),
  // amounts and counts
  numTransactions: z.number().int(),
  numCredits: z.number().int(),
  numDebits: z.number().int(),
  nsfcount: z.number().int(),
  startBalance: z.number(),
  endBalance: z.number(),
  endBalanceCalc: z.number(),
  endBalancePDF: z.number(),
  totCredits: z.number(),
  totDebits: z.number(),
  overDraftLimit: z.number().nullable(),
  // dates and sequence
  firstDate: z.string(),
  lastDate: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  cdate: z.string(),
  mdate: z.string(),
  numMonths: z.number().int(),
  monthSequence: z.number().int(),
  numAccounts: z.number().int(),
  accountSequence: z.number().int(),
  // account and bank
  accountNumber: z.string(),
  bankName: z.string(),
  bankURL: z.string(),
  accountOwner: z.array(z.string()),
  isBusiness: z.boolean(),
  name: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  postalcode: z.string(),
  country: z.string(),
  fdicaddress: z.string(),
  fdiccity: z.string(),
  fdicstate: z.string(),
  fdiczipcode: z.string(),
  bankphones: z.array(z.string()),
  currencycode: z.string(),
  language: z.string(),
  // file and processing
  pagecount: z.number().int(),
  minResolution: z.number().int(),
  maxResolution: z.number().int(),
  producer: z.string(),
  ocr: z.boolean(),
  image: z.boolean(),
  email: z.string(),
  webhook: z.string(),
  remaining: z.number().int(),
  transactions: z.null(),
  filePreviouslySeen: z.string(),
  numInLast3Days: z.number().int(),
  /** Reseller customer ID given with the conversion (option `customerid`); '' when none. */
  customerid: z.string().optional(),
  // fraud score (never returned to pdfinsights)
  fraudscore: z.number().int().optional(),
  tpreasonsIndexes: z.array(z.number().int()).optional(),
  tpreasons: z.array(z.string()).optional(),
  /** Per reason, where it was seen: file, page, box [x, y, w, h] in points from the page's top-left, other application. */
  tpevidence: z.array(z.array(z.object({
    file: z.string().optional(), page: z.number().int().optional(),
    box: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(), appnumber: z.string().optional(),
  }))).optional(),
  /** An application form's fields (docType Application). */
  form: ApplicationFormSchema.optional(),
  /** A tax form's key figures (docType 1; `TaxForms` names the form). */
  taxForm: TaxFormFiguresSchema.optional(),
  /**
   * A PDF of several documents (a lending package): its parts, each with its pages, kind, the
   * evidence of the kind and how it was read (statements, a tax form with its figures, or not).
   */
  documentParts: z.array(z.object({
    pages: z.array(z.number().int()), kind: z.string(), evidence: z.string(),
    readAs: z.enum(['statements', 'taxForm', 'unrecognised']), statements: z.number().int().optional(),
    taxForm: TaxFormFiguresSchema.optional(), error: z.string().optional(),
  })).optional(),
  // error of this file (numTransactions < 0)
  error: z.string().optional(),
  // the statement repeats one already in the application (same account, period, transactions): not counted
  duplicate: z.boolean().optional(),
  duplicateOf: z.object({ statementid: z.number().int(), tid: z.string(), fileName: z.string() }).optional(),
});
export type FileStatus = z.infer<typeof FileStatusSchema>;

export { DOC_TYPE_CODES } from './doc-type-codes.js';
