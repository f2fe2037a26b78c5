import { parseMoney, type Cents } from '../../contract/money.js';
import { BALANCE_LABELS, MONTHS, OVERDRAWN_MARKS, TOTAL_LABELS, TYPE_SIGN_WORDS, type Lang } from '../data/labels.js';
import { CURRENCY_CODES } from '../data/currencies.js';
import { withoutAccents } from '../text-fold.js';

/**
 * Recognisers for the two kinds of token a statement table is made of: money and dates.
 * Money always has two decimals here ("16" is a count, "16.00" is money).
 */
// Currency marks: $ £ € ₹, R$ S$ A$ NZ$, Rs./Rs, and the ISO codes of the data (data/currencies.ts:
// "1 234,56 SEK", "NOK 1.234,56" are money as "1,234.56 USD" is); digit groups of three, or Indian lakh groups (1,23,456.78).
/**
 * Codes read in any case ("1,234.56 usd"). Every other code of the data counts only as printed,
 * in capitals: several are words ("pen", "try", "mad", "cop", "Ron"), and a description's last
 * word before its amount ("MOBILE top 25.00") must stay the description's.
 */
const ANY_CASE_CODES = ['INR', 'USD', 'EUR', 'GBP', 'CAD', 'NZD', 'AUD', 'SGD', 'CHF'];
const CAPITALS_ONLY_CODES = new Set(CURRENCY_CODES.filter((c) => !ANY_CASE_CODES.includes(c)));
const CUR = String.raw`(?:[$£€₹]|R\$|S\$|A\$|NZ\$|Rs\.?|${[...new Set([...CURRENCY_CODES, ...ANY_CASE_CODES])].join('|')})`;
const DIGITS = String.raw`(?:\d{1,3}(?:[,.'’ \u00a0\u202f]\d{3})+|\d{1,2}(?:,\d{2})+,\d{3}|\d+)`;
const CUR_ANY = new RegExp(CUR, 'gi');
/**
 * The marks printed after a figure that give its direction: CR/DR, C/D, and the short words of
 * the languages' debit/credit pairs (German S/H, Dutch Af/Bij) from the label data; OD, O/D
 * (overdrawn, OVERDRAWN_MARKS) are debits.
 */
const SHORT_SIGN_WORDS = { credit: TYPE_SIGN_WORDS.credit.filter((w) => w.length <= 3), debit: [...TYPE_SIGN_WORDS.debit.filter((w) => w.length <= 3), ...OVERDRAWN_MARKS] };
const CREDIT_MARKS = new Set(SHORT_SIGN_WORDS.credit);
const SIGN_SUFFIX = [...SHORT_SIGN_WORDS.credit, ...SHORT_SIGN_WORDS.debit].sort((a, b) => b.length - a.length).join('|');
/**
 * A direction arrow an app prints before a figure ("↓ −$12.00", "▲ +40.00"): part of the figure's
 * cell, never its sign (an arrow down is money out in one app and a download in another); the
 * figure's own sign, its column or the running balance give the direction.
 */
const ARROW = '[\u2191\u2193\u25b2\u25bc\u25b3\u25bd\u2b06\u2b07\u2197\u2198\u21e7\u21e9]';
const ARROW_START = new RegExp(String.raw`^${ARROW}\s?`);
const ARROW_ALONE = new RegExp(String.raw`^\s*${ARROW}\s*$`);
/** A direction arrow alone: its figure's, cut off by a money column's edge, never a word of a description. */
export const isDirectionArrow = (text: string) => ARROW_ALONE.test(text);
// The mark may stand before a bracketed figure ("$ (1,234.56)": accounting format).
const MONEY = new RegExp(String.raw`^=?\s?(?:${ARROW}\s?)?(?:[-−+]\s?)?(?:${CUR}\s?(?=\())?\(?\s?${CUR}?\s?[-−]?\s?${DIGITS}\s?[.,]\s?\d{2}(?:\s?${CUR}(?=\s?\)))?\s?\)?(?:\s?${CUR})?(?:\s?(?:(?:${SIGN_SUFFIX})\.?|[-+]))?$`, 'i');
const SIGN_MARK = new RegExp(String.raw`\s?(${SIGN_SUFFIX})\.?$`, 'i');
/** A currency printed after the figure ("12,50 €", "1,234.56 USD"). */
const CUR_AFTER = new RegExp(String.raw`\s?${CUR}$`, 'i');
const MONEY_TAIL = new RegExp(String.raw`\s((?:[-−+]\s?)?\(?\s?${CUR}?\s?[-−]?\s?(?:\d{1,3}(?:[,.]\d{3})+|\d{1,2}(?:,\d{2})+,\d{3}|\d+)[.,]\d{2}\s?\)?(?:\s?${CUR})?(?:\s?(?:${SIGN_SUFFIX}|-))?)$`, 'i');

