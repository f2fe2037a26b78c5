import type { DocTypeText, PostalAddress } from '../../contract/model.js';
import { daysBetween, toIso, type IsoDate } from '../../contract/dates.js';
import { BANKS, PARTNER_BANK_PHRASES, type BankInfo } from '../data/banks.js';
import { reportedAccountNumber } from '../statement/account-number.js';
import { ACCOUNT_NUMBER_LABELS, MASKED_NUMBER_LABELS, NUMBER_ENDING_WORDS, ACCOUNT_TITLE_WORDS, ACCOUNT_TYPE_WORDS, BUSINESS_WORDS, DOC_TYPE_STRONG_WORDS, INSTITUTION_AFTER_TYPE_WORD, INSTITUTION_BEFORE_TYPE_WORD, LOAN_WORDS, LOAN_WORDS_DEPOSITS_PRINT, OWNER_NAME_CONTINUATIONS, PERIOD_CONNECTORS, SAVINGS_RATE_NOT, SAVINGS_RATE_WORDS, type Lang } from '../data/labels.js';
import { compact, type Line } from './lines.js';
import { bankNameIsTail } from './bank-name-tail.js';
import { isSentence, wrappedSentenceLines } from './sentence.js';
import { headerColumns } from './header-row.js';
import { mergeLines } from './row-cells.js';
import { findFullDates } from './tokens.js';
import { isRowLine, printsRowValues, tableBodyLines, wrappedRowLines } from './row-line.js';
import { withoutAccents } from '../text-fold.js';

/** Header fields of a statement, read from its lines by labels and positions. */

const BANK_ALIASES = BANKS.flatMap((bank) => bank.aliases.map((a) => {
  const key = a.toLowerCase().replace(/[^a-z0-9.&]/g, '');
  return { bank, key, word: key.length <= 5 ? new RegExp(`(?:^|[^a-z0-9])${key.replace(/[.&]/g, '\\$&')}(?![a-z0-9])`) : null, web: /\./.test(key) };
})).sort((a, b) => b.key.length - a.key.length);

const escapeRe = (k: string) => k.replace(/[.&]/g, '\\$&');
/** Any alias at all (one test per line; most lines name no bank). */
const ANY_LONG_ALIAS = new RegExp(BANK_ALIASES.filter((a) => !a.word).map((a) => escapeRe(a.key)).join('|'));
const ANY_WORD_ALIAS = new RegExp(`(?:^|[^a-z0-9])(?:${BANK_ALIASES.filter((a) => a.word).map((a) => escapeRe(a.key)).join('|')})(?![a-z0-9])`);

/** The first three pages read say who the bank is; later pages repeat their furniture. */
const FIRST_PAGES = 3;

/** The index of the first line past the first `n` pages read (in reading order: pages filed out of order are read as printed), or -1. */
function pastFirstPages(lines: readonly Line[], n: number): number {
  let seen = 0;
  for (let i = 0; i < lines.length; i++) if ((i === 0 || lines[i]!.page !== lines[i - 1]!.page) && ++seen > n) return i;
  return -1;
}

/**
 * The bank the document is from, scored over its lines against the bank data: a name or web
 * address in the letterhead (the first lines of page 1) counts four times any other mention;
 * its phone and routing numbers count as its web address does; a bank named in a sentence (a
 * notice) or after a partner phrase (a fintech's "Banking services provided by …") is a mention
 * or nothing; transaction rows not at all (a payment to another bank is no identity). The winner
 * must outscore the runner-up clearly; otherwise the bank is unknown (null), never a guess.
 */
