import type { StoredFileStatus } from '../../contract/ipc.js';
import type { TaxFormFigures } from '../../contract/api/tax-form.js';
import { taxFormsOfStatus } from '../../contract/api/form-items.js';

/** The figures a tax form or pay stub can carry, in the order an underwriter reads them, with the form's own words. */
const FIGURES: Array<{ key: keyof TaxFormFigures; label: string; payStub?: string }> = [
  { key: 'wages', label: 'Wages (box 1)', payStub: 'Gross pay, this period' },
  { key: 'federalWithheld', label: 'Federal tax withheld (box 2)' },
  { key: 'socialSecurityWages', label: 'Social security wages (box 3)' },
  { key: 'socialSecurityWithheld', label: 'Social security tax withheld (box 4)' },
  { key: 'medicareWages', label: 'Medicare wages (box 5)' },
  { key: 'medicareWithheld', label: 'Medicare tax withheld (box 6)' },
  { key: 'grossReceipts', label: 'Gross receipts' },
  { key: 'totalIncome', label: 'Total income' },
  { key: 'totalExpenses', label: 'Total expenses' },
  { key: 'netProfit', label: 'Net profit' },
  { key: 'ytdGross', label: 'Gross pay, year to date' },
  { key: 'netPay', label: 'Net pay' },
];

export interface TaxFormFigure { label: string; /** Dollars; null when the form prints it but it could not be read. */ value: number | null }

export interface TaxFormRow {
  key: string;
  jobId: number;
  fileName: string;
  kind: string;
  taxYear: number | null;
  isReturn: boolean;
  ein: string;
  tin: string;
  figures: TaxFormFigure[];
  unread: string[];
}

/**
 * The tax forms and pay stubs of an application's files, one row per form (a package's forms
 * each), with the figures its kind carries: a figure the reader could not read is kept, empty,
 * so the window flags it rather than leaving it out. A file whose result is stored once per
 * statement repeats its forms on each item: listed once.
 */
export function taxFormRows(fileStatus: StoredFileStatus[]): TaxFormRow[] {
  const out: TaxFormRow[] = [];
  const seen = new Set<number>();
  for (const item of fileStatus) {
    if (seen.has(item.jobId)) continue;
    const forms = taxFormsOfStatus(item);
    if (!forms.length) continue;
    seen.add(item.jobId);
    forms.forEach((f, i) => {
      const figures: TaxFormFigure[] = [];
      for (const { key, label, payStub } of FIGURES) {
        const v = f[key];
        if (v === undefined) continue;
        figures.push({ label: f.kind === 'Pay Stub' && payStub ? payStub : label, value: typeof v === 'number' && Number.isFinite(v) ? v : null });
      }
      out.push({
        key: `${item.jobId}|${i}`, jobId: item.jobId, fileName: item.fileName, kind: f.kind, taxYear: f.taxYear,
        isReturn: f.isReturn, ein: f.ein, tin: f.tin, figures, unread: f.unread,
      });
    });
  }
  return out;
}
