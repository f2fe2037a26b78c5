import type { Query } from '../store/query.js';
import { formResultsOfApp } from '../store/conversions.js';
import type { ApplicationForm } from '../../contract/api/application-form.js';
import type { TaxFormFigures } from '../../contract/api/tax-form.js';
import { taxFormsOfStatus } from '../../contract/api/form-items.js';

/** The application forms read into an application, oldest first (from the stored results). */
export async function formsOfApp(db: Query, appId: number): Promise<ApplicationForm[]> {
  const out: ApplicationForm[] = [];
  for (const results of await formResultsOfApp(db, appId)) for (const item of results) if (item.form) out.push(item.form as ApplicationForm);
  return out;
}

/**
 * The tax forms read into an application, oldest first, with the file each came from
 * (taxFormsOfStatus: a statement package with a W-2 and a pay stub counts two).
 */
export async function taxFormsOfApp(db: Query, appId: number): Promise<Array<TaxFormFigures & { fileName: string }>> {
  const out: Array<TaxFormFigures & { fileName: string }> = [];
  for (const results of await formResultsOfApp(db, appId)) for (const item of results) {
    for (const f of taxFormsOfStatus(item)) out.push({ ...(f as TaxFormFigures), fileName: item.fileName });
  }
  return out;
}
