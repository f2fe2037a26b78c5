import { z } from 'zod';

/**
 * Key figures of a tax form (file_status `taxForm`): dollars, null when the form should print the
 * figure but it could not be read (then named in `unread`). EIN/TIN show the last four digits only.
 */
export const TaxFormFiguresSchema = z.object({
  kind: z.string(),
  isReturn: z.boolean(),
  taxYear: z.number().int().nullable(),
  ein: z.string(),
  tin: z.string(),
  wages: z.number().nullable().optional(),
  federalWithheld: z.number().nullable().optional(),
  grossReceipts: z.number().nullable().optional(),
  totalIncome: z.number().nullable().optional(),
  totalExpenses: z.number().nullable().optional(),
  netProfit: z.number().nullable().optional(),
  netPay: z.number().nullable().optional(),
  ytdGross: z.number().nullable().optional(),
  unread: z.array(z.string()),
});
export type TaxFormFigures = z.infer<typeof TaxFormFiguresSchema>;
