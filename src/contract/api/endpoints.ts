import { z } from 'zod';
import { formBoolean, formInt, formNumber } from './form-fields.js';
import { SCORECARD_SECTIONS } from './scorecard-sections.js';
import { FileStatusSchema } from './file-status.js';
import { urlProtocol } from '../url.js';
import { CheckSchema, ScorecardSchema } from './scorecard.js';
import { TransactionsSchema } from './transactions.js';

/**
 * Request and response schemas of every endpoint the service core serves (reference 4.2).
 * Form values arrive as strings; the coercing field schemas accept their spellings. These
 * schemas validate requests and describe responses (the OpenAPI document is built from them).
 */
const appnumber = z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters');
const appid = formInt.pipe(z.number().int().min(1, 'must be a positive integer'));

export const formatField = z.enum(['default', 'jsonobject'], { error: 'must be default or jsonobject' });

const sectionsField = z.string().max(4000).transform((s, ctx) => {
  const names = s.split(',').map((x) => x.trim()).filter(Boolean);
  const bad = names.filter((n) => !(SCORECARD_SECTIONS as readonly string[]).includes(n));
  if (bad.length) ctx.addIssue({ code: 'custom', message: `unknown section(s): ${bad.join(', ')}` });
  return names;
});

const httpUrl = z.string().trim().max(2000, 'must be at most 2000 characters').refine((v) => {
  const protocol = urlProtocol(v);
  return protocol === 'http:' || protocol === 'https:';
}, 'must be an http(s) URL');

const userdata = z.string().max(250, 'must be at most 250 characters').transform((s, ctx) => {
  try { return JSON.parse(s) as unknown; } catch { ctx.addIssue({ code: 'custom', message: 'must be valid JSON' }); return z.NEVER; }
});

export const GetAppsRequest = z.object({ limit: formInt.pipe(z.number().int().min(1, 'must be 1 or more').max(1000, 'must be at most 1000')).default(20) });
export const NewAppRequest = z.object({ appnumber, owner: z.string().max(200).default('') });

/** Upload-only fields of /uploadpdfs (4.4) plus `appnumber`, `webhook` and tracking of 4.3. */
export const UploadFieldsSchema = z.object({
  appnumber,
  webhook: httpUrl.optional(),
  fileurl: httpUrl.optional(),
  dowebsearch: formBoolean.default(false),
  whonlynotify: formBoolean.default(false),
  includescorecard: formBoolean.default(false),
  includetransactions: formBoolean.default(false),
  includebalance: formBoolean.default(false),
  format: formatField.default('default'),
  sections: sectionsField.optional(),
  showtranstype: formBoolean.default(false),
  owner: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  userdata: userdata.optional(),
  appid: appid.optional(),
  trackingId: z.string().max(100, 'must be at most 100 characters').optional(),
  /** Address notified by e-mail when the conversion completes (needs the operator's mail transport). */
  email: z.string().trim().max(200, 'must be at most 200 characters').regex(/^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/, 'must be one e-mail address').optional(),
});
export type UploadFields = z.infer<typeof UploadFieldsSchema>;

export const ScorecardRequest = z.object({ appid, sections: sectionsField.optional(), format: formatField.default('jsonobject') });
export const MakeXlsRequest = z.object({ appid, sections: sectionsField.optional(), format: formatField.default('default') });
export const AppIdRequest = z.object({ appid });
export const UpdateSummaryRequest = z.object({
  appid,
  tid: z.string({ error: 'is required' }).trim().min(1, 'is required'),
  startbalance: formNumber.optional(),
  debits: formNumber.pipe(z.number().min(0, 'must be 0 or more')).optional(),
  credits: formNumber.pipe(z.number().min(0, 'must be 0 or more')).optional(),
  endbalance: formNumber.optional(),
}).refine((r) => r.startbalance !== undefined || r.debits !== undefined || r.credits !== undefined || r.endbalance !== undefined, {
  message: 'give at least one of startbalance, debits, credits, endbalance', path: ['startbalance'],
});
export const TransactionsRequest = z.object({ appid, structured: formBoolean.default(false) });
export const DeleteStmtRequest = z.object({ appid, tid: z.string({ error: 'is required' }).trim().min(1, 'is required') });
export const DeleteStatementRequest = z.object({ appid, statementId: formInt.pipe(z.number().int().min(1, 'must be a positive integer')) });
export const GetResultsRequest = z.object({
  appid, includescorecard: formBoolean.default(false), includetransactions: formBoolean.default(false),
  includebalance: formBoolean.default(false), showtranstype: formBoolean.default(false),
  format: formatField.default('default'), sections: sectionsField.optional(),
});
export const CheckProgressRequest = z.object({
  appid: appid.optional(), appnumber: appnumber.optional(), owner: z.string().max(200).optional(),
  resfile: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200),
}).refine((r) => r.appid !== undefined || r.appnumber !== undefined, { message: 'give appid or appnumber', path: ['appid'] })
  .refine((r) => r.owner === undefined || r.appnumber !== undefined, { message: 'owner is only used with appnumber', path: ['owner'] });
