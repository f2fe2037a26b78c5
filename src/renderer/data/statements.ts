import type { StoredFileStatus } from '../../contract/ipc.js';
import { isFormItem } from '../../contract/api/form-items.js';

/** One row of the statements summary table, read from a file_status item (amounts in the statement's currency). */
export interface StatementRow {
  key: string;
  /** The service's statement id (null for a file that produced no statement). */
  statementid: number | null;
  fileName: string;
  accountNumber: string;
  bankName: string;
  currency: string;
  startDate: string;
  endDate: string;
  startBalance: number | null;
  endBalance: number | null;
  totCredits: number | null;
  totDebits: number | null;
  reconciled: boolean;
  error: string | null;
  firstBrokenRow: StoredFileStatus['firstBrokenBalanceRow'] | null;
}

/** A file_status item of a file that could not be converted: its error, else null. */
function failure(fs: StoredFileStatus): string | null {
  if (fs.error) return fs.error;
  return fs.numTransactions < 0 ? 'conversion failed' : null;
}

export function statementRows(fileStatus: StoredFileStatus[]): StatementRow[] {
  // A form's item holds no statement: its figures are the tax-form table's, not a row of $0.00.
  return fileStatus.filter((fs) => failure(fs) || !isFormItem(fs)).map((fs, i) => {
    const error = failure(fs);
    // A failed file has no figures: nothing is shown as $0.00.
    const fig = (v: number) => (error ? null : v);
    return {
      key: `${fs.fileConversionId}-${fs.tid}-${i}`,
      statementid: fs.statementid,
      fileName: fs.fileName,
      accountNumber: fs.accountNumber,
      bankName: fs.bankName || '',
      // '' when the engine could not tell the currency: shown as such, never as USD.
      currency: fs.currencycode ?? 'USD',
      startDate: fs.startDate,
      endDate: fs.endDate,
      startBalance: fig(fs.startBalance),
      endBalance: fig(fs.endBalance),
      totCredits: fig(fs.totCredits),
      totDebits: fig(fs.totDebits),
      reconciled: fs.reconciled,
      error,
      firstBrokenRow: fs.firstBrokenBalanceRow,
    };
  });
}

/** job id → the conversion error, for jobs whose every file_status item failed. */
export function conversionErrors(fileStatus: StoredFileStatus[]): Map<number, string> {
  const byJob = new Map<number, { errors: string[]; ok: number }>();
  for (const fs of fileStatus) {
    let e = byJob.get(fs.jobId);
    if (!e) byJob.set(fs.jobId, (e = { errors: [], ok: 0 }));
    const error = failure(fs);
    if (error) e.errors.push(error);
    else e.ok++;
  }
  const out = new Map<number, string>();
  for (const [id, e] of byJob) if (e.errors.length && !e.ok) out.set(id, e.errors[0]!);
  return out;
}
