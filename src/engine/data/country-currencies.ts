/**
 * Which currency a statement that prints no currency at all (no code, no sign, no "$") is in:
 * evidence of the country of its addresses, in the same form and with the same weights as
 * data/dollar-countries.ts (3 = says the country by itself: its name in its own language or in
 * English, a postcode shape only it uses, an identifier only its banks print). Data, not logic:
 * pdf/currency.ts scores these beside the dollar countries, only for a statement that prints no
 * "$" (a bare "$" is some country's dollar, never a pound or a euro), and only when neither a
 * printed code or sign nor a known bank has said the currency.
 */
import type { DollarCountry } from './dollar-countries.js';

/** A name printed as a cell of its own (a line's cells are joined by two spaces): an address's country line, not a word in a sentence or a bank's name ("Bank of Ireland"). */
const cell = (names: string, flags = 'm') => new RegExp(`(?:^|\\s{2})(?:${names})(?=\\s{2}|\\s*$)`, flags);

export const OTHER_COUNTRIES: DollarCountry[] = [
  {
    country: 'UK', currency: 'GBP', evidence: [
      { name: '"United Kingdom"', re: /\bUnited Kingdom\b|\bGreat Britain\b/i, weight: 3 },
      { name: 'a country of the UK', re: cell('ENGLAND|England|SCOTLAND|Scotland|WALES|Wales|NORTHERN IRELAND|Northern Ireland'), weight: 3 },
      // A full postcode, outward and inward parts ("SW1A 1AA", "M1 1AE", "EC2V 7HH"): no other country's postcode has this shape.
      { name: 'a UK postcode', re: /(?:^|\s)[A-Z]{1,2}\d[A-Z\d]?\s\d[ABD-HJLNP-UW-Z]{2}(?=\s{2}|\s*$)/m, weight: 3 },
      { name: '"UK"', re: /\bUK\b/, weight: 1 },
    ],
  },
  {
    country: 'EU', currency: 'EUR', evidence: [
      { name: 'a euro-area country', re: cell('Deutschland|Germany|France|España|Spain|Italia|Italy|Nederland|Netherlands|The Netherlands|Portugal|Ireland|Éire|Belgique|België|Belgium|Österreich|Austria|Luxembourg|Suomi|Finland|Eesti|Latvija|Lietuva|Slovensko|Slovenija|Malta|Hrvatska|Croatia', 'im'), weight: 3 },
    ],
  },
  {
    country: 'CH', currency: 'CHF', evidence: [
      { name: 'Switzerland', re: cell('Schweiz|Suisse|Svizzera|Switzerland', 'im'), weight: 3 },
    ],
  },
  {
    country: 'BR', currency: 'BRL', evidence: [
      { name: 'Brazil', re: cell('Brasil|Brazil', 'im'), weight: 3 },
      { name: 'a CPF or CNPJ', re: /\b(?:CPF|CNPJ)\b/, weight: 3 },
      { name: 'a CEP postcode', re: /\b\d{5}-\d{3}\b/, weight: 1 },
    ],
  },
  {
    country: 'IN', currency: 'INR', evidence: [
      { name: 'India', re: cell('India', 'im'), weight: 3 },
      { name: 'an IFSC', re: /\bIFSC\b/, weight: 3 },
      { name: 'a PAN', re: /\bPAN\s*(?:No\.?|Number)?\s*:?\s*[A-Z]{5}\d{4}[A-Z]\b/, weight: 3 },
    ],
  },
];