export const PrequalifyRequest = z.object({ appnumber, appid: appid.optional() });
export const CancelConversionRequest = z.object({ appid, resfile: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200) });
export const SignedUrlRequest = z.object({ appid });

// ---- responses ----
const IndustryPickSchema = z.object({
  naics: z.number().int(), title: z.string(), explanation: z.string(), weight: z.number(),
  sector: z.object({ code: z.string(), title: z.string() }).optional(),
});
/** appinfo.webSearch (reference 2.1): the business's industry codes (`dowebsearch`). */
export const WebSearchSchema = z.object({
  industry: z.object({ primary: IndustryPickSchema.nullable(), alternate: IndustryPickSchema.nullable() }),
  homeBasedBusiness: z.boolean().optional(),
  sitesUsed: z.string(), lastRun: z.string(), hasMinimalWebPresence: z.string(), businessDescription: z.string(),
  source: z.string().optional(), providerError: z.string().optional(),
});
export const PrequalifyResultSchema = z.object({
  /** REVIEW only when the operator set review thresholds (docs/api.md, prequalify). */
  result: z.enum(['APPROVED', 'REVIEW', 'DECLINED', 'NO_DECISION']),
  reasons: z.array(z.object({ rule_name: z.string(), actual_value: z.union([z.number(), z.string()]), threshold: z.union([z.number(), z.string()]) })),
});
export type PrequalifyResult = z.infer<typeof PrequalifyResultSchema>;
export const AppInfoSchema = z.object({
  appnumber: z.string(), appid: z.number().int(), naccounts: z.number().int(), owner: z.string(),
  totalstatements: z.number().int(), totalstatements_reconciled: z.number().int(), totaltaxforms: z.number().int(),
  totaltaxreturns: z.number().int(), address1: z.string(), address2: z.string(), citystate: z.string(), city: z.string(),
  state: z.string(), zip: z.string(), expfactor: z.string(), accountlist: z.array(z.string()),
  /** Raised by every change to the application's statements (docs/api.md 6.4a). */
  revision: z.number().int().optional(),
  webSearch: WebSearchSchema.optional(),
  /** Present when the application is another account's, shared with this one through Briefcase (read-only). */
  briefcase: z.object({ shareid: z.string(), from: z.string(), readOnly: z.literal(true) }).optional(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;
export const StatementSummarySchema = z.object({
  tid: z.string(), statementid: z.number().int(), accountidx: z.number().int(), account: z.string(), bank_name: z.string(),
  file_name: z.string(), start_date: z.string(), end_date: z.string(), statement_year: z.number().int(), statement_month: z.string(),
  month_number: z.number().int(), reconciled: z.boolean(), start_balance: z.number(), end_balance: z.number(),
  total_credits: z.number(), num_credits: z.number().int(), true_credits: z.number(), num_true_credits: z.number().int(),
  non_true_credits: z.number(), num_non_true_credits: z.number().int(), total_debits: z.number(), num_debits: z.number().int(),
  true_debits: z.number(), non_true_debits: z.number(), net_cash_flow: z.number(), average_balance: z.number(),
  minimum_balance: z.number(), nsf_count: z.number().int(), negative_days: z.number().int(), edited: z.boolean(),
  /** Fraud score of the statement's file when it was scored; never sent to pdfinsights. */
  fraud_score: z.number().optional(),
  duplicate: z.boolean().optional(),
  duplicate_of: z.object({ statementid: z.number().int(), tid: z.string(), file_name: z.string() }).optional(),
});
export type StatementSummary = z.infer<typeof StatementSummarySchema>;
export const MultiFileResultsSchema = z.object({
  file_status: z.array(FileStatusSchema),
  statement_summaries: z.array(StatementSummarySchema),
  appinfo: AppInfoSchema,
  /** Consistency checks over the application's statements (docs/api.md 6.3a). */
  checks: z.array(CheckSchema).optional(),
  prequalify: z.array(PrequalifyResultSchema).optional(),
  scorecard: ScorecardSchema.optional(),
  transactions: TransactionsSchema.optional(),
  userdata: z.unknown().optional(),
  message: z.string().optional(),
});
export type MultiFileResults = z.infer<typeof MultiFileResultsSchema>;
export const MakeCsvResponseSchema = z.object({ file_status: z.array(FileStatusSchema), appinfo: AppInfoSchema, userdata: z.unknown().optional(), message: z.string().optional() });
export const CheckProgressPendingSchema = z.object({ message: z.string() });
export const CancelConversionResponseSchema = z.object({ cancelled: z.literal(true), resfile: z.string(), file_status: z.array(FileStatusSchema) });
export const RemainingSchema = z.object({ Remaining: z.number().int() });
export const DeleteStatementResponseSchema = z.object({ applicationId: z.number().int(), deletedStatementIds: z.array(z.number().int()) });
export const SignedUrlResponseSchema = z.object({ url: z.string() });
export const ErrorSchema = z.object({ error: z.string(), requestId: z.string().optional() });
export const MakeCsvFields = UploadFieldsSchema.pick({ appnumber: true, appid: true, webhook: true, whonlynotify: true, owner: true, userdata: true, trackingId: true, email: true });
