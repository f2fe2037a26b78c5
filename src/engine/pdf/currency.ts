import type { BankInfo } from '../data/banks.js';
import { DOLLAR_COUNTRIES, NAMED_DOLLARS, type DollarCountry } from '../data/dollar-countries.js';
import { OTHER_COUNTRIES } from '../data/country-currencies.js';
import { CURRENCY_CODES, CURRENCY_DECLARATION_WORDS, CURRENCY_LABELS } from '../data/currencies.js';
import { printsRate } from './fx-detail.js';
import type { Line } from './lines.js';
import { isRowLine, wrappedRowLines } from './row-line.js';
import { tableTextLines } from './fields.js';
import { isMoneyText } from './tokens.js';
import { runFigures, wholeFigureText } from './row-cells.js';
import { withoutAccents } from '../text-fold.js';

/** The statement's currency, and why it was left unknown when it was. */
export interface CurrencyDecision {
  code: string | undefined;
  /** Said on the statement when the currency could not be settled (a bare "$" with no or conflicting evidence). */
  note?: string;
}

/** ISO codes printed on their own; counted outside transaction rows and foreign-exchange lines only. */
const CODES = new RegExp(`\\b(${CURRENCY_CODES.join('|')})\\b`, 'g');
const CURRENCY_SIGNS: [RegExp, string][] = [
  [/£/g, 'GBP'], [/€/g, 'EUR'], [/₹|\bRs\.?\s?\d/g, 'INR'], [/R\$/g, 'BRL'], [/\bsort\s?code\b/gi, 'GBP'],
  [/\b(?:DE|FR|ES|IT|NL|BE|AT|PT|IE|FI|LU)\d{2}(?:\s?[A-Z0-9]{4}){3,}/g, 'EUR'],
  [/\b(?:CH|LI)\d{2}(?:\s?[A-Z0-9]{4}){3,}/g, 'CHF'],
];
const LABELLED = new RegExp(`(?:${CURRENCY_LABELS.join('|')})\\s*:?\\s*\\(?(${CURRENCY_CODES.join('|')})\\b`, 'gi');
const COUNTRY_CURRENCY: Record<BankInfo['country'], string> = { US: 'USD', UK: 'GBP', CA: 'CAD', EU: 'EUR', NZ: 'NZD', AU: 'AUD', IN: 'INR', SG: 'SGD', ID: 'IDR', CH: 'CHF', BR: 'BRL', MX: 'MXN', KE: 'KES' };


/** Lines read for evidence: the top of the statement, where letterheads, addresses and summaries are. */
const MAX_LINES = 600;

/** A "$" that is no named dollar's ("$1.00", "($)"; not the "$" of "NZ$" or "S$"). */
const BARE_DOLLAR = /(?<![A-Za-z])\$/g;

/**
 * The named dollars ("NZ$", "S$" …) printed, by currency, that count as evidence. A named
 * dollar outnumbered by bare "$" signs counts only when the document's other evidence names the
 * same country (data/dollar-countries.ts) or prints its code: OCR reads a "($)" column header as
 * "(S$)" (the S and the $ look alike), and one such token among a US statement's "$" amounts
 * had made it Singaporean. A statement that really prints S$ prints it throughout or says
 * where it is.
 */
function namedDollars(text: string, top: Line[], dayFirst: boolean): Map<string, number> {
  const named = new Map<string, number>();
  for (const [re, code] of NAMED_DOLLARS) for (const _ of text.matchAll(re)) named.set(code, (named.get(code) ?? 0) + 1);
  if (!named.size) return named;
  const bare = [...text.matchAll(BARE_DOLLAR)].length;
  let scores: ReturnType<typeof dollarCountryScores> | undefined;
  for (const [code, n] of named) {
    if (n >= bare) continue;
    if (new RegExp(`\\b${code}\\b`).test(text)) continue;
    scores ??= dollarCountryScores(top.filter((l) => !isRowLine(l)).map((l) => l.text).join('\n'), dayFirst);
    if (!scores.some((c) => c.currency === code && c.score > 0)) named.delete(code);
  }
  return named;
}

/**
 * Each dollar country's score and the evidence found for it, highest first; with `others`, the
 * countries of other currencies too (data/country-currencies.ts: for a statement printing no "$").
 */
export function dollarCountryScores(text: string, dayFirst: boolean, others = false): { country: string; currency: string; score: number; found: string[] }[] {
  const countries: DollarCountry[] = others ? [...DOLLAR_COUNTRIES, ...OTHER_COUNTRIES] : DOLLAR_COUNTRIES;
  const out = countries.map((c) => {
    const found = c.evidence.filter((e) => e.re.test(text));
    return { country: c.country, currency: c.currency, score: found.reduce((a, e) => a + e.weight, 0), found: found.map((e) => e.name) };
  });
  // A US statement prints month-first dates: day-first dates count against it.
  const us = out.find((c) => c.country === 'US');
  if (us && dayFirst) { us.score -= 2; us.found.push('but dates are printed day first'); }
  return out.sort((a, b) => b.score - a.score);
}

