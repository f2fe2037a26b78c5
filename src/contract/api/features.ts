import { z } from 'zod';
import { formBoolean, formInt } from './form-fields.js';

/**
 * Requests of the operator-enabled features (reference 4.2: /googlesheets, /creditreport,
 * Briefcase). Where the reference says "parameters: not shown", these are Ledgerdrop's choices,
 * documented in docs/api.md. The routes validate with these; the OpenAPI document shows them.
 */
const required = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const appid = formInt.pipe(z.number().int().min(1, 'must be a positive integer'));

export const GoogleSheetsRequest = z.object({
  appnumber: required(200),
  sheetid: required(200).regex(/^[A-Za-z0-9_-]+$/, 'must be a sheet ID (letters, digits, - and _)'),
});

export const CreditReportRequest = z.object({
  appid,
  /** Which owner of the application form to pull: 1 or 2. */
  ownerindex: formInt.pipe(z.number().int().min(1, 'must be 1 or 2').max(2, 'must be 1 or 2')).default(1),
  /** The caller confirms the applicant's consent to a soft pull is on file. */
  consent: formBoolean.refine((v) => v, 'must be true: a soft pull needs the applicant\'s consent on file'),
});

export const BriefcaseConnectionsRequest = z.object({
  connectionid: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});

export const BriefcaseShareRequest = z.object({
  appid,
  /** The receiving party: its Briefcase connection ID. */
  connectionid: required(200),
  /** Statements to share (comma-separated tids); all of the application when absent. */
  tids: z.string().max(4000, 'must be at most 4000 characters').optional(),
  message: z.string().max(1000, 'must be at most 1000 characters').optional(),
});

export const BriefcaseRespondRequest = z.object({
  /** The key delivered to the receiver by the share webhook. */
  sharekey: required(500),
  action: z.string({ error: 'is required' }).pipe(z.enum(['accept', 'reject'], { error: 'must be accept or reject' })),
  reason: z.string().max(1000, 'must be at most 1000 characters').optional(),
});

export const BriefcaseUpdateRequest = z.object({
  appid,
  shareid: required(200),
});

export const BriefcaseHistoryRequest = z.object({
  limit: formInt.pipe(z.number().int().min(1, 'must be 1 or more').max(1000, 'must be at most 1000')).default(100),
});
