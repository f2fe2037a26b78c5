import type { FileStatus } from '../../contract/api/file-status.js';
import type { ParsedDocument } from '../../contract/model.js';
import { errorFileStatus, type FileStatusContext } from '../statement/file-status.js';

/**
 * The file_status item of an application form (its fields in `form`) or a tax form (`TaxForms`
 * names it, its key figures in `taxForm`): no statement.
 */
export function formFileStatus(ctx: FileStatusContext, doc: ParsedDocument): FileStatus {
  const item = errorFileStatus(ctx, '', doc);
  delete item.error;
  const out: FileStatus = { ...item, fail: false, numTransactions: 0, suggestion: '', accounttypestr: '' };
  if (doc.form) out.form = { ...doc.form, submissionId: ctx.fileConversionId };
  if (doc.taxForm) {
    out.taxForm = doc.taxForm;
    out.TaxForms = doc.taxForm.kind;
    if (doc.taxForm.unread.length) out.suggestion = `could not read: ${doc.taxForm.unread.join(', ')}`;
  }
  return out;
}

