import type { DocTypeText } from '../../contract/model.js';
import { DOC_TYPE_WORDS, DOC_TYPE_STRONG_WORDS, LOAN_WORDS, PAGE_KINDS } from '../data/labels.js';
import { linesByPage, type Line } from './lines.js';
import { isRowLine, printsRowValues, tableBodyLines, wrappedRowLines } from './row-line.js';
import { headerColumns } from './header-row.js';
import { findAccountType } from './fields.js';
import { spacedWords } from '../text-fold.js';

/**
 * What kind of document a PDF is, decided once from scored evidence: the distinct telltale
 * phrases (data/labels.ts) printed outside transaction rows. A row's description ("PAYMENT TO
 * CREDIT CARD") is never evidence, and one phrase never decides: each kind needs several
 * distinct phrases and more than the bank-statement phrases; a credit card also needs one
 * phrase only card statements print (minimum payment due, credit limit …); an investment
 * statement may instead print two phrases only investment statements print.
 */
export interface DocTypeDecision {
  docType: DocTypeText;
  scores: Record<string, number>;
  /** The phrases that decided it, for the record ("Credit Card Statement: minimum payment due, credit limit, …"). */
  evidence: string;
  /** A loan or line of credit: a Bank Statement whose balances are a principal owed. */
  loan?: true;
  /**
   * A card's or a loan's phrases that decide the kind only with the one box of a few lines that
   * holds most of them (what a bank account's statement prints as a linked product's summary),
   * and no evidence that the ledger is a deposit account's: the reader also reads it as a bank
   * statement, and the reading that reconciles is kept (pdf/index.ts).
   */
  boxOnly?: true;
}

/**
 * Every word of every phrase, numbered: a text's words are looked up here once (per distinct
 * line, see lineEvidence), and a phrase's words are then checked as flags, not strings.
 */
const WORD_IDS = new Map<string, number>();
let phraseCount = 0;

interface Phrase { id: number; text: string; spacedKey: string; squashed: string; words: number[] }
const phrase = (w: string): Phrase => {
  const spacedKey = spacedWords(w);
  const words: number[] = [];
  for (const word of spacedKey.trim().split(' ')) {
    // '' (a phrase of no letters or digits) is a word of every text, as text.split(' ') gives it.
    if (!word) continue;
    let id = WORD_IDS.get(word);
    if (id === undefined) WORD_IDS.set(word, (id = WORD_IDS.size));
    words.push(id);
  }
  return { id: phraseCount++, text: w, spacedKey, squashed: spacedKey.replace(/ /g, ''), words };
};
const KINDS = DOC_TYPE_WORDS.map((d) => ({ docType: d.docType, phrases: d.words.map(phrase) }));
const STRONG = new Map(Object.entries(DOC_TYPE_STRONG_WORDS).map(([k, words]) => [k, words.map(phrase)]));
const LOAN = LOAN_WORDS.words.map(phrase);
const LOAN_STRONG = new Set(LOAN_WORDS.strong);


/** A line's text as evidence: spacedWords(), and the phrase words it holds (WORD_IDS). */
interface LineEvidence { text: string; words: number[]; squashed?: string }

/**
 * lineEvidence of each distinct line text, read once: a document's lines are read as evidence
 * per page, for the whole document and per statement, and page furniture repeats. Keyed on the
 * text alone (the reading depends on nothing else); bounded, cleared when full.
 */
const evidenceByText = new Map<string, LineEvidence>();
const MAX_EVIDENCE_TEXTS = 20_000;

function lineEvidence(text: string): LineEvidence {
  let e = evidenceByText.get(text);
  if (!e) {
    const t = spacedWords(text);
    const words: number[] = [];
    for (const w of t.split(' ')) {
      const id = WORD_IDS.get(w);
      if (id !== undefined) words.push(id);
    }
    e = { text: t, words };
    if (evidenceByText.size >= MAX_EVIDENCE_TEXTS) evidenceByText.clear();
    evidenceByText.set(text, e);
  }
  return e;
}

/** A line's evidence, or null for a transaction row, which is never evidence. */
function evidenceOf(l: Line): LineEvidence | null {
  return isRowLine(l) ? null : lineEvidence(l.text);
}

/** Evidence text holds a–z, 0–9 and spaces only (spacedWords()): a letter or digit as 0–35, -1 for anything else. */
function symbol(c: number): number {
  if (c >= 0x61 && c <= 0x7a) return c - 0x61;
  if (c >= 0x30 && c <= 0x39) return c - 0x30 + 26;
  return -1;
}

