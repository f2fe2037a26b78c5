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

/**
 * Briefcase. A party is named by its connection ID: the username of an account of this service,
 * or `username@remote` for an account on another service of the same API that the operator
 * configured as `config.briefcase.remotes.<remote>`.
 */
const connectionId = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters')
  .regex(/^[^\s:]+$/, 'must be a connection ID (a username, or username@remote), without spaces or ":"');

export const BriefcaseConnectionsRequest = z.object({
  /** One connection (a counterparty) instead of all of them. */
  connectionid: connectionId.optional(),
});

export const BriefcaseShareRequest = z.object({
  appid,
  /** The receiving party's connection ID. */
  connectionid: z.string({ error: 'is required' }).pipe(connectionId),
  /** Not supported: a share is the whole application (400 when given). */
  tids: z.string().max(4000, 'must be at most 4000 characters').optional(),
  message: z.string().max(1000, 'must be at most 1000 characters').optional(),
});

export const BriefcaseRespondRequest = z.object({
  /** The key delivered to the receiver by the share webhook (also in the receiver's /briefcase/history while open). */
  sharekey: required(500),
  action: z.string({ error: 'is required' }).pipe(z.enum(['accept', 'reject'], { error: 'must be accept or reject' })),
  reason: z.string().max(1000, 'must be at most 1000 characters').optional(),
});

export const BriefcaseUpdateRequest = z.object({
  appid,
  /** One share of the application; every open or accepted share of it when absent. */
  shareid: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});

export const BriefcaseHistoryRequest = z.object({
  limit: formInt.pipe(z.number().int().min(1, 'must be 1 or more').max(1000, 'must be at most 1000')).default(100),
});

/** Answers of the Briefcase endpoints (Ledgerdrop's choice where the reference says "not shown"). */
export const BriefcaseShareStatus = z.enum(['offered', 'accepted', 'rejected']);

export const BriefcaseShareItem = z.object({
  shareid: z.string(),
  /** sent: this account offered it; received: it was offered to this account. */
  direction: z.enum(['sent', 'received']),
  from: z.string(),
  to: z.string(),
  appid: z.number().int(),
  appnumber: z.string(),
  owner: z.string(),
  status: BriefcaseShareStatus,
  message: z.string(),
  reason: z.string(),
  /** Files in the application now. */
  documents: z.number().int(),
  offeredAt: z.string(),
  respondedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updates: z.number().int(),
  /** Only to the receiver, only while the offer is open: the key /briefcase/respond takes. */
  sharekey: z.string().optional(),
});
export type BriefcaseShareItem = z.infer<typeof BriefcaseShareItem>;

export const BriefcaseShareResponse = z.object({
  shareid: z.string(),
  status: BriefcaseShareStatus,
  to: z.string(),
  appid: z.number().int(),
  appnumber: z.string(),
  documents: z.number().int(),
  /** Whether a share webhook was queued for the receiver (it has a Briefcase webhook). */
  receiverNotified: z.boolean(),
});

export const BriefcaseRespondResponse = z.object({
  shareid: z.string(),
  status: BriefcaseShareStatus,
  from: z.string(),
  /** The application the receiver now reads (read-only) when accepted. */
  appid: z.number().int(),
  appnumber: z.string(),
  senderNotified: z.boolean(),
});

export const BriefcaseUpdateResponse = z.object({
  appid: z.number().int(),
  documents: z.number().int(),
  notified: z.array(z.object({ shareid: z.string(), to: z.string(), receiverNotified: z.boolean() })),
});

export const BriefcaseConnection = z.object({
  connectionid: z.string(),
  /** true: an account of this service; false: a party on a configured remote service. */
  local: z.boolean(),
  sent: z.number().int(),
  received: z.number().int(),
  accepted: z.number().int(),
  open: z.number().int(),
  lastOfferAt: z.string().nullable(),
});

export const BriefcaseConnectionsResponse = z.object({
  /** This account's own connection ID: what a sender names to share with it. */
  connectionid: z.string(),
  /** Whether Briefcase webhooks reach this account (the operator sets its Briefcase webhook). */
  webhook: z.boolean(),
  /** Remote services this server can share with (names usable after @). */
  remotes: z.array(z.string()),
  connections: z.array(BriefcaseConnection),
});
