// What a file_status item holds of forms, apart from the zod schemas (file-status.ts,
// tax-form.ts) so the engine and `ledgerdrop convert`, which load no zod, can use it.

/**
 * The tax forms one file's result holds: its own form, or each form of a package (a package's
 * `taxForm` is its first part's, not one more). The service's counts, the CLI's and the window's
 * share it.
 */
export function taxFormsOfStatus<T>(item: { taxForm?: T; documentParts?: Array<{ taxForm?: T }> }): T[] {
  const parts = (item.documentParts ?? []).flatMap((p) => (p.taxForm ? [p.taxForm] : []));
  return parts.length ? parts : item.taxForm ? [item.taxForm] : [];
}

/**
 * Whether a file_status item is a form's (an application form or a tax form) rather than a
 * statement's: it has no statement, so nothing in it is to reconcile or to list as a statement.
 */
export function isFormItem(item: { statementid?: number | null; taxForm?: unknown; form?: unknown }): boolean {
  return (item.statementid === null || item.statementid === undefined) && (item.taxForm !== undefined || item.form !== undefined);
}
