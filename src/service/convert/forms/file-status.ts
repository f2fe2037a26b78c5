import type { FileStatus } from '../../../contract/api/file-status.js';
import type { ParsedDocument } from '../../../contract/model.js';
import { errorFileStatus, type FileStatusContext } from '../statement/file-status.js';

/** The file_status item of an application form: no statement, the form's fields in `form`. */
export function formFileStatus(ctx: FileStatusContext, doc: ParsedDocument & { form: NonNullable<ParsedDocument['form']> }): FileStatus {
  const item = errorFileStatus(ctx, '', doc);
  delete item.error;
  return {
    ...item, fail: false, numTransactions: 0, suggestion: '', accounttypestr: '',
    form: { ...doc.form, submissionId: ctx.fileConversionId },
  };
}