export interface Money {
  cents: Cents;
  /** The print carried its own sign: -, (), CR, DR, +. */
  explicit: boolean;
  /** CR / trailing "C" (credit) or DR / "D" (debit) markers as printed. */
  marker: 'CR' | 'DR' | null;
}

const CUR_ONLY = new RegExp(`^${CUR}$`, 'i');
/** A currency mark or code and nothing else ("$", "R$", "EUR"). */
export function isCurrencyMark(text: string): boolean {
  const t = text.trim();
  return CUR_ONLY.test(t) && codesInCapitals(t);
}

const CUR_WORD = new RegExp(String.raw`(?<![A-Za-z])${CUR}(?![A-Za-z])`, 'i');
/** Whether a figure prints a currency mark or code of its own ("(82.478,49 BRL)", "$5.00", "Rs. 12.00"). */
export function carriesCurrencyMark(text: string): boolean {
  return CUR_WORD.test(text) && codesInCapitals(text);
}

export function isMoneyText(text: string): boolean {
  if (text.length > 28) return false;
  const t = text.trim();
  return (MONEY.test(t) || (/\d\s[\d,.]|[,.]\s\d/.test(t) && MONEY.test(closeGaps(t)))) && codesInCapitals(t);
}

/** Whether every code of CAPITALS_ONLY_CODES in a figure's text is printed in capitals ("2 317,77 SEK", not "pen 25.00"). */
function codesInCapitals(text: string): boolean {
  if (!/[a-z]/.test(text)) return true;
  for (const m of text.matchAll(/[A-Za-z]{3}/g)) {
    const upper = m[0].toUpperCase();
    if (m[0] !== upper && CAPITALS_ONLY_CODES.has(upper)) return false;
  }
  return true;
}

/** "6,0 00.04" / "1,281 .84" (spacing inside a printed number) → "6,000.04" / "1,281.84". */
function closeGaps(t: string): string {
  return t.replace(/(\d)\s+(?=[,.]?\d)/g, '$1').replace(/([,.])\s+(?=\d)/g, '$1');
}

const moneyCache = new Map<string, Money | null>();

/** Parses a money cell; null when the text is not money. `decimalComma` from the document. */
export function parseMoneyCell(text: string, decimalComma = false): Money | null {
  const key = decimalComma ? `,${text}` : text;
  const hit = moneyCache.get(key);
  if (hit !== undefined) return hit;
  const value = parseMoneyUncached(text, decimalComma);
  if (moneyCache.size > 50_000) moneyCache.clear();
  moneyCache.set(key, value);
  return value;
}