/**
 * Every three-symbol run of a squashed text, as a bitmap of 36³ entries: a phrase one of whose
 * runs is missing is not in the text, found without a search of the whole text (most long
 * phrases are in no document, and the search for each was most of the type decision's time).
 */
function trigrams(text: string): Uint8Array {
  const seen = new Uint8Array(36 * 36 * 36);
  let a = -1, b = -1;
  for (let i = 0; i < text.length; i++) {
    const c = symbol(text.charCodeAt(i));
    if (c >= 0 && a >= 0 && b >= 0) seen[(a * 36 + b) * 36 + c] = 1;
    a = b; b = c;
  }
  return seen;
}

function mayHold(seen: Uint8Array, key: string): boolean {
  let a = -1, b = -1;
  for (let i = 0; i < key.length; i++) {
    const c = symbol(key.charCodeAt(i));
    if (c >= 0 && a >= 0 && b >= 0 && !seen[(a * 36 + b) * 36 + c]) return false;
    a = b; b = c;
  }
  return true;
}

/**
 * The evidence text of some lines (each line read once) and the phrases found in it. A phrase
 * is looked for once per text, and only when each of its words is a word of the text (a word
 * set, built once, answers for most phrases without a search of the whole text).
 */
class Evidence {
  readonly text: string;
  /** Transaction rows among the lines. */
  readonly rows: number;
  /** The lines' evidence, in order (their squashed texts make the text's). */
  private readonly parts: LineEvidence[] = [];
  private squashedText: string | null = null;
  private squashedRuns: Uint8Array | null = null;
  /** Which phrase words (WORD_IDS) the text holds. */
  private readonly words = new Uint8Array(WORD_IDS.size);
  /** Per phrase id: 0 not looked for yet, 1 found, 2 not in the text. */
  private readonly found = new Uint8Array(phraseCount);
  /** The evidence text of the lines, or (`outsideTable`) of those outside the table's body only. */
  constructor(lines: readonly Line[], outsideTable = false) {
    let text = '', rows = 0;
    // A row whose amounts are on its last line is rows' text too, and counts once.
    const wrapped = wrappedRowLines(lines);
    const body = outsideTable ? tableBodyLines(lines, printsRowValues, wrapped) : null;
    for (const [i, l] of lines.entries()) {
      if (body?.has(i)) continue;
      const wrappedLine = wrapped.get(i);
      if (wrappedLine) { if (wrappedLine === 'first') rows++; continue; }
      const e = evidenceOf(l);
      // A line of no letters or digits spaces to ' ' ... ' ' (never empty): only rows count as rows.
      if (!e) { rows++; continue; }
      text += e.text;
      this.parts.push(e);
      for (const w of e.words) this.words[w] = 1;
    }
    this.text = text;
    this.rows = rows;
  }
  /**
   * Of the phrases (found in the evidence), those printed outside the one box of `lines`
   * consecutive evidence lines that holds the most of them: what would remain of a kind's
   * evidence without a box of another product. A phrase found only across lines (letter-spaced,
   * wrapped) is outside.
   */
  outsideBox(phrases: readonly Phrase[], lines: number): Phrase[] {
    const at = phrases.map((p) => {
      const out: number[] = [];
      for (let i = 0; i < this.parts.length; i++) if (this.parts[i]!.text.includes(p.spacedKey)) out.push(i);
      return out;
    });
    let best: Phrase[] | null = null;
    for (const start of new Set(at.flat())) {
      const outside = phrases.filter((_, k) => !at[k]!.some((i) => i >= start && i <= start + lines) || at[k]!.some((i) => i < start || i > start + lines));
      if (!best || outside.length < best.length) best = outside;
    }
    return best ?? [...phrases];
  }
  has(p: Phrase): boolean {
    const known = this.found[p.id];
    if (known) return known === 1;
    let hit = this.hasWords(p) && this.text.includes(p.spacedKey);
    // Letter-spaced print ("Ope ning Balance") is matched with the spaces removed, long phrases only.
    if (!hit && p.squashed.length >= 12) {
      // The text without spaces, joined from each line's (squashed once per distinct line).
      const squashed = (this.squashedText ??= this.parts.map((e) => (e.squashed ??= e.text.replace(/ /g, ''))).join(''));
      hit = mayHold(this.squashedRuns ??= trigrams(squashed), p.squashed) && squashed.includes(p.squashed);
    }
    this.found[p.id] = hit ? 1 : 2;
    return hit;
  }
  private hasWords(p: Phrase): boolean {
    for (const w of p.words) if (!this.words[w]) return false;
    return true;
  }
}

