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
  /** W-2 boxes 3–6: wages subject to social security and Medicare (box 1 plus pre-tax deferrals; box 3 stops at the year's wage base), and the tax withheld on each. */
  socialSecurityWages: z.number().nullable().optional(),
  socialSecurityWithheld: z.number().nullable().optional(),
  medicareWages: z.number().nullable().optional(),
  medicareWithheld: z.number().nullable().optional(),
  grossReceipts: z.number().nullable().optional(),
  totalIncome: z.number().nullable().optional(),
  totalExpenses: z.number().nullable().optional(),
  netProfit: z.number().nullable().optional(),
  netPay: z.number().nullable().optional(),
  ytdGross: z.number().nullable().optional(),
  unread: z.array(z.string()),
});
export type TaxFormFigures = z.infer<typeof TaxFormFiguresSchema>;
