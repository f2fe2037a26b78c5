/**
 * How application forms label each field of the reference's `form`, in lower case. A printed
 * label or an AcroForm field name matches when, reduced to letters, digits, % and #, it equals
 * one of these. Owner labels apply inside an owner section (or an owner-prefixed field name).
 * Data: add a spelling with a test by example.
 */
export const BUSINESS_FIELD_LABELS: Record<string, string[]> = {
  legalName: ['legal business name', 'business legal name', 'legal name', 'legal name of business', 'company legal name', 'business name', 'company name', 'merchant legal name', 'corporate name'],
  dba: ['dba', 'd b a', 'dba name', 'doing business as', 'trade name', 'dba trade name'],
  federalTaxId: ['federal tax id', 'federal tax id number', 'federal tax id #', 'fein', 'ein', 'tax id', 'tax id #', 'tin', 'federal ein', 'employer identification number'],
  dateBusStart: ['date business started', 'business start date', 'business inception date', 'date established', 'date of inception', 'start date', 'inception date', 'date started'],
  legalForm: ['legal entity type', 'entity type', 'legal form', 'type of entity', 'business structure', 'legal structure', 'entity'],
  typeOfBiz: ['type of business', 'business type', 'industry', 'nature of business', 'type of industry'],
  stateOfInc: ['state of incorporation', 'state of organization', 'state incorporated', 'state of formation', 'incorporation state'],
  prodOrServ: ['products/services sold', 'products services sold', 'products or services', 'products/services', 'product/service', 'products sold', 'description of products/services', 'products services'],
  physAddrStreet: ['physical address', 'business address', 'street address', 'address', 'business street address', 'street'],
  physAddrCity: ['city', 'business city'],
  physAddrState: ['state', 'business state'],
  physAddrZip: ['zip', 'zip code', 'postal code', 'business zip'],
  phone: ['business phone', 'phone', 'telephone', 'business telephone', 'phone number', 'business phone number'],
  mobile: ['mobile', 'mobile phone', 'cell', 'cell phone', 'business mobile'],
  email: ['email', 'e-mail', 'business email', 'email address', 'business e-mail'],
  website: ['website', 'web site', 'url', 'business website', 'web address'],
  amountRequested: ['amount requested', 'requested amount', 'funding amount requested', 'loan amount requested', 'requested funding amount', 'funding requested'],
  grossAnnualRev: ['gross annual revenue', 'annual revenue', 'annual gross sales', 'gross annual sales', 'annual sales', 'gross annual revenues'],
  grossCcReceipts: ['monthly credit card receipts', 'credit card receipts', 'gross monthly credit card sales', 'monthly credit card volume', 'credit card volume', 'avg monthly credit card sales'],
  loanCorp: ['current lender', 'current lenders', 'existing lender', 'current funding company', 'loan company', 'lender', 'outstanding loans with'],
};

export const OWNER_FIELD_LABELS: Record<string, string[]> = {
  Name: ['owner name', 'name', 'full name', 'principal name', 'owner full name', 'owner'],
  Title: ['title', 'owner title', 'position'],
  Perc: ['ownership %', 'ownership', 'ownership percentage', '% ownership', 'percent ownership', '% owned', 'ownership percent'],
  Street: ['home address', 'address', 'street address', 'residential address', 'street', 'owner address'],
  City: ['city'],
  State: ['state'],
  Zip: ['zip', 'zip code', 'postal code'],
  DOB: ['date of birth', 'dob', 'birth date', 'birthdate'],
  SSN: ['social security number', 'ssn', 'social security #', 'social security', 'ss#', 'ss #'],
  Phone: ['cell phone', 'phone', 'mobile', 'home phone', 'mobile phone', 'owner phone'],
  Email: ['email', 'e-mail', 'email address', 'owner email'],
  CredScore: ['credit score', 'fico', 'fico score', 'estimated credit score', 'est credit score'],
};

/** Headings that start an owner's section; the number is read from the heading (first/second too). */
export const OWNER_SECTION = /\b(?:owner|principal|guarantor|officer)\s*(?:#\s*)?([12])\b|\b(first|second)\s+(?:owner|principal|guarantor)\b|\bco-?owner\b/i;
/** Headings that return to the business's own fields. */
export const BUSINESS_SECTION = /\b(?:business|company|merchant)\s+(?:information|info|details|profile)\b/i;