export function classifyDocument(lines: Line[], maxLines = 600): DocTypeDecision {
  const top = lines.length > maxLines ? lines.slice(0, maxLines) : lines;
  return decide(new Evidence(top), new Evidence(top, true), (beside) => bankLedger(top, beside));
}

/**
 * A bank account's ledger: its table carries a running balance (`runningBalanceTable`), or the
 * account's own title, outside its table, names a deposit account ("Cuenta corriente", "Business
 * Checking", "Savings"): a ledger of date, description and amount under such a title is the
 * deposit account's, whatever box of a linked loan or card it prints. Beside a card's box, so is
 * one whose account prints the rate its deposits earn ("Taux de rémunération : 3,49 %": a
 * savings account titled by a product name only): a card's rates are APRs, which findAccountType's
 * rate lines are not, but a loan's or a line of credit's own statement prints its rate ("Taxa de
 * juro 6,50 %") as a savings account does. (A line of credit's own statement is titled so, and
 * its title names no deposit account.)
 */
function bankLedger(lines: readonly Line[], beside: 'card' | 'loan'): boolean {
  if (runningBalanceTable(lines)) return true;
  // The title is printed in the first page's head, above its first row: elsewhere a card
  // statement's notes say "Checking your statement", "…from your current account".
  const page = lines[0]?.page;
  const firstRow = lines.findIndex((l) => l.page !== page || isRowLine(l));
  const t = findAccountType(lines.slice(0, firstRow < 0 ? lines.length : firstRow) as Line[]);
  return (t.evidence === 'title' || (beside === 'card' && t.evidence === 'rate')) && t.type !== 'Line of Credit';
}

/**
 * Whether the first table's heads name a running balance beside the rows' money, as a bank
 * account's ledger prints it: a balance column that is no principal owed and no principal column
 * (a loan's ledger), with a debit, credit or amount column.
 */
function runningBalanceTable(lines: readonly Line[]): boolean {
  for (const [i, l] of lines.entries()) {
    if (l.cells.length < 2 || isRowLine(l)) continue;
    const cols = headerColumns(l);
    // A label line with a date word ("Payment due date  08/01/2025") is no table's heads.
    if (!cols || cols.length < 3 || !cols.some((c) => c.kind === 'debit' || c.kind === 'credit' || c.kind === 'amount' || c.kind === 'balance')) continue;
    // Nor are the second lines of a summary's boxes whose labels wrap ("Previous | Payments and |
    // … | Payment due" over "balance | credits | due | date"): heads have rows under them.
    if (!lines.slice(i + 1, i + 1 + HEADS_TO_ROWS).some((r) => r.page === l.page && isRowLine(r))) continue;
    const balance = cols.some((c) => c.kind === 'balance' && !/principal|loan|due|owed|capital|schuld|debito|devedor|lening/.test(c.head ?? ''));
    return balance && !cols.some((c) => c.kind === 'principal') && cols.some((c) => c.kind === 'debit' || c.kind === 'credit' || c.kind === 'amount');
  }
  return false;
}

/**
 * Lines over which a box of another product is printed: a checking statement's summary of the
 * owner's credit card ("Card number", "New balance", "Minimum payment due", "Credit limit") or
 * of a loan ("Loan number", "Principal balance", "Interest rate", "Maturity date").
 */
const BOX_LINES = 8;
/** A table's heads have a row within so many lines under them. */
const HEADS_TO_ROWS = 3;

/**
 * The kind the evidence scores highest. A card's phrases are counted outside the table's body
 * only (`cardEv`): inside it, a line with a row's values but no row's shape (a wrapped
 * description's line with the figures, a row printed without its date, a dated notice) is a
 * row's text, and a checking account's "AFLOSSING CREDITCARD 4417" or "KREDIETLIMIET GEWIJZIGD"
 * had made it a card statement, its balances negated. A loan's phrases inside its table
 * ("Tilgung", "Zinsen" beside their figures) still count.
 */
