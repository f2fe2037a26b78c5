import { z } from 'zod';

/** Business fields of an application form (reference 2.2, `form`), in reference order. */
export const FORM_BUSINESS_FIELDS = [
  'legalName', 'dba', 'federalTaxId', 'dateBusStart', 'legalForm', 'typeOfBiz', 'stateOfInc', 'prodOrServ',
  'physAddrStreet', 'physAddrCity', 'physAddrState', 'physAddrZip', 'phone', 'mobile', 'email', 'website',
  'amountRequested', 'grossAnnualRev', 'grossCcReceipts', 'loanCorp',
] as const;

/** Per-owner fields; the reference names them owner1… and owner2…. */
export const FORM_OWNER_FIELDS = ['Name', 'Title', 'Perc', 'Street', 'City', 'State', 'Zip', 'DOB', 'SSN', 'Phone', 'Email', 'CredScore'] as const;

export const FORM_FIELDS = [
  ...FORM_BUSINESS_FIELDS,
  ...[1, 2].flatMap((n) => FORM_OWNER_FIELDS.map((f) => `owner${n}${f}`)),
] as readonly string[];

/** Fields never written to logs or anything but the results (masked elsewhere). */
export const SENSITIVE_FORM_FIELDS = ['owner1SSN', 'owner2SSN', 'owner1DOB', 'owner2DOB'] as const;

/**
 * `form` of a file_status item: every field as a string ('' when the form does not hold it),
 * `submissionId`, `nbFoundFields` (fields found) and `fields` (every label/field the reader saw,
 * as printed, including those that map to no reference field).
 */
export const ApplicationFormSchema = z.object({
  ...Object.fromEntries(FORM_FIELDS.map((f) => [f, z.string()])) as Record<string, z.ZodString>,
  submissionId: z.number().int(),
  nbFoundFields: z.number().int(),
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type ApplicationForm = Record<string, string> & { submissionId: number; nbFoundFields: number; fields: { name: string; value: string }[] };
