import { z } from 'zod';
import { FORM_FIELDS } from './form-field-names.js';

export { FORM_BUSINESS_FIELDS, FORM_OWNER_FIELDS, FORM_FIELDS, SENSITIVE_FORM_FIELDS } from './form-field-names.js';

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
