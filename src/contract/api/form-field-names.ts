// The application form's field names, kept apart from its zod schema (application-form.ts) so the
// engine, which reads forms, loads no zod.

/** Business fields of an application form (reference 2.2, `form`), in reference order. */
export const FORM_BUSINESS_FIELDS = [
  'legalName', 'dba', 'federalTaxId', 'dateBusStart', 'legalForm', 'typeOfBiz', 'stateOfInc', 'prodOrServ',
  'physAddrStreet', 'physAddrCity', 'physAddrState', 'physAddrZip', 'phone', 'mobile', 'email', 'website',
  'amountRequested', 'grossAnnualRev', 'grossCcReceipts', 'loanCorp',
] as const;

/** Per-owner fields; the reference names them owner1… and owner2…. */
export const FORM_OWNER_FIELDS = ['Name', 'Title', 'Perc', 'Street', 'City', 'State', 'Zip', 'DOB', 'SSN', 'Phone', 'Email', 'CredScore'] as const;

export const FORM_FIELDS = [
  ...FORM_BUSINESS_FIELDS,
  ...[1, 2].flatMap((n) => FORM_OWNER_FIELDS.map((f) => `owner${n}${f}`)),
] as readonly string[];

/** Fields never written to logs or anything but the results (masked elsewhere). */
export const SENSITIVE_FORM_FIELDS = ['owner1SSN', 'owner2SSN', 'owner1DOB', 'owner2DOB'] as const;