function parseMoneyUncached(text: string, decimalComma: boolean): Money | null {
  let s = text.trim();
  if (!isMoneyText(s)) return null;
  if (!MONEY.test(s)) s = closeGaps(s);
  s = s.replace(/^=\s?/, '').replace(ARROW_START, '');
  let marker: Money['marker'] = null;
  // "1,234.56 CAD" ends in D, "12,50 €" in a sign: a currency after the figure goes first.
  s = s.replace(CUR_AFTER, '').trim();
  const m = SIGN_MARK.exec(s);
  if (m) {
    marker = CREDIT_MARKS.has(m[1]!.toLowerCase()) ? 'CR' : 'DR';
    s = s.slice(0, m.index).trim();
  }
  // A minus before the figure and one after it ("-871,85 -", a scan's speck or rule read beside
  // it) is one minus: print never marks a figure twice to cancel the sign out.
  if (/^[-−]/.test(s) && /\d\s?[-−]$/.test(s)) s = s.replace(/\s?[-−]$/, '');
  // Nor twice before it: "- -3 209,62" (a scan's speck read as a minus before the printed one)
  // is one minus. Read as two, the number parser cancelled them into a credit.
  s = s.replace(/^[-−](?:\s?[-−])+(?=\s?[$£€]?\s?\d)/, '-');
  const explicit = marker !== null || /^[-−+(]|[-−]\s?[$£€]?\s?\d|\)$|[-+]$/.test(s);
  s = s.replace(CUR_ANY, '').replace(/−/g, '-').replace(/(\d)\s+(?=[\d.,])/g, '$1').replace(/([.,])\s+(?=\d)/g, '$1').replace(/['’]/g, ',');
  s = s.replace(/\s?\+$/, ''); // "1.234,56+": a trailing plus is a credit, as no sign is
  // Money always prints two decimals: the separator before the last two digits is the decimal
  // point, every other one groups digits (1,234.56 · 1.234,56 · 1 234,56 · 1'234.56 · 1,23,456.78
  // · a stray 2.853.82). So the document's convention is not needed to read a figure.
  void decimalComma;
  s = s.replace(/[,.](?=[\d,.]*[.,]\d{2}(?!\d))/g, '').replace(/,(\d{2})(?!\d)/, '.$1');
  const cents = parseMoney(s, { decimalComma: false });
  if (cents === null) return null;
  const signed = marker === 'DR' ? -Math.abs(cents) : marker === 'CR' ? Math.abs(cents) : cents;
  return { cents: signed, explicit, marker };
}

/**
 * A figure grouped by spaces or apostrophes after a label's colon ("Ancien solde: 23 720,76 C",
 * "Saldo: 1'234.50"): after a colon its first group is the figure's, not a word of the label
 * (MONEY_TAIL, which groups by points and commas only, took "720,76 C" and left "23" to the
 * label). Without the colon a number before a spaced figure may be the text's own ("CHECK 123
 * 456,78"), so it is not taken there.
 */
const SPACED_FIGURE = String.raw`(?:[-−+]\s?)?\(?\s?${CUR}?\s?[-−]?\s?\d{1,3}(?:[ \u00a0\u202f'’]\d{3})+[.,]\d{2}\s?\)?(?:\s?${CUR})?(?:\s?(?:${SIGN_SUFFIX}|-))?`;
const SPACED_TAIL_AFTER_COLON = new RegExp(String.raw`:\s*(${SPACED_FIGURE})$`, 'i');
/**
 * So is one after a balance or total label of the data, the label alone before it ("Saldo
 * precedente 33 067,42": jsPDF's autoTable of labels and figures, its widest label's cell a
 * padding from the figure's, read as one cell; the opening was read 67.42).
 */
const SPACED_TAIL = new RegExp(String.raw`\s(${SPACED_FIGURE})$`, 'i');
const labelKey = (s: string) => withoutAccents(s).toLowerCase().replace(/[^a-z]/g, '');
const SUMMARY_LABEL_KEYS = new Set([...BALANCE_LABELS.opening, ...BALANCE_LABELS.closing, ...TOTAL_LABELS.credits, ...TOTAL_LABELS.debits].map(labelKey));

/** Splits "Beginning Balance $1,234.56" into ["Beginning Balance", "$1,234.56"]; null when no money at the end. */
export function splitMoneyTail(text: string): [string, string] | null {
  const spaced = SPACED_TAIL_AFTER_COLON.exec(text);
  if (spaced && isMoneyText(spaced[1]!)) return [text.slice(0, spaced.index + 1).trim(), spaced[1]!.trim()];
  const labelled = SPACED_TAIL.exec(text);
  if (labelled && isMoneyText(labelled[1]!) && SUMMARY_LABEL_KEYS.has(labelKey(text.slice(0, labelled.index)))) return [text.slice(0, labelled.index).trim(), labelled[1]!.trim()];
  const m = MONEY_TAIL.exec(text);
  if (!m) return null;
  let at = m.index;
  let money = m[1]!;
  // "MOBILE top 25.00": a word that is a code only in capitals stays the description's.
  const word = /^([A-Za-z]{3})\s?/.exec(money);
  if (word && !codesInCapitals(word[1]!)) {
    at += 1 + word[0].length;
    money = money.slice(word[0].length);
    if (!isMoneyText(money)) return null;
  }
  return [text.slice(0, at).trim(), money.trim()];
}

export interface DateParts {
  year?: number;
  month: number;
  day: number;
  /** Numeric day/month whose order was decided by `dmy` (evidence for detection). */
  numeric?: { a: number; b: number };
}

export interface DateToken extends DateParts {
  length: number; // characters consumed from the start of the text
}

/** English alone (the default of the readers below): one list, so one map lookup. */
const NO_LANGS: Lang[] = [];
const monthIndexCache = new Map<string, Map<string, number>>();
/**
 * The same maps by the list asked with: a document passes one list to every date it reads, so
 * its map is found without joining the list into a key for each date.
 */
const monthIndexByList = new WeakMap<Lang[], Map<string, number>>();
/** Month name or abbreviation → 1..12 for the languages asked (English always included). */
export function monthIndex(langs: Lang[]): Map<string, number> {
  let map = monthIndexByList.get(langs);
  if (map) return map;
  const key = langs.join(',');
  map = monthIndexCache.get(key);
  if (!map) {
    map = new Map();
    for (const lang of ['en', ...langs] as Lang[]) {
      MONTHS[lang].forEach((names, i) => { for (const n of names) if (!map!.has(n)) map!.set(n, i + 1); });
    }
    monthIndexCache.set(key, map);
  }
  monthIndexByList.set(langs, map);
  return map;
}

function fold(s: string): string {
  return withoutAccents(s).toLowerCase().replace(/\.$/, '');
}

/** The month (1-12) a word names in the given languages or English, accents and a final point aside ("févr.", "Juni"); null when none. */
export function monthOfName(word: string, langs: Lang[]): number | null {
  return monthIndex(langs).get(fold(word)) ?? null;
}

function fullYear(y: string | undefined): number | undefined {
  if (!y) return undefined;
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

const ISO_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d])/;
const NUM_DATE = /^(\d{1,2})([/-])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\d/.,-]\d)/;
const DOT_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?(?![\d])/;
const DAY_MON = /^(\d{1,2})(?:st|nd|rd|th|er|º|\.)?[ \-./]?(?:de\s)?([A-Za-zÀ-ÿ]{3,10})\.?(?:(?:[ ,.\-]+|\sde\s)(\d{4}|\d{2}))?(?![\d])/;
/** DAY_MON up to its month (its optional year left off). */
const DAY_MON_NO_YEAR = /^(\d{1,2})(?:st|nd|rd|th|er|º|\.)?[ \-./]?(?:de\s)?([A-Za-zÀ-ÿ]{3,10})\.?/;
const MON_DAY = /^([A-Za-zÀ-ÿ]{3,10})\.?\s?(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?(?![\d])/;
/** MON_DAY up to its day (its optional year left off). */
const MON_DAY_NO_YEAR = /^([A-Za-zÀ-ÿ]{3,10})\.?\s?(\d{1,2})(?:st|nd|rd|th)?/;
/**
 * Four digits after a day and a month name that no statement's date carries (outside 1900–2199)
 * are the next cell's, not the date's year: a reference or cheque number printed just after a
 * date column of day-month dates ("27 janv. 6248"), which gave a row the year 6248 and the
 * statement a span of 4,000 years. Absent and two-digit years pass.
 */
const yearOfDate = (y: string | undefined) => y === undefined || y.length !== 4 || (Number(y) >= 1900 && Number(y) <= 2199);

function valid(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/**
 * A date at the start of `text`: 2025-01-05, 01/05, 01-05-2025, 05.01.2025, 08 Dec 23, 05/ENE,
 * 8 December 2023, Jan 5, January 5, 2025. `dmy` decides the order of two numbers.
 */
export function parseDateStart(text: string, dmy: boolean, langs: Lang[] = NO_LANGS): DateToken | null {
  let m = ISO_DATE.exec(text);
  if (m) {
    const month = Number(m[2]), day = Number(m[3]);
    return valid(month, day) ? { year: Number(m[1]), month, day, length: m[0].length } : null;
  }
  m = NUM_DATE.exec(text) ?? null;
  let dot = false;
  if (!m) { m = DOT_DATE.exec(text); dot = !!m; }
  if (m) {
    const a = Number(m[1]), b = Number(dot ? m[2] : m[3]);
    const y = dot ? m[3] : m[4];
    if (dot && !y && !/^\d{1,2}\.\d{1,2}\.(\s|$)/.test(text)) return null; // "10.50" is money, "05.01." is a date
    const [month, day] = dot || dmy ? [b, a] : [a, b];
    if (!valid(month, day)) {
      // The other order, when only it makes sense (28/03 in an M-D-Y guess) – detection will flip.
      if (valid(day, month) && !dot) return { year: fullYear(y), month: day, day: month, numeric: { a, b }, length: m[0].length };
      return null;
    }
    return { year: fullYear(y), month, day, numeric: dot ? undefined : { a, b }, length: m[0].length };
  }
  const months = monthIndex(langs);
  m = DAY_MON.exec(text);
  if (m) {
    const month = months.get(fold(m[2]!));
    const day = Number(m[1]);
    if (month && valid(month, day)) {
      // Two day-month columns side by side ("14-gen 14-gen", a booking and a value date): the
      // second one's day is no two-digit year of the first. Read as one, every such line gave a
      // year of its own (2014, 2015…), and a statement whose period was unread dated all its rows
      // by their vote (composed scan 383: 19 rows in 2015, reconciled).
      if (m[3]?.length === 2) {
        const after = /^[ \-./]?([A-Za-zÀ-ÿ]{3,10})/.exec(text.slice(m[0].length));
        if (after && months.has(fold(after[1]!))) return { year: undefined, month, day, length: DAY_MON_NO_YEAR.exec(text)![0].length };
      }
      if (!yearOfDate(m[3])) return { year: undefined, month, day, length: DAY_MON_NO_YEAR.exec(text)![0].length };
      return { year: fullYear(m[3]), month, day, length: m[0].length };
    }
  }
  m = MON_DAY.exec(text);
  if (m) {
    const month = months.get(fold(m[1]!));
    const day = Number(m[2]);
    if (month && valid(month, day)) {
      if (!yearOfDate(m[3])) return { year: undefined, month, day, length: MON_DAY_NO_YEAR.exec(text)![0].length };
      return { year: fullYear(m[3]), month, day, length: m[0].length };
    }
  }
  return null;
}

/** Every date with a year inside a line of text (for statement periods and "as of" dates). */
export function findFullDates(text: string, dmy: boolean, langs: Lang[] = NO_LANGS): { parts: DateParts; index: number; end: number }[] {
  const out: { parts: DateParts; index: number; end: number }[] = [];
  const re = /(?:^|[^\dA-Za-z])(?=\d|[A-Za-zÀ-ÿ])/g;
  let last = -1;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    if (start <= last) { re.lastIndex = Math.max(re.lastIndex, last); continue; }
    const tok = parseDateStart(text.slice(start), dmy, langs);
    if (tok && tok.year !== undefined && tok.year >= 1970 && tok.year <= 2200) {
      out.push({ parts: tok, index: start, end: start + tok.length });
      last = start + tok.length;
      re.lastIndex = last;
    } else if (m[0].length === 0) {
      re.lastIndex++;
    }
  }
  return out;
}
