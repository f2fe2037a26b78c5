import type { StatementRecord } from '../store/statements.js';
import type { TaxFormFigures } from '../../contract/api/tax-form.js';
import type { Scorecard, ScorecardRow, ScorecardSection } from '../../contract/api/scorecard.js';

export interface TaxFormRow {
  file: string; form: string; tax_year: number | null; gross_receipts: number | null; net_profit: number | null; wages: number | null;
  /** Credits the bank statements call revenue (true credits) in that tax year, dollars; null when no statement covers it. */
  bank_true_revenue: number | null;
  /** gross receipts ÷ bank true revenue (declared vs deposited); null when either is missing. */
  receipts_to_deposits: number | null;
}

/**
 * The tax forms' figures beside what the bank statements show for the same year: the
 * `taxscorelist` section gains `forms` ({labels, columns, data} like every section), so an
 * underwriter sees declared gross receipts next to deposited revenue. Money in integer cents
 * while summing.
 */
export function taxFormRows(forms: Array<TaxFormFigures & { fileName: string }>, statements: StatementRecord[]): TaxFormRow[] {
  const byYear = new Map<number, number>();
  for (const s of statements) for (const t of s.transactions) {
    if (t.amount > 0 && t.trueval !== false) {
      const y = Number(t.date.slice(0, 4));
      byYear.set(y, (byYear.get(y) ?? 0) + t.amount);
    }
  }
  return forms.map((f) => {
    const revCents = f.taxYear !== null ? byYear.get(f.taxYear) ?? null : null;
    const rev = revCents === null ? null : revCents / 100;
    const gross = f.grossReceipts ?? null;
    return {
      file: f.fileName, form: f.kind, tax_year: f.taxYear, gross_receipts: gross, net_profit: f.netProfit ?? null, wages: f.wages ?? null,
      bank_true_revenue: rev, receipts_to_deposits: gross !== null && rev ? Math.round((gross / rev) * 100) / 100 : null,
    };
  });
}

const COLUMNS = ['file', 'form', 'tax_year', 'gross_receipts', 'net_profit', 'wages', 'bank_true_revenue', 'receipts_to_deposits'] as const;
const LABELS = ['File', 'Form', 'Tax year', 'Gross receipts', 'Net profit', 'Wages', 'Bank true revenue (same year)', 'Receipts ÷ deposits'];

/** Adds `forms` to a scorecard's taxscorelist section when the scorecard has that section. */
export function withTaxForms(card: Scorecard, rows: TaxFormRow[], format: string): Scorecard {
  const section = card.taxscorelist as ScorecardSection | undefined;
  if (!section || Array.isArray(section)) return card;
  const data: ScorecardRow[] = format === 'jsonobject' ? rows.map((r) => ({ ...r })) : rows.map((r) => COLUMNS.map((c) => r[c]));
  return { ...card, taxscorelist: { ...section, forms: { labels: LABELS, columns: [...COLUMNS], data } } };
}
