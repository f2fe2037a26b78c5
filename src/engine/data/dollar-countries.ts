/**
 * Which dollar a statement that prints only a bare "$" is in: evidence of the country printed
 * anywhere in it. Data, not logic (the scoring is in pdf/currency.ts). Each pattern is a
 * regular expression over the page text (case as printed unless the pattern says `i`) with a
 * weight: 3 = says the country by itself (its name, a postcode shape only it uses with a state
 * or province, an account-number shape only its banks print), 1–2 = points there (a tax word,
 * a phone shape, a local payment network). A country is taken only with a score of 3 or more
 * and at least 2 more than any other dollar country; otherwise the currency is left unknown
 * and the statement says why.
 */
export interface DollarCountry {
  country: string;
  currency: string;
  evidence: { name: string; re: RegExp; weight: number }[];
}

/**
 * Space within one line, never a line break: a region and its postcode are printed on one line,
 * and a row's wrapped line ending in a state ("AMZN.COM/BILL WA") over the next one's number
 * ("8774 957666") is no address (a French statement's "France" was outweighed by it: no currency).
 */
const SP = String.raw`[^\S\n]`;
/** Postcode after an Australian state ("Sydney NSW 2000"). */
const AU_STATES = 'NSW|VIC|QLD|WA|SA|TAS|ACT|NT';
/** Canadian province codes before a postal code ("Toronto ON M5H 2N2"). */
const CA_PROVINCES = 'AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT';
/** US state codes before a ZIP ("CHARLOTTE NC 28202"). */
const US_STATES = 'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR';
/** New Zealand towns statements print before a 4-digit postcode. */
const NZ_TOWNS = 'Auckland|Wellington|Christchurch|Hamilton|Tauranga|Napier|Hastings|Dunedin|Palmerston North|Nelson|Rotorua|New Plymouth|Whangarei|Invercargill|Whanganui|Gisborne|Lower Hutt|Upper Hutt|Porirua|Queenstown|Timaru|Blenheim|Masterton|Taupo';

export const DOLLAR_COUNTRIES: DollarCountry[] = [
  {
    country: 'US', currency: 'USD', evidence: [
      { name: 'a US state and ZIP code', re: new RegExp(String.raw`\b(?:${US_STATES}),?${SP}+\d{5}(?:-\d{4})?\b`), weight: 3 },
      { name: '"Member FDIC"', re: /\bmember\s+fdic\b|\bfdic[- ]insured\b/i, weight: 3 },
      { name: 'a routing number', re: /\b(?:routing|ABA)\s*(?:number|no\.?|#)/i, weight: 2 },
      { name: 'a US toll-free number', re: /\b1[-. ]8(?:00|33|44|55|66|77|88)[-. ]\d{3}[-. ]\d{4}\b|\(8(?:00|33|44|55|66|77|88)\)\s?\d{3}-\d{4}/, weight: 1 },
      { name: '"United States" / "USA"', re: /\bUnited States\b|\bUSA\b|\bU\.S\.A\.?(?=\s|$)/, weight: 3 },
    ],
  },
  {
    country: 'NZ', currency: 'NZD', evidence: [
      { name: '"New Zealand"', re: /\bNew Zealand\b|\bAotearoa\b/i, weight: 3 },
      { name: '"NZ"', re: /\bNZ\b/, weight: 2 },
      { name: 'a New Zealand bank account number (00-0000-0000000-00)', re: /\b\d{2}-\d{4}-\d{7}-\d{2,3}\b/, weight: 3 },
      { name: 'a New Zealand town and postcode', re: new RegExp(String.raw`\b(?:${NZ_TOWNS}),?${SP}+\d{4}\b`), weight: 3 },
      { name: 'an IRD number', re: /\bIRD\s+(?:number|no)\b/i, weight: 3 },
      { name: 'KiwiSaver', re: /\bKiwiSaver\b/i, weight: 3 },
      { name: 'a New Zealand 0800 number', re: /\b0800\s\d{3}\s\d{3}\b/, weight: 1 },
      { name: 'EFTPOS', re: /\bEFTPOS\b/i, weight: 1 },
      { name: 'GST', re: /\bGST\b/, weight: 1 },
    ],
  },
  {
    country: 'AU', currency: 'AUD', evidence: [
      { name: '"Australia"', re: /\bAustralia\b/i, weight: 3 },
      { name: 'an Australian state and postcode', re: new RegExp(String.raw`\b(?:${AU_STATES})${SP}+\d{4}\b`), weight: 3 },
      { name: 'a BSB', re: /\bBSB\b/, weight: 3 },
      { name: 'an ABN', re: /\bABN\b/, weight: 2 },
      { name: 'an Australian 13/1300/1800 number', re: /\b13\s\d{2}\s\d{2}\b|\b1[38]00\s\d{3}\s\d{3}\b/, weight: 1 },
      { name: 'EFTPOS', re: /\bEFTPOS\b/i, weight: 1 },
      { name: 'BPAY', re: /\bBPAY\b/, weight: 2 },
      { name: 'GST', re: /\bGST\b/, weight: 1 },
    ],
  },
  {
    country: 'CA', currency: 'CAD', evidence: [
      { name: '"Canada"', re: /\bCanada\b/i, weight: 3 },
      { name: 'a Canadian province and postal code', re: new RegExp(String.raw`\b(?:${CA_PROVINCES})${SP}+[A-Z]\d[A-Z]${SP}?\d[A-Z]\d\b`), weight: 3 },
      { name: 'a transit number', re: /\btransit\s*(?:number|no\.?|#)/i, weight: 2 },
      { name: 'HST', re: /\bHST\b|\bGST\/HST\b/, weight: 2 },
      { name: 'Interac', re: /\bInterac\b/i, weight: 2 },
      { name: '"chequing"', re: /\bchequing\b/i, weight: 2 },
      { name: 'GST', re: /\bGST\b/, weight: 1 },
    ],
  },
  {
    country: 'SG', currency: 'SGD', evidence: [
      { name: '"Singapore"', re: /\bSingapore\b/i, weight: 3 },
      { name: 'PayNow', re: /\bPayNow\b/i, weight: 2 },
      { name: 'GST', re: /\bGST\b/, weight: 1 },
    ],
  },
  {
    country: 'HK', currency: 'HKD', evidence: [
      { name: '"Hong Kong"', re: /\bHong Kong\b/i, weight: 3 },
      { name: 'FPS', re: /\bFPS\b/, weight: 1 },
    ],
  },
];

/** Dollar signs that name their country ("NZ$", "A$", "C$", "US$", "HK$", "S$"). */
export const NAMED_DOLLARS: [RegExp, string][] = [
  [/\bNZ\$/g, 'NZD'], [/\b(?:AU?|AUD)\$/g, 'AUD'], [/\b(?:CA?|CAD)\$/g, 'CAD'], [/\bUS\$/g, 'USD'], [/\bHK\$/g, 'HKD'], [/(?<![A-Z])S\$/g, 'SGD'],
];