export function findBank(lines: Line[]): BankInfo | null {
  const scores = new Map<BankInfo, number>();
  const firstPage = lines[0]?.page ?? 1;
  // A bank named between two rows of a page is a row's counterparty (a card payment's issuer),
  // and so is one under the table's heads, where rows are not told by their shape (dates without
  // their year, "03.01.": "DISCOVER CARD E-PAYMENT 9623 | 03.01. | -2'082.75" in the first lines
  // of page 1 had weighed as the letterhead).
  const early = pastFirstPages(lines, FIRST_PAGES);
  const head = early < 0 ? lines : lines.slice(0, early);
  const wrapped = wrappedRowLines(head);
  const inTable = tableBodyLines(head, () => true, wrapped);
  const tableText = tableTextLines(head, wrapped);
  const wrappedSentences = wrappedSentenceLines(head);
  let onFirst = 0;
  // The line before ended with a partner phrase ("… Banking services provided by" over "Evolve Bank & Trust").
  let partnerNext = false;
  for (const [i, line] of lines.entries()) {
    // The first three pages say who the bank is; later pages repeat their furniture.
    if (i >= head.length) break;
    if (line.page === firstPage) onFirst++;
    const afterPartner = partnerNext;
    partnerNext = false;
    if (isRowLine(line) || inTable.has(i) || tableText.has(i) || wrapped.has(i)) continue;
    // Accents folded: "SOCIÉTÉ GÉNÉRALE" is the alias societegenerale.
    const folded = withoutAccents(line.text).toLowerCase();
    const partnerAt = afterPartner ? 0 : partnerPhraseAt(folded);
    partnerNext = PARTNER_ENDS.test(folded);
    // A partner bank named after the phrase is no evidence; the brand named before it is.
    const lower = partnerAt < 0 ? folded : folded.slice(0, partnerAt);
    const text = lower.replace(/[^a-z0-9.&]/g, '');
    const ids = identifiedBanks(lower);
    if (!ids.length && !ANY_LONG_ALIAS.test(text) && !ANY_WORD_ALIAS.test(lower)) continue;
    // A bank named in a sentence (a notice: "Zelle® payments from Wells Fargo and other banks now
    // arrive in minutes") is a mention, wherever it is printed: no letterhead.
    const prose = isSentence(line.text) || wrappedSentences.has(line);
    const seen = new Set<BankInfo>();
    const letterhead = line.page === firstPage && onFirst <= 15 && !prose;
    // Its phone number or routing number (data/banks.ts) names the bank as its web address does.
    // (Each kind of identifier counts: a footer printing the bank's web address, phone and routing number names it thrice.)
    for (const bank of ids) {
      scores.set(bank, (scores.get(bank) ?? 0) + (letterhead ? 4 : 1) + (prose ? 0 : 0.5));
    }
    const hitKeys: string[] = [];
    for (const { bank, key, word, web } of BANK_ALIASES) {
      if (seen.has(bank)) continue; // one hit per bank per line (the longest alias)
      if (word ? !word.test(lower) : !text.includes(key)) continue;
      // "BBVA" inside "BBVA México", "Santander" inside "Santander UK": the longer name is the bank.
      if (hitKeys.some((k) => k.includes(key))) continue;
      // "Commerce Bank" inside "Tri-County Commerce Bank": a bank the data does not hold.
      if (!word && !web && bankNameIsTail(line, key)) continue;
      hitKeys.push(key);
      seen.add(bank);
      // The letterhead (the first lines of page 1) names the statement's bank; a mention elsewhere
      // (a footer, a transfer's counterparty bank, a forged web address) weighs a quarter of that.
      const weight = letterhead ? 4 : 1;
      scores.set(bank, (scores.get(bank) ?? 0) + weight + (web ? 0.5 : 0));
    }
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < 2) return null;
  if (second && best[1] < second[1] * 1.5) return null;
  return best[0];
}

const digitsOf = (phone: string) => { const d = phone.replace(/\D/g, ''); return d.length === 11 && d.startsWith('1') ? d.slice(1) : d; };
/** Banks by the phone numbers and routing numbers the data gives them (a number two banks print names neither). */
function uniqueIndex(pairs: [string, BankInfo][]): Map<string, BankInfo> {
  const out = new Map<string, BankInfo | null>();
  for (const [k, bank] of pairs) out.set(k, out.has(k) && out.get(k) !== bank ? null : bank);
  return new Map([...out].filter((e): e is [string, BankInfo] => e[1] !== null));
}
const BY_PHONE = uniqueIndex(BANKS.flatMap((b) => b.phones.map((p): [string, BankInfo] => [digitsOf(p), b])));
const BY_ROUTING = uniqueIndex(BANKS.flatMap((b) => (b.routing ?? []).map((r): [string, BankInfo] => [r, b])));
/** A routing number after its label ("Routing Number 021000021", "ABA/RTN: 021000021"). */
const ROUTING = /\b(?:routing|aba|rtn|transit)\b[^0-9\n]{0,24}?\b(\d{9})\b/g;

/** The banks a line's phone numbers and labelled routing numbers belong to: each bank once per kind. */
function identifiedBanks(lower: string): BankInfo[] {
  if (!/\d{3}/.test(lower)) return [];
  const phones = new Set<BankInfo>(), routings = new Set<BankInfo>();
  for (const m of lower.matchAll(PHONE)) { const b = BY_PHONE.get(digitsOf(m[0])); if (b) phones.add(b); }
  for (const m of lower.matchAll(ROUTING)) { const b = BY_ROUTING.get(m[1]!); if (b) routings.add(b); }
  return [...phones, ...routings];
}

const PARTNER_RES = PARTNER_BANK_PHRASES.map((p) => new RegExp(`(?:^|[^a-z])${p.replace(/[.&]/g, '\\$&').replace(/ /g, '\\s+')}(?![a-z])`));
/** Where the first partner phrase on a line starts (data/banks.ts PARTNER_BANK_PHRASES), or -1. */
function partnerPhraseAt(lower: string): number {
  let at = -1;
  for (const re of PARTNER_RES) { const m = re.exec(lower); if (m && (at < 0 || m.index < at)) at = m.index; }
  return at;
}
/** A line ending with a partner phrase: the bank it names is on the next line. */
const PARTNER_ENDS = new RegExp(`(?:${PARTNER_BANK_PHRASES.map((p) => p.replace(/[.&]/g, '\\$&').replace(/ /g, '\\s+')).join('|')})\\s*:?\\s*$`);

