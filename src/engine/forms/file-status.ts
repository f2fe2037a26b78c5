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

/**
 * The tax forms one file's result holds: its own form, or each form of a package (a package's
 * `taxForm` is its first part's, not one more). The service's counts and the CLI's share it.
 */
export function taxFormsOfStatus<T>(item: { taxForm?: T; documentParts?: Array<{ taxForm?: T }> }): T[] {
  const parts = (item.documentParts ?? []).flatMap((p) => (p.taxForm ? [p.taxForm] : []));
  return parts.length ? parts : item.taxForm ? [item.taxForm] : [];
}