function decide(ev: Evidence, cardEv: Evidence = ev, bankLedger: (beside: 'card' | 'loan') => boolean = () => false): DocTypeDecision {
  const has = (p: Phrase) => ev.has(p);
  const scores: Record<string, number> = {};
  const hits: Record<string, string[]> = {};
  const hasOf = (t: DocTypeText) => (t === 'Credit Card Statement' ? (p: Phrase) => cardEv.has(p) : has);
  for (const k of KINDS) {
    hits[k.docType] = k.phrases.filter(hasOf(k.docType)).map((p) => p.text);
    scores[k.docType] = hits[k.docType]!.length;
  }
  const s = (t: DocTypeText) => scores[t] ?? 0;
  const strong = (t: DocTypeText) => (STRONG.get(t) ?? []).some(hasOf(t));
  const decide = (t: DocTypeText): DocTypeDecision => ({ docType: t, scores, evidence: `${t}: ${(hits[t] ?? []).join(', ') || 'no other kind had enough evidence'}` });
  const bank = s('Bank Statement'), card = s('Credit Card Statement');
  if (s('Tax Form') >= 3 && strong('Tax Form') && s('Tax Form') > Math.max(bank, card)) return decide('Tax Form');
  if (s('Application') >= 3 && s('Application') > bank) return decide('Application');
  // An investment statement outscores the rest, or prints two phrases no bank statement prints (unit price, investor number …).
  const strongInvestment = (STRONG.get('Investment Statement') ?? []).filter(has).length;
  if (s('Investment Statement') >= 3 && (s('Investment Statement') > Math.max(bank, card) || strongInvestment >= 2)) return decide('Investment Statement');
  // A loan or line of credit prints card-like terms (credit limit, payment due date) but also principal-balance terms no card prints.
  // A ledger with a running balance whose card or loan phrases would not decide it without the
  // one box of a few lines that holds most of them is a bank account's statement beside a
  // summary of another product the owner holds (a card statement's or a loan's phrases run over
  // its title, summary, payment box and table; "Nieuw saldo" may also be the account's own label).
  const aBox = (found: readonly Phrase[], e: Evidence, enough: (rest: Phrase[]) => boolean, beside: 'card' | 'loan') => !enough(e.outsideBox(found, BOX_LINES)) && bankLedger(beside);
  const loanFound = LOAN.filter(has);
  const loanHits = loanFound.map((p) => p.text);
  const loanEnough = (ps: Phrase[]) => ps.length >= 3 && ps.filter((p) => LOAN_STRONG.has(p.text)).length >= 2;
  if (loanEnough(loanFound) && !aBox(loanFound, ev, loanEnough, 'loan')) {
    scores.Loan = loanHits.length;
    const loan: DocTypeDecision = { docType: 'Bank Statement', scores, evidence: `Bank Statement (loan or line of credit): ${loanHits.join(', ')}`, loan: true };
    return loanEnough(ev.outsideBox(loanFound, BOX_LINES)) ? loan : { ...loan, boxOnly: true };
  }
  const cardFound = KINDS.find((k) => k.docType === 'Credit Card Statement')!.phrases.filter((p) => cardEv.has(p));
  // By text: STRONG's phrases are objects of their own, none of KINDS' (by object, no phrase was
  // ever strong here, and every card's kind was taken as decided by one box alone).
  const cardStrong = new Set((STRONG.get('Credit Card Statement') ?? []).map((p) => p.text));
  // A card statement printing neither a summary nor a payment box (its rows under its title and
  // number: "Kreditkartenabrechnung", "Kartennummer") holds two of a card's phrases, one of them
  // strong; where not one phrase says bank, those two decide. Two apart, not one inside the
  // other ("minimum payment due" holds "minimum payment"): one phrase never decides. Read as a
  // checking account, such a card, its summary labels unknown as a card's ("Alter Saldo", "Saldo
  // neu"), had every sign turned and reconciled so: silently wrong (card seed 6035, info none).
  const apart = cardFound.filter((p) => !cardFound.some((q) => q !== p && q.spacedKey.includes(p.spacedKey))).length;
  const cardEnough = (ps: Phrase[]) => ps.length >= 3 && ps.some((p) => cardStrong.has(p.text));
  if ((card >= 3 || (bank === 0 && apart >= 2)) && strong('Credit Card Statement') && card >= bank && !aBox(cardFound, cardEv, cardEnough, 'card')) {
    const cardKind = decide('Credit Card Statement');
    return cardEnough(cardEv.outsideBox(cardFound, BOX_LINES)) ? cardKind : { ...cardKind, boxOnly: true };
  }
  return decide('Bank Statement');
}

