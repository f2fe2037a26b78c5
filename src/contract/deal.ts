/**
 * An underwriter's words for where a deal stands, in the order a deal moves through them, and
 * the shapes of the edits an underwriter makes (kept on this machine with who made them and when).
 */
export const DEAL_STATUSES = ['new', 'in_review', 'approved', 'declined', 'funded'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const DEAL_STATUS_TITLES: Record<DealStatus, string> = {
  new: 'New', in_review: 'In review', approved: 'Approved', declined: 'Declined', funded: 'Funded',
};

/** What an audit entry records a change of. */
export const AUDIT_ACTIONS = [
  'deal_status', 'assignee', 'note', 'statement_excluded', 'statement_included', 'transaction_category', 'transaction_trueval',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Ways the applications list is sorted. */
export const APP_SORTS = ['activity', 'created', 'appnumber', 'status', 'assignee'] as const;
export type AppSort = (typeof APP_SORTS)[number];
