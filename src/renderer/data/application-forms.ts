import type { StoredFileStatus } from '../../contract/ipc.js';
import { FORM_BUSINESS_FIELDS, FORM_OWNER_FIELDS } from '../../contract/api/form-field-names.js';

/** The window's words for the reference's form fields. */
const BUSINESS_LABEL: Record<(typeof FORM_BUSINESS_FIELDS)[number], string> = {
  legalName: 'Legal name', dba: 'DBA', federalTaxId: 'Federal tax ID', dateBusStart: 'Business started', legalForm: 'Entity',
  typeOfBiz: 'Type of business', stateOfInc: 'State of incorporation', prodOrServ: 'Products or services', physAddrStreet: 'Street',
  physAddrCity: 'City', physAddrState: 'State', physAddrZip: 'ZIP', phone: 'Phone', mobile: 'Mobile', email: 'Email', website: 'Website',
  amountRequested: 'Amount requested', grossAnnualRev: 'Gross annual revenue', grossCcReceipts: 'Card receipts (monthly)', loanCorp: 'Current lender',
};
const OWNER_LABEL: Record<(typeof FORM_OWNER_FIELDS)[number], string> = {
  Name: 'Name', Title: 'Title', Perc: 'Ownership', Street: 'Street', City: 'City', State: 'State', Zip: 'ZIP', DOB: 'Date of birth',
  SSN: 'SSN', Phone: 'Phone', Email: 'Email', CredScore: 'Credit score',
};
/** What an underwriter looks for first: named as missing when the form did not give it. */
const KEY_FIELDS: Array<(typeof FORM_BUSINESS_FIELDS)[number]> = ['legalName', 'federalTaxId', 'amountRequested', 'grossAnnualRev', 'dateBusStart'];

export interface FormField { field: string; label: string; value: string }
export interface ApplicationFormRow {
  key: string;
  fileName: string;
  business: FormField[];
  owners: FormField[][];
  /** Key fields the form did not give. */
  missing: string[];
}

/** An SSN in the window shows its last four digits only: the window is printed and screen-shared. */
const maskSsn = (v: string) => { const d = v.replace(/\D/g, ''); return d.length >= 4 ? `***-**-${d.slice(-4)}` : v; };

/**
 * The application forms read into an application, one row per file: the business fields found,
 * each owner's, and which key fields the form left empty. A file stored once per statement is
 * listed once.
 */
export function applicationFormRows(fileStatus: StoredFileStatus[]): ApplicationFormRow[] {
  const out: ApplicationFormRow[] = [];
  const seen = new Set<number>();
  for (const item of fileStatus) {
    const form = item.form as Record<string, unknown> | undefined;
    if (!form || seen.has(item.jobId)) continue;
    seen.add(item.jobId);
    const value = (f: string) => (typeof form[f] === 'string' ? (form[f] as string).trim() : '');
    const business = FORM_BUSINESS_FIELDS.filter((f) => value(f)).map((f) => ({ field: f, label: BUSINESS_LABEL[f], value: value(f) }));
    const owners = [1, 2].map((n) => FORM_OWNER_FIELDS.filter((f) => value(`owner${n}${f}`))
      .map((f) => ({ field: `owner${n}${f}`, label: OWNER_LABEL[f], value: f === 'SSN' ? maskSsn(value(`owner${n}${f}`)) : value(`owner${n}${f}`) })))
      .filter((o) => o.length > 0);
    out.push({ key: String(item.jobId), fileName: item.fileName, business, owners, missing: KEY_FIELDS.filter((f) => !value(f)).map((f) => BUSINESS_LABEL[f]) });
  }
  return out;
}