/**
 * The statement's currency: the codes and signs it prints, most often first (£ and "sort code"
 * say GBP, € and a euro-area IBAN say EUR, ₹ / Rs. say INR, NZ$ / A$ / C$ their dollars); else
 * the bank's; else, for a bare "$", the dollar country its printed evidence points to
 * (data/dollar-countries.ts), and with no sign at all, the country its addresses name, whatever
 * its currency (data/country-currencies.ts). A bare "$" with no evidence, or evidence of more than one
 * country, is left unknown and says so — a "$" is not taken for USD without a US document.
 */
export function detectCurrency(lines: Line[], bank: BankInfo | null, dayFirst = false, documentCountry?: string): CurrencyDecision {
  const top = lines.slice(0, MAX_LINES);
  const text = top.map((l) => l.text).join('\n');
  const { counts, prose } = printedCurrencies(top, text, dayFirst);
  const printed = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  if (printed) return { code: printed[0] };
  if (bank) return { code: bank.currency ?? COUNTRY_CURRENCY[bank.country] };
  const { code, scores } = countryEvidence(top, dayFirst);
  if (code) return { code };
  // Codes named only in sentences are said, not taken: "All amounts are shown in EUR" would be
  // the account's, "Incoming wires in GBP are credited …" is not (composed seed 33
  // --traits currencyByAddress+foreignNotice, a US account with nothing else to tell, read GBP).
  const named = [...new Set([...prose.matchAll(CODES)].map((m) => m[1]!))];
  const proseNote = named.length ? `Currency unknown: only a sentence names ${named.length === 1 ? 'a currency' : 'currencies'} (${named.slice(0, 4).join(', ')}), which may be other money's than the account's; not assumed.` : undefined;
  // A later statement of the document (a second account) prints no address of its own: the
  // document's (the owner's address on its first page), where it names one; a bare "$" only ever a dollar.
  if (documentCountry && (!text.includes('$') || DOLLARS.has(documentCountry))) return { code: documentCountry };
  const seen = scores.filter((s) => s.score > 0 && s.found.length);
  const undecided = `the evidence of the country is not decisive (${seen.map((s) => `${s.country}: ${s.found.join(', ')}`).join('; ')})`;
  if (!text.includes('$')) {
    if (proseNote) return { code: undefined, note: proseNote };
    // Say why, as for a bare "$": an address that would tell, outweighed (a US address over
    // day-first dates), or nothing at all (a later account of such a document, which prints no address).
    const why = seen.length ? undecided : 'nothing printed says which country\'s (no country, address or bank)';
    return { code: undefined, note: `Currency unknown: no currency code or sign is printed and ${why}; not assumed.` };
  }
  const why = seen.length ? undecided : 'nothing printed says which country\'s dollar (no country, address, bank or currency code)';
  return { code: undefined, note: `Currency unknown: amounts are printed with a bare "$" and ${why}; not assumed to be USD.` };
}

/**
 * The currencies a statement's lines print, with their weights: codes and signs outside the
 * rows' descriptions, named dollars, and codes after a currency label (weighing five).
 */