/** How a part of a package is read: as statements, as a tax form, as an application form, or not at all. */
export type PartReader = 'statement' | 'taxForm' | 'applicationForm' | null;

/** What one page says it is by its own evidence; kind null when it says too little (a statement's later page). */
export interface PageKind {
  page: number;
  kind: string | null;
  evidence: string;
  reader: PartReader;
  /** A kind that is a document of its own, never printed inside a statement. */
  alone: boolean;
  /** Transaction rows on the page (a statement's continuation when the page says nothing else). */
  rows: number;
  /** Of a page with no kind: the phrases it holds of each kind of PAGE_KINDS (whose `needs` it meets). */
  phrases?: Record<string, string[]>;
}

/** One document of a package: its pages (in order, not always contiguous), its kind and how it is read. */
export interface PackagePart {
  pages: number[];
  kind: string;
  evidence: string;
  reader: PartReader;
}

const PAGE_KIND_PHRASES = PAGE_KINDS.map((k) => ({ ...k, phrases: k.words.map(phrase), needed: k.needs?.map(phrase) }));
/** Rows (dated lines with amounts) that make a page a statement's when another kind's words are few: a stub's pay period or a policy's terms print a few. */
const MIN_ROWS_OF_A_STATEMENT_PAGE = 8;
const STATEMENT_KINDS = new Set<string>(['Bank Statement', 'Credit Card Statement', 'Investment Statement']);

/** Each page classified on its own (as classifyDocument does a document, plus the kinds of data/labels.ts PAGE_KINDS). */
export function classifyPages(lines: Line[]): PageKind[] {
  const byPage = linesByPage(lines);
  const out: PageKind[] = [];
  for (const [page, pl] of [...byPage.entries()].sort((a, b) => a[0] - b[0])) {
    // The page's own kinds read all its lines; the document kinds its first 600 (classifyDocument).
    const ev = new Evidence(pl);
    const rows = ev.rows;
    const d = pl.length > 600 ? classifyDocument(pl) : decide(ev, new Evidence(pl, true), (beside) => bankLedger(pl, beside));
    const base = { page, rows };
    if (d.docType === 'Tax Form') { out.push({ ...base, kind: d.docType, evidence: d.evidence, reader: 'taxForm', alone: true }); continue; }
    if (d.docType === 'Application') { out.push({ ...base, kind: d.docType, evidence: d.evidence, reader: 'applicationForm', alone: true }); continue; }
    if (d.docType !== 'Bank Statement' || d.loan) { out.push({ ...base, kind: d.docType, evidence: d.evidence, reader: 'statement', alone: false }); continue; }
    const has = (p: Phrase) => ev.has(p);
    const kinds = PAGE_KIND_PHRASES.filter((k) => !k.needed || k.needed.some(has))
      .map((k) => ({ k, hits: k.phrases.filter(has).map((p) => p.text) })).sort((a, b) => b.hits.length - a.hits.length);
    const other = kinds[0];
    const bank = d.scores['Bank Statement'] ?? 0;
    // A page of many transaction rows and few of a kind's words is a statement's page: a busy
    // account's wrapped "NEXT INSURANCE / PREMIUM" rows under an "Effective Date" head are no
    // insurance form. (A pay stub's dated lines come with many of its words.)
    if (other && other.hits.length >= 3 && other.hits.length > bank && rows < Math.max(MIN_ROWS_OF_A_STATEMENT_PAGE, other.hits.length * 3)) {
      out.push({ ...base, kind: other.k.kind, evidence: `${other.k.kind}: ${other.hits.join(', ')}`, reader: other.k.reader ?? null, alone: other.k.alone });
    } else if (bank >= 3) out.push({ ...base, kind: 'Bank Statement', evidence: d.evidence, reader: 'statement', alone: false });
    else out.push({ ...base, kind: null, evidence: '', reader: null, alone: false, phrases: Object.fromEntries(kinds.map((k) => [k.k.kind, k.hits])) });
  }
  return out;
}

/**
 * A PDF that holds several documents (a lending package: a statement, a W-2, a pay stub, an
 * ID …) split into them, or null when it is one document. It is a package only when a page is
 * by its own evidence a document of its own (a tax form, an application, a pay stub, an ID, an
 * insurance form) and another page is of another kind. Consecutive pages of one kind are one
 * part; a page that says too little belongs to the part before it, or, when it carries
 * transaction rows, to the statement before it, unless its few phrases are all another kind's
 * (otherKind).
 */