const PHONE = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b|\b0\d{4}\s\d{3}\s\d{3}\b|\b0\d{3}\s\d{3}\s\d{4}\b/g;
export function findPhones(lines: Line[]): string[] {
  const out = new Set<string>();
  for (const line of lines) for (const m of line.text.matchAll(PHONE)) out.add(m[0].trim());
  return [...out].slice(0, 5);
}

const ACCT_LABELS = ACCOUNT_NUMBER_LABELS.map(compact).sort((a, b) => b.length - a.length);
const MASKED_LABELS = MASKED_NUMBER_LABELS.map(compact).sort((a, b) => b.length - a.length);
const ENDINGS = NUMBER_ENDING_WORDS.map(compact).sort((a, b) => b.length - a.length);
/** "ending in 1234" beside a label: the words before the visible digits. */
const ENDING_BEFORE = new RegExp(`^[\\s:#]*(?:${NUMBER_ENDING_WORDS.map((w) => w.replace(/ /g, '\\s+')).join('|')})\\s*:?\\s*(?=[\\dXx*•])`, 'i');
// Masked in one group or several ("XXXX-XXXX-1234").
const ACCT_VALUE = /(?:^|[\s:#])((?:[Xx*•]{2,}[\s-]?){0,4}\d[\d\s-]{2,22}\d|(?:[Xx*•]{2,}[\s-]?){1,4}\d{3,})(?![\d.,]\d)/;

const IBAN = /\b([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?)\b/;

function accountValue(text: string): string | null {
  const iban = IBAN.exec(text);
  if (iban && /\d{6}/.test(iban[1]!.replace(/\s/g, ''))) return iban[1]!.replace(/\s/g, '');
  const m = ACCT_VALUE.exec(` ${text}`);
  if (!m) return null;
  const v = m[1]!.trim();
  const digits = v.replace(/\D/g, '');
  if (digits.length < 4) return null;
  if (/^\d{1,2}[/-]\d{1,2}[/-]\d{2,4}$/.test(v)) return null;
  if (/\d\s\d/.test(v) && digits.length < 8) return null;
  // A number masked at its start reads as its visible digits: "XXXX XXXX XXXX 1234", "**** 1234"
  // and "ending in 1234" are one card's number, month after month, whatever the print's mask.
  return reportedAccountNumber(v.replace(/[\s-]+/g, ''));
}

const isMasked = (text: string) => /[Xx*•]{2,}[\s-]?\d/.test(text);

/** Account numbers declared by a label ("Account Number: 1234…", or the value under the label). */
const ACCT_HINT = new RegExp([...ACCT_LABELS, ...MASKED_LABELS].map((l) => l.slice(0, 4)).filter((v, i, a) => a.indexOf(v) === i).join('|'));

/**
 * The label a cell's head is ("Account Number:", "Card number ending in"), or null; `ending`
 * when the head ends in words that put a masked number's last digits after it ("ending in").
 */
function labelOf(head: string, labels: string[]): { label: string; ending: boolean } | null {
  const fits = (h: string) => labels.find((l) => h === l || (h.endsWith(l) && h.length <= l.length + 10));
  const ending = ENDINGS.find((e) => head.endsWith(e) && head.length > e.length);
  const direct = fits(head);
  if (direct) return { label: direct, ending: !!ending };
  const base = ending ? fits(head.slice(0, -ending.length)) : undefined;
  return base ? { label: base, ending: true } : null;
}

export function findAccountNumber(line: Line, next: Line | undefined): string | null {
  const found = labelledAccount(line, next);
  return found && found !== MASKED ? found : null;
}

/**
 * True when the line labels an account number whose value is printed fully masked
 * ("Account Number: XXXX XXXX XXXX"): the statement hides its own number, so a number labelled
 * later (a payee's account in a "ways to pay" box) is not this account's.
 */
export function isMaskedAccountLabel(line: Line, next: Line | undefined): boolean {
  return labelledAccount(line, next) === MASKED;
}

const MASKED = '\u0000masked';
// Only mask characters, in two groups or more ("XXXX XXXX XXXX", "****-****").
const ALL_MASK = /^[\s:#]*(?:[Xx*•]{2,}[\s-]*){2,}$/;

function labelledAccount(line: Line, next: Line | undefined): string | null {
  if (!ACCT_HINT.test(line.key)) return null;
  for (let i = 0; i < line.cells.length; i++) {
    const cell = line.cells[i]!;
    // The label is the text before the value: "Account Number:", "Primary account #", "Acct No."
    // …or before an IBAN ("IBAN NL91 ABNA 0417 1643 00", "Rekeningnummer NL91 …").
    const cut = cell.text.search(/[:#]|\b[A-Z]{2}\d{2}(?=\s?[A-Z0-9]{4})|\d|(?:[Xx*•]{2,}[\s-]?)+\d/);
    const head = compact(cut >= 0 ? cell.text.slice(0, cut) : cell.text);
    const named = labelOf(head, ACCT_LABELS);
    // A card's bare product word ("Tarjeta **** 1234", "Card ending in 1234"): a label of a masked value only.
    const product = named ? null : labelOf(head, MASKED_LABELS);
    const label = named?.label;
    const takes = (value: string) => !!named || !!product && (product.ending || isMasked(value));
    // A header cell over its value: "Account Number  Sheet Number" above "87654321  70".
    const headerLabel = !label && cut < 0 && ACCT_LABELS.some((l) => l.length > 7 && head.startsWith(l) && head.length <= l.length + 14);
    if (!label && !product && !headerLabel) continue;
    if (cut >= 0 && takes(cell.text.slice(cut))) { const v = accountValue(cell.text.slice(cut)); if (v) return v; }
    const right = line.cells[i + 1];
    const rightText = right ? right.text.replace(ENDING_BEFORE, '') : '';
    // Beside the label, or across a details block whose values are drawn flush right ("Account Number" at the left margin, "271610920" 214 pt on): a line of the label and its value alone.
    if (right && (right.x0 - cell.x1 < 200 || line.cells.length === 2) && (/^[\s:#]*[\dXx*•][\dXx*•\s-]{3,}$/.test(rightText) || /^[\s:#]*[A-Z]{2}\d{2}\s?[A-Z0-9]{4}/.test(rightText))
      && (headerLabel || takes(rightText) || rightText !== right.text)) {
      const v = accountValue(rightText);
      if (v) return v;
      if (ALL_MASK.test(rightText)) return MASKED;
    }
    if (!label && !headerLabel) continue;
    if (label && cut >= 0 && ALL_MASK.test(cell.text.slice(cut))) return MASKED;
    // Value printed under the label.
    if (next && next.page === line.page && next.y - line.y < line.size * 2.5) {
      const under = next.cells.find((c) => Math.max(0, c.x0 - cell.x1, cell.x0 - c.x1) < 4);
      if (under && (/^[\dXx*•][\dXx*•\s-]{3,}$/.test(under.text) || IBAN.test(under.text))) { const v = accountValue(under.text); if (v && v.replace(/\D/g, '').length >= 6) return v; }
    }
  }
  return null;
}

export function isStrongAccountNumber(n: string): boolean {
  return !/[xX*•]/.test(n) && n.replace(/\D/g, '').length >= 6;
}

export function normalizeAccount(n: string): string {
  return n.replace(/[^\dxX*]/g, '').replace(/^[xX*]+/, '');
}

const CONNECTORS = new Set(PERIOD_CONNECTORS);
const YEAR_HINT = /(?:^|\D)(?:19|20)\d{2}(?!\d)|\d{1,2}[/.-]\d{1,2}[/.-]\d{2}(?!\d)/;

/** The statement period: the first line holding two full dates joined by a connector. */
export function findPeriod(lines: Line[], dmy: boolean, langs: Lang[]): { start: IsoDate; end: IsoDate } | null {
  for (let i = 0; i < lines.length; i++) {
    const found = periodAt(lines, i, dmy, langs);
    if (found) return found;
  }
  return null;
}

/** The period printed on line i, or starting on line i and wrapped in its column to line i+1. */
export function periodAt(lines: Line[], i: number, dmy: boolean, langs: Lang[]): { start: IsoDate; end: IsoDate } | null {
  const line = lines[i]!;
  // A period has a year in it (or sits on two lines, the first with a year).
  if (!YEAR_HINT.test(line.text)) return null;
  const found = periodIn(line.text, dmy, langs);
  if (found) return found;
  // "Statement Period: Dec 16, 2024" over "through Jan 15, 2025".
  const next = lines[i + 1];
  if (next && next.page === line.page && next.y - line.y < line.size * 1.8) {
    for (const a of line.cells) {
      if (!findFullDates(a.text, dmy, langs).length) continue;
      const b = next.cells.find((c) => Math.abs(c.x0 - a.x0) < 4 || Math.abs(c.x1 - a.x1) < 4);
      const joined = b ? periodIn(`${a.text} ${b.text}`, dmy, langs) : null;
      if (joined) return joined;
    }
  }
  return null;
}

/** Days a statement's printed period spans at most (an annual statement's 366, with room; the engine's maxStatementDays is more). */
const MAX_PERIOD_DAYS = 1_100;

function periodIn(text: string, dmy: boolean, langs: Lang[]): { start: IsoDate; end: IsoDate } | null {
  {
    const line = { text };
    const dates = findFullDates(line.text, dmy, langs);
    for (let i = 0; i + 1 < dates.length; i++) {
      const a = dates[i]!, b = dates[i + 1]!;
      const between = line.text.slice(a.end, b.index).trim().toLowerCase().replace(/[:,]/g, '').trim();
      if (!CONNECTORS.has(between) && !/^(through|to|thru|-|–|—)$/.test(between)) continue;
      const start = toIso(a.parts.year!, a.parts.month, a.parts.day), end = toIso(b.parts.year!, b.parts.month, b.parts.day);
      // Longer than any statement runs: a year misread ("01/01/2014 - 01/31/2024" off a fax),
      // no period (taken, the statement spanned ten years and the file was refused).
      if (start <= end && daysBetween(start, end) <= MAX_PERIOD_DAYS) return { start, end };
    }
  }
  return null;
}

const US_CITY = /^(.*?)[,\s]+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/;
const UK_POSTCODE = /^(.*?)\s*\b([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/;

const NAME_CONTINUATION = new RegExp(`^(?:${OWNER_NAME_CONTINUATIONS.map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})(?=[\\s:.,]|$)`, 'i');

export interface AddressBlock { lines: string[]; address: PostalAddress; isBank: boolean }

/** Address blocks on a page: lines stacked at one left edge, ending in a city/state/ZIP or a postcode. */
export function findAddressBlocks(lines: Line[], bankName: string | null): AddressBlock[] {
  const blocks: AddressBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    for (const cell of line.cells) {
      const us = US_CITY.exec(cell.text);
      const uk = us ? null : UK_POSTCODE.exec(cell.text);
      if (!us && !uk) continue;
      const stack: string[] = [cell.text];
      let y = line.y;
      for (let j = i - 1; j >= 0 && stack.length < 6; j--) {
        const prev = lines[j]!;
        if (prev.page !== line.page || y - prev.y > prev.size * 2.2) break;
        const above = prev.cells.find((c) => Math.abs(c.x0 - cell.x0) < 3);
        if (!above) { if (y - prev.y > prev.size * 0.5) break; continue; }
        stack.unshift(above.text);
        y = prev.y;
      }
      if (stack.length < 2) continue;
      const last = stack[stack.length - 1]!;
      const address: PostalAddress = {};
      if (us) { address.city = us[1]!.trim(); address.state = us[2]; address.postalcode = us[3]; address.country = 'US'; }
      else if (uk && stack.length >= 3 && uk[1]) { address.city = uk[1].trim() || stack[stack.length - 2]; address.postalcode = uk[2]; address.country = 'UK'; }
      else if (uk) { address.postalcode = uk[2]; address.country = 'UK'; if (stack.length >= 3) address.city = stack[stack.length - 2]; }
      // The name's own further lines (DBA …, C/O …) come before the street.
      let first = 1;
      while (first < stack.length - 1 && NAME_CONTINUATION.test(stack[first]!)) first++;
      const street = stack.slice(first, uk && !uk[1] ? -2 : -1);
      address.address1 = street[0] ?? '';
      address.address2 = street.slice(1).join(', ');
      const isBank = !!bankName && stack.some((s) => compact(s).includes(compact(bankName).slice(0, 6))) || /p\.?\s?o\.?\s?box/i.test(stack.join(' ')) && stack.length <= 3;
      blocks.push({ lines: stack, address, isBank });
      void last;
    }
  }
  return blocks;
}

const BUSINESS = new Set(BUSINESS_WORDS);
export function looksBusiness(name: string): boolean {
  return name.toLowerCase().split(/[^a-z]+/).some((w) => BUSINESS.has(w));
}

/**
 * An account-type word followed by an institution's word is the bank's name, not the account's
 * type, also after another type word joined to it ("Millbrook Checking & Savings Bank").
 */
const NOT_INSTITUTION = `(?!(?:\\s*(?:&|\\+|and)\\s*[A-Za-z]+)?\\s+(?:${INSTITUTION_AFTER_TYPE_WORD.map((w) => w.replace(/[.&]/g, '\\$&')).join('|')})(?![A-Za-z]))`;
/** …and so is one right after an institution's word ("Caixa de Poupança Serrana", "Cassa di Risparmio"). */
const NOT_AFTER_INSTITUTION = `(?<!(?:^|[^A-Za-z])(?:${INSTITUTION_BEFORE_TYPE_WORD.map((w) => w.replace(/'$/, "['’]").replace(/ /g, '\\s+')).join('|')})\\s*)`;
/** A type word is a whole word: "isa" is no part of "Lisa" or "Visa". */
const WORD_START = '(?<![A-Za-zÀ-ÿ])';
const TYPE_RES = ACCOUNT_TYPE_WORDS.map((t) => ({ type: t.type, res: t.words.map((w) => new RegExp(`((?:[A-Za-z][A-Za-z&'-]*\\s+){0,3})${NOT_AFTER_INSTITUTION}${WORD_START}(${w})\\b${NOT_INSTITUTION}`, 'i')) }));
/**
 * Any account-type word at all: the words alone, without the up-to-three words before them that
 * make TYPE_RES slow on every cell. A cell it does not match cannot match any of TYPE_RES.
 */
const ANY_TYPE_WORD = new RegExp(`${WORD_START}(?:${ACCOUNT_TYPE_WORDS.flatMap((t) => t.words).join('|')})\\b`, 'i');

/** The line names an account type ("Savings Account", "Girokonto") outside a table row. */
export function namesAccountType(line: Line): boolean {
  return !isRowLine(line) && findAccountTypeIn([line]) !== null;
}

export type AccountTypeFound = 'Savings' | 'MoneyMarket' | 'Line of Credit' | 'Checking';

/**
 * The account's type and its printed title ("Business Complete Checking"), and what told it:
 * `title` a line naming the type; `rate` no line names it, but the account prints the interest
 * rate or yield it earns (a savings account titled by its product name only, "Premier Reserve",
 * often of a "Savings Bank" whose name is no evidence); `none` nothing tells, and the type is
 * Checking, the one the API's accounttypestr (which has no unknown) gives a transaction account.
 */
export function findAccountType(lines: Line[], opts: { cheques?: boolean; bankName?: string; pageEdges?: ReadonlySet<Line> } = {}): { type: AccountTypeFound; title: string; evidence: 'title' | 'rate' | 'none' } {
  // The first line that names an account type decides (the account's title comes before any
  // disclosure that mentions savings); within a line, the more specific type first. Rows, their
  // wrapped lines and the lines of the table under its heads (a wrapped description's
  // "VIREMENT VERS LIVRET A") are rows' text, never the account's title.
  // (Not every line between the page's first and last row: a figure line above the table, "0.01%
  // AER", has a row's shape, and the account's title "Your Flexible Saver details" lies below it.)
  const wrapped = wrappedRowLines(lines);
  const table = tableTextLines(lines, wrapped);
  const typed = lines.filter((l, i) => !isRowLine(l) && !wrapped.has(i) && !table.has(i));
  // The bank's own name printed as its letterhead or footer ("Ridgewood Savings" atop the page)
  // names no account's type: the account's own words decide.
  // (Edges of the document's pages: a statement starting mid-page starts with its own title.)
  const edges = opts.pageEdges ?? pageEdgeLines(lines);
  // Names printed so at a page's edge are the bank's wherever else they are printed (a return address).
  const names = new Set<string>();
  if (opts.bankName) names.add(compact(opts.bankName));
  for (const line of lines) if (edges.has(line)) findAccountTypeIn([line], (cell, m) => { const n = bankShaped(cell, m); if (n) names.add(n); return true; });
  // A notice's type word ("Overdraft protection: linked Business Line of Credit ending in 8083.",
  // "… swept nightly to a money market fund.") names another account or product: no title.
  const wrappedSentences = wrappedSentenceLines(lines);
  for (const line of typed) {
    if (isSentence(line.text) || wrappedSentences.has(line)) continue;
    const hit = findAccountTypeIn([line], (cell, m) => { const n = bankShaped(cell, m); return !!n && (edges.has(line) || [...names].some((k) => k.startsWith(n))); });
    if (hit) return { ...hit, evidence: 'title' };
  }
  // Cheques paid are a checking account's: a rate it earns does not make it a savings account.
  // A rate printed in a box of another product the owner holds ("Samenvatting lening" … "Rentepercentage
  // 8,75 %", a linked loan's or card's summary under the account's block) is that product's, never
  // what this account earns: a checking account beside it was read as savings.
  if (!opts.cheques && typed.some((l, i) => isSavingsRateLine(l) && !inOtherProductsBox(typed, i))) return { type: 'Savings', title: '', evidence: 'rate' };
  return { type: 'Checking', title: '', evidence: 'none' };
}

/** Lines of column heads under the first that tableTextLines takes for heads. */
const MAX_HEAD_LINES_UNDER = 2;

/**
 * Per page, the lines from the table's column heads to the page's last line of figures: the table's text,
 * also where its rows are not told from their wrapped lines ("TRANSFER FROM SAVINGS | Feb 03"
 * over the row's figures, a description first and its amounts on its last line).
 */
export function tableTextLines(lines: readonly Line[], wrapped: ReadonlyMap<number, unknown>): Set<number> {
  const out = new Set<number>();
  for (let start = 0; start < lines.length;) {
    let end = start;
    while (end < lines.length && lines[end]!.page === lines[start]!.page) end++;
    let heads = -1, last = -1;
    for (let k = start; k < end; k++) {
      if (heads < 0) {
        if (lines[k]!.cells.length >= 2 && !isRowLine(lines[k]!) && headerColumns(lines[k]!)) heads = k;
        // The heads' second line right under them ("FECHA  IMPORTE" over "OPER.  CONCEPTO  (EUR)"):
        // heads too, no table text (its code names the amounts' currency, as a head does). And a
        // third: heads of two lines with a one-line head set between them ("Data  Importo  Saldo",
        // "Causale", "contabile  (CHF)  (CHF)": the code was taken for a row's text, and a franc
        // statement with a US address read as dollars).
        for (let merged = lines[k]!, more = 0; heads === k && more < MAX_HEAD_LINES_UNDER; more++) {
          const under = lines[k + 1];
          if (!under || under.page !== merged.page || under.y - lines[k]!.y >= under.size * 1.6 || /\d/.test(under.text)) break;
          merged = mergeLines(merged, under);
          if (!headerColumns(merged)) break;
          heads = k + 1, k++;
        }
      }
      // A row, a wrapped row's line, a row printed without its date (the day's later rows).
      else if (wrapped.has(k) || printsRowValues(lines[k]!)) last = k;
    }
    // The last row's description wrapped under it ("TRANSFER FROM" over "SAVINGS 7281"): lines
    // starting where a text cell of that row starts, in its weight, with no figure or date.
    for (let k = last + 1; last >= 0 && k < end && k - last <= 2 && continuesRowText(lines[k]!, lines[last]!, lines[k - 1]!); k++) out.add(k);
    for (let k = heads + 1; heads >= 0 && k <= last; k++) out.add(k);
    start = end;
  }
  return out;
}

/** A line of text just under a row, starting where one of the row's text cells starts, in its weight: the row's wrapped description. */
function continuesRowText(line: Line, row: Line, above: Line): boolean {
  if (printsRowValues(line) || !line.cells.length) return false;
  const first = line.cells[0]!;
  // At a row's spacing (a footer far below is none).
  if (Math.abs(line.y - above.y) > 2 * first.size) return false;
  return row.cells.some((c) => Math.abs(c.x0 - first.x0) <= 2 && c.bold === first.bold && !printsRowValues({ text: c.text, cells: [c] }));
}

const spacedWords = (text: string) => ` ${withoutAccents(text).toLowerCase().replace(/[^a-z0-9%]+/g, ' ').trim()} `;
const RATE_WORDS = SAVINGS_RATE_WORDS.map((w) => spacedWords(w));
const RATE_NOT = SAVINGS_RATE_NOT.map((w) => spacedWords(w));
const PERCENT = /\d(?:[.,]\d+)?\s?%/;

/** Phrases only a loan's or a card's summary prints (LOAN_WORDS.strong but those deposits print too; the card's strong words). */
const OTHER_PRODUCT = [...LOAN_WORDS.strong.filter((w) => !LOAN_WORDS_DEPOSITS_PRINT.includes(w)), ...(DOC_TYPE_STRONG_WORDS['Credit Card Statement'] ?? [])].map((w) => spacedWords(w));
/** Most lines either side of a rate line a box holding it spans (a box of 8 lines, doc-type.ts BOX_LINES). */
const BOX_REACH = 8;
/** Line spacing, in the line's type size, a box's lines stand within: a wider gap ends the block (a box printed apart under the account's). */
const BLOCK_GAP = 1.5;
/**
 * Whether lines[i] stands in a box naming another product: a loan's or a card's phrase on a line
 * of its block (the lines around it at a line's spacing, on its page, up to BOX_REACH either side).
 */
function inOtherProductsBox(lines: readonly Line[], i: number): boolean {
  const near = (a: Line, b: Line) => a.page === b.page && Math.abs(a.y - b.y) <= BLOCK_GAP * Math.max(a.size, b.size, 1);
  let from = i, to = i;
  while (from > 0 && i - from < BOX_REACH && near(lines[from - 1]!, lines[from]!)) from--;
  while (to < lines.length - 1 && to - i < BOX_REACH && near(lines[to]!, lines[to + 1]!)) to++;
  for (let k = from; k <= to; k++) {
    const t = spacedWords(lines[k]!.text);
    if (OTHER_PRODUCT.some((w) => t.includes(w))) return true;
  }
  return false;
}

/** A line printing the rate or yield the account earns ("Annual Percentage Yield Earned 0.45%", "Habenzins: 1,25 % p.a."). */
function isSavingsRateLine(line: Line): boolean {
  if (!PERCENT.test(line.text)) return false;
  const t = spacedWords(line.text);
  return RATE_WORDS.some((w) => t.includes(w)) && !RATE_NOT.some((w) => t.includes(w));
}

/**
 * Where a bank prints its name: each page's first and last line (letterhead, footer), and a line
 * of the page's head, above its first transaction row, printed larger than any other text of the
 * page and much larger than its common text (a name set as a logo, under a line of service
 * numbers). An account's title is printed in the type of the statement's headings.
 */
export function pageEdgeLines(lines: readonly Line[]): Set<Line> {
  const out = new Set<Line>();
  const biggest = (l: Line) => Math.max(l.size, ...l.cells.map((c) => c.size));
  for (let start = 0; start < lines.length;) {
    let end = start;
    while (end < lines.length && lines[end]!.page === lines[start]!.page) end++;
    out.add(lines[start]!).add(lines[end - 1]!);
    const page = lines.slice(start, end);
    const sizes = page.map((l) => l.size).sort((a, b) => a - b);
    const common = sizes[Math.floor(sizes.length / 2)]!;
    const largest = Math.max(...page.map(biggest));
    const firstRow = page.findIndex((l) => isRowLine(l));
    for (let k = 0; k < (firstRow < 0 ? page.length : firstRow); k++) {
      if (biggest(page[k]!) === largest && largest >= common * LOGO_SIZE) out.add(page[k]!);
    }
    start = end;
  }
  return out;
}

/** How much larger than a page's common text a logo's name is printed (the composer's 16 pt over 8 pt text; statements' headings run 10-12 pt over 8-9). */
const LOGO_SIZE = 1.6;

const TITLE_WORDS = new Set(ACCOUNT_TITLE_WORDS);
const foldedWords = (text: string) => withoutAccents(text).toLowerCase().split(/[^a-z]+/).filter(Boolean);

/**
 * The name a cell's type word may end, compacted, or null: capitalised words right before it
 * ("Ridgewood Savings", "Pinecrest Savings & Trust", "… banking with Emigrant Savings"), no
 * number after it (an account's "Savings 1234") and no word of an account's title such as
 * "Account" or "Summary" in the cell. It is the bank's name, not the account's type, where a bank
 * prints its name (the first or last line of a page: letterhead, footer), or where it is the
 * name of the bank the statement is from or one printed so at a page's edge.
 */
function bankShaped(cell: string, m: RegExpExecArray): string | null {
  // The capitalised words right before the type word: "Emigrant" in "Thank you for banking with Emigrant Savings".
  const lead: string[] = [];
  for (const w of (m[1] ?? '').trim().split(/\s+/).filter(Boolean).reverse()) { if (!/^[\p{Lu}&]/u.test(w)) break; lead.unshift(w); }
  if (!lead.some((w) => /^\p{Lu}/u.test(w))) return null;
  // A number ending the cell after the type word is the account's ("Savings 1234", "Savings - x4821",
  // "Savings (...4821)"); an address after it is the bank's ("Ridgewood Savings - 71-02 Forest Avenue").
  if (/^\s*[-:#(]?\s*(?:[x*.]+\s*)?\d[\d\s-]*\)?\s*$/i.test(cell.slice(m.index + m[0].length))) return null;
  if (foldedWords(cell).some((w) => TITLE_WORDS.has(w))) return null;
  return compact(`${lead.join(' ')} ${m[2]}`);
}

function findAccountTypeIn(lines: Line[], isBankName?: (cell: string, m: RegExpExecArray) => boolean): { type: AccountTypeFound; title: string } | null {
  const cells = lines.map((line) => line.cells.filter((cell) => ANY_TYPE_WORD.test(cell.text)));
  if (cells.every((c) => !c.length)) return null;
  for (const t of TYPE_RES) {
    for (const lineCells of cells) {
      for (const cell of lineCells) {
        for (const re of t.res) {
          const m = re.exec(cell.text);
          if (!m || isBankName?.(cell.text, m)) continue;
          let title = `${m[1] ?? ''}${m[2]}`.trim();
          if (title.length > 40 || /summary|activity|statement/i.test(title)) title = m[2]!;
          if (title === title.toUpperCase()) title = title.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
          return { type: t.type, title };
        }
      }
    }
  }
  return null;
}

/**
 * The last digits of an account printed masked after its title ("BUSINESS CHECKING (...4821)",
 * "Savings x1234"), as online-banking pages print it: a weak number (never a strong one), taken
 * only where no other is printed, and never used to split statements.
 */
export function findMaskedTitledAccountNumber(line: Line): string | null {
  for (const cell of line.cells) {
    const m = /\b(?:checking|savings|account|money market|chequing|current account)\b[^\d]{0,24}?\(?\s*(?:\.{2,}|…|[Xx*•]+)\s*(\d{4})\s*\)?\s*$/i.exec(cell.text);
    if (m) return m[1]!;
  }
  return null;
}

/** An account number printed after the account's title ("Business Checking - 200749401528"). */
export function findTitledAccountNumber(line: Line): string | null {
  for (const cell of line.cells) {
    const m = /\b(?:checking|savings|account|money market|chequing|current account)\b[^\d]{0,24}?((?:\.{3}|[Xx*]{2,})?\d{4,})\s*$/i.exec(cell.text);
    if (m && m[1]!.replace(/\D/g, '').length >= 8) return m[1]!;
  }
  return null;
}