function printedCurrencies(top: Line[], text: string, dayFirst: boolean): { counts: Map<string, number>; prose: string } {
  const counts = new Map<string, number>();
  // The ledger's text names other currencies in descriptions ("ORIG AMT EUR 9,400.00" wrapped
  // under a wire, "HOTEL LONDON £79.00"): there only a row's own figures say the account's
  // ("-£100.00", "CHF 1'234.50"); the lines wrapped under rows and between the table's heads and
  // its last row, none.
  const wrapped = wrappedRowLines(top);
  const table = tableTextLines(top, wrapped);
  // A summary printed under the table ("Closing balance £21,873.04", in the table's range) is no
  // row's text: its figures are the account's, as a row's are.
  // (A run of figures printed closer than a cell's gap, "5.643,38 € 42.948,96 €", is a row's figures too.)
  // (In whole units a figure cell's mark or code too, "£36 014", "DKK 19.858": no decimal figure
  // to tell it by, a US-addressed statement's pound figures gave way to its address.)
  const figures = (l: Line) => l.cells.flatMap((c) => (isMoneyText(c.text) ? [c.text] : runFigures(c.text) ?? (wholeFigureText(c.text) !== null ? [c.text] : []))).join('  ');
  const evidenceText = (l: Line, i: number) => (isRowLine(l) ? figures(l) : wrapped.has(i) ? '' : table.has(i) ? figures(l) : l.text);
  // A rate line's code is a foreign purchase's (pdf/fx-detail.ts). A code in a sentence is no
  // evidence (a notice's "Incoming wires in EUR are credited …", a fee line's "EUR 25 fee for
  // foreign payments", printed twice, outnumbered a euro statement's one "Munteenheid: EUR" and
  // made it pounds or yen, and a US statement euros) unless the sentence says what the amounts
  // are in ("All amounts are in CAD.").
  const apart = top.map((l, i) => (printsRate(l.text) ? { plain: '', prose: '' } : proseApart(l, evidenceText(l, i))));
  for (const m of apart.map((a) => a.plain).join('\n').matchAll(CODES)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  const signText = top.map(evidenceText).join('\n');
  for (const [re, code] of CURRENCY_SIGNS) {
    for (const m of signText.matchAll(re)) { const c = code || m[1]!; counts.set(c, (counts.get(c) ?? 0) + 1); }
  }
  for (const [code, n] of namedDollars(text, top, dayFirst)) counts.set(code, (counts.get(code) ?? 0) + n);
  // A code after a currency label ("Currency: KES") names the account's currency: it outweighs
  // codes and signs printed elsewhere (a foreign purchase's "USD 45.20").
  // Matched in any case ("Currency: iNR", OCR reading a capital I small): the ISO code is capitals.
  for (const m of text.matchAll(LABELLED)) { const c = m[1]!.toUpperCase(); counts.set(c, (counts.get(c) ?? 0) + 5); }
  return { counts, prose: apart.map((a) => a.prose).join('\n') };
}

const DOLLARS = new Set(DOLLAR_COUNTRIES.map((c) => c.currency));

/**
 * Words of a cell, a currency code aside, from which on it is a sentence (a notice, a fee line),
 * not a label or a head ("Betrag (EUR)", "Currency: EUR", "Saldo in EUR"); fewer when it ends
 * as a sentence does ("CHF 25 Gebühr für Auslandszahlungen.").
 */
const SENTENCE_WORDS = 5, ENDED_SENTENCE_WORDS = 3;
/** Words of a sentence that says what the amounts are in ("All amounts are in CAD."): a declaration, not a notice. */
const DECLARES = new RegExp(`\\b(?:${CURRENCY_DECLARATION_WORDS.join('|')})\\b`, 'i');
const CODE_WORD = new RegExp(`^\\(?(?:${CURRENCY_CODES.join('|')})\\)?[.,:;]?$`);

function sentence(text: string): boolean {
  if (DECLARES.test(withoutAccents(text))) return false;
  const least = /[.!]$/.test(text.trim()) ? ENDED_SENTENCE_WORDS : SENTENCE_WORDS;
  let words = 0;
  for (const w of text.split(/\s+/)) if (/\p{L}\p{L}/u.test(w) && !CODE_WORD.test(w) && ++words >= least) return true;
  return false;
}

/** A line's evidence text split into its sentences' cells and the rest (`evidence` as detectCurrency reads the line). */
function proseApart(l: Line, evidence: string): { plain: string; prose: string } {
  if (evidence !== l.text || !l.cells.some((c) => sentence(c.text))) return { plain: evidence, prose: '' };
  return { plain: l.cells.filter((c) => !sentence(c.text)).map((c) => c.text).join('  '), prose: l.cells.filter((c) => sentence(c.text)).map((c) => c.text).join('  ') };
}

/**
 * The currency the country the lines' evidence points to (outside transaction rows) is in, when
 * one country clearly leads: a bare "$" (or none) is the dollar of that country; with no "$"
 * printed at all, any country's currency (a UK address, amounts printed bare: pounds).
 */
function countryEvidence(top: Line[], dayFirst: boolean): { code: string | undefined; scores: ReturnType<typeof dollarCountryScores> } {
  const text = top.map((l) => l.text).join('\n');
  const evidence = top.filter((l) => !isRowLine(l)).map((l) => l.text).join('\n');
  const scores = dollarCountryScores(evidence, dayFirst, !text.includes('$'));
  const [first, second] = scores;
  return { code: first && first.score >= 3 && first.score >= (second?.score ?? 0) + 2 ? first.currency : undefined, scores };
}

/** The one currency a whole document prints, else the currency the country of its addresses names (detectCurrency's `documentCountry`), or undefined. */
export function documentCountryCurrency(lines: Line[], dayFirst: boolean): string | undefined {
  const top = lines.slice(0, MAX_LINES);
  // One currency printed in the whole document ("All amounts are in CAD." once, under its first
  // account's title) is every account's that prints none of its own (a later account's bare "$"),
  // before the country of an address (the owner's, wherever the account is held).
  const printed = printedCurrencies(top, top.map((l) => l.text).join('\n'), dayFirst).counts;
  if (printed.size === 1) return [...printed.keys()][0];
  return countryEvidence(top, dayFirst).code;
}