export function splitPackage(lines: Line[], pages: PageKind[] = classifyPages(lines)): PackagePart[] | null {
  const kinds = new Set(pages.map((p) => p.kind).filter((k): k is string => !!k));
  if (kinds.size < 2 || !pages.some((p) => p.alone && p.kind && !STATEMENT_KINDS.has(p.kind))) return null;
  const parts: PackagePart[] = [];
  let current: PackagePart | null = null;
  let lastStatement: PackagePart | null = null;
  for (const p of pages) {
    const leaning: ReturnType<typeof otherKind> = !p.kind && current ? otherKind(p, current.kind) : null;
    if (leaning && current) {
      parts.push(current = { pages: [p.page], kind: leaning.kind, evidence: `${leaning.kind} (${leaning.hits.length} phrases, none of the ${current.kind}'s): ${leaning.hits.join(', ')}`, reader: leaning.reader ?? null });
      continue;
    }
    if (!p.kind) {
      if (p.rows >= 3 && lastStatement && current !== lastStatement) lastStatement.pages.push(p.page);
      else if (current) current.pages.push(p.page);
      else parts.push(current = { pages: [p.page], kind: 'Unknown', evidence: 'no kind of document had enough evidence', reader: null });
      continue;
    }
    if (current && current.kind === p.kind) { current.pages.push(p.page); continue; }
    // A first page that said too little takes the kind of the page after it.
    if (current && current.kind === 'Unknown' && parts.length === 1) Object.assign(current, { kind: p.kind, evidence: p.evidence, reader: p.reader });
    else parts.push(current = { pages: [p.page], kind: p.kind, evidence: p.evidence, reader: p.reader });
    if (current.reader === 'statement') lastStatement = current;
    if (current.pages[current.pages.length - 1] !== p.page) current.pages.push(p.page);
  }
  return parts.length >= 2 ? parts : null;
}

/**
 * The kind a page that says too little to be one on its own leans to, when that is not the part
 * before it: at least two phrases of one kind of PAGE_KINDS and none of the part's own kind
 * (itself one of PAGE_KINDS). Such a page is no continuation of that part: the lending package's
 * payroll cheque ("void", "this amount"; its "DOLLARS" lost in one reading) was taken for the
 * driver's licence's second page. A page with no phrase of any kind still joins the part before it.
 */
function otherKind(p: PageKind, partKind: string): { kind: string; hits: string[]; reader?: 'taxForm' } | null {
  const own = p.phrases?.[partKind];
  if (!p.phrases || !own || own.length) return null;
  let best: { kind: string; hits: string[]; reader?: 'taxForm' } | null = null, tie = false;
  for (const k of PAGE_KINDS) {
    const hits = p.phrases[k.kind];
    if (k.kind === partKind || !hits || hits.length < 2) continue;
    if (!best || hits.length > best.hits.length) { best = { kind: k.kind, hits, reader: k.reader }; tie = false; } else if (hits.length === best.hits.length) tie = true;
  }
  return tie ? null : best;
}

/**
 * A document of one kind no reader takes (an invoice, an ID, an insurance form), told by its own
 * pages: every page that says what it is says that kind, a document of its own (`alone`) that no
 * reader takes (so no statement's, tax form's or application's page). Its dated lines with
 * amounts (an invoice's line items, a policy's premiums) are no transactions. Null for anything
 * else: a page that says too little says nothing here.
 */
export function oneKindNoReaderTakes(pages: PageKind[]): { kind: string; evidence: string } | null {
  const said = pages.filter((p) => p.kind);
  const first = said[0];
  if (!first?.kind || !first.alone || first.reader) return null;
  return said.every((p) => p.kind === first.kind) ? { kind: first.kind, evidence: first.evidence } : null;
}

/**
 * Pages printed inside a statement that hold no ledger: images of the cheques it lists, whose
 * captions ("#1043 03/13/2024 $246.90") look like rows and, read by OCR across two cheques
 * side by side, would be taken for transactions the ledger already has. None when every page
 * is such a page (the document is then read as it is).
 */
export function pagesWithoutLedger(pages: PageKind[]): PageKind[] {
  const out = pages.filter((p) => p.kind !== null && !p.alone && !p.reader && !STATEMENT_KINDS.has(p.kind));
  return out.length < pages.length ? out : [];
}
