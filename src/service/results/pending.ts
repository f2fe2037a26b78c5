import { errorFileStatus } from '../../engine/statement/file-status.js';
import type { FileStatus } from '../../contract/api/file-status.js';
import type { Conversion } from '../store/conversions.js';

/** The file_status item of a conversion still running: no figures yet, its `resfile` to poll. */
export function pendingFileStatus(c: Conversion, remaining: number, fileName = ''): FileStatus {
  const item = errorFileStatus({
    fileName, fileConversionId: c.id, resfile: c.resfile, statementid: null, tid: '', trackingId: c.trackingId || c.resfile,
    remaining, numInLast3Days: 0, webhook: c.webhook,
    customerid: String(c.options.customerid ?? ''), email: String(c.options.email ?? ''),
  }, '');
  delete item.error;
  return { ...item, fail: false, numTransactions: 0, suggestion: 'conversion in progress: poll /checkprogress with resfile' };
}
