import { isRecord, num, str } from './format.js';

/** One row of the statements summary table, read from a file_status item (dollars). */
export interface StatementRow {
  key: string;
  fileName: string;
  accountNumber: string;
  bankName: string;
  startDate: string;
  endDate: string;
  startBalance: number | null;
  endBalance: number | null;
  totCredits: number | null;
  totDebits: number | null;
  reconciled: boolean;
  error: string | null;
  firstBrokenRow: { index: number; date: string; description: string; expectedBalance: number; printedBalance: number } | null;
}

export function statementRows(fileStatus: unknown[]): StatementRow[] {
  return fileStatus.filter(isRecord).map((fs, i) => {
    const broken = isRecord(fs.firstBrokenBalanceRow) ? fs.firstBrokenBalanceRow : null;
    const n = num(fs.numTransactions);
    return {
      key: `${str(fs.fileConversionId)}-${str(fs.tid)}-${i}`,
      fileName: str(fs.fileName),
      accountNumber: str(fs.accountNumber),
      bankName: str(fs.bankName) || 'Unknown',
      startDate: str(fs.startDate),
      endDate: str(fs.endDate),
      startBalance: num(fs.startBalance),
      endBalance: num(fs.endBalance),
      totCredits: num(fs.totCredits),
      totDebits: num(fs.totDebits),
      reconciled: fs.reconciled === true,
      error: typeof fs.error === 'string' && fs.error ? fs.error : n !== null && n < 0 ? 'conversion failed' : null,
      firstBrokenRow: broken
        ? { index: num(broken.index) ?? 0, date: str(broken.date), description: str(broken.description), expectedBalance: num(broken.expectedBalance) ?? 0, printedBalance: num(broken.printedBalance) ?? 0 }
        : null,
    };
  });
}

/** job id → the conversion error, for jobs whose every file_status item failed (`jobId` is added by the core). */
export function conversionErrors(fileStatus: unknown[]): Map<number, string> {
  const byJob = new Map<number, { errors: string[]; ok: number }>();
  for (const fs of fileStatus.filter(isRecord)) {
    const id = num(fs.jobId);
    if (id === null) continue;
    let e = byJob.get(id);
    if (!e) byJob.set(id, (e = { errors: [], ok: 0 }));
    const n = num(fs.numTransactions);
    if (typeof fs.error === 'string' && fs.error) e.errors.push(fs.error);
    else if (n !== null && n < 0) e.errors.push('conversion failed');
    else e.ok++;
  }
  const out = new Map<number, string>();
  for (const [id, e] of byJob) if (e.errors.length && !e.ok) out.set(id, e.errors[0]!);
  return out;
}
