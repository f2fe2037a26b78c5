import type { DocTypeText } from '../../contract/model.js';
import { DOC_TYPE_WORDS, DOC_TYPE_STRONG_WORDS, LOAN_WORDS } from '../data/labels.js';
import type { Line } from './lines.js';

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
}

/** Words separated by single spaces, accents folded, digits kept: "Form W-2" → "form w 2". */
function spaced(text: string): string {
  return ` ${text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `;
}

const phrase = (w: string) => ({ text: w, spacedKey: spaced(w), squashed: spaced(w).replace(/ /g, '') });
const KINDS = DOC_TYPE_WORDS.map((d) => ({ docType: d.docType, phrases: d.words.map(phrase) }));
const STRONG = new Map(Object.entries(DOC_TYPE_STRONG_WORDS).map(([k, words]) => [k, words.map(phrase)]));
const LOAN = LOAN_WORDS.words.map(phrase);
const LOAN_STRONG = new Set(LOAN_WORDS.strong);

/** A transaction row: a line that starts with a date-like token and carries an amount. */
const ROW = /^\s*(\d{1,4}[/.-]\d{1,2}|\d{1,2}\s?[A-Za-z]{3}|[A-Za-z]{3}\.?\s?\d{1,2}\b)/;
const AMOUNT = /\d[.,]\d{2}\b/;

export function classifyDocument(lines: Line[], maxLines = 600): DocTypeDecision {
  let text = '';
  for (const l of lines.slice(0, maxLines)) {
    if (ROW.test(l.text) && AMOUNT.test(l.text)) continue;
    text += spaced(l.text);
  }
  // Letter-spaced print ("Ope ning Balance") is matched with the spaces removed, long phrases only.
  const squashed = text.replace(/ /g, '');
  const has = (p: ReturnType<typeof phrase>) => text.includes(p.spacedKey) || (p.squashed.length >= 12 && squashed.includes(p.squashed));
  const scores: Record<string, number> = {};
  const hits: Record<string, string[]> = {};
  for (const k of KINDS) {
    hits[k.docType] = k.phrases.filter(has).map((p) => p.text);
    scores[k.docType] = hits[k.docType]!.length;
  }
  const s = (t: DocTypeText) => scores[t] ?? 0;
  const strong = (t: DocTypeText) => (STRONG.get(t) ?? []).some(has);
  const decide = (t: DocTypeText): DocTypeDecision => ({ docType: t, scores, evidence: `${t}: ${(hits[t] ?? []).join(', ') || 'no other kind had enough evidence'}` });
  const bank = s('Bank Statement'), card = s('Credit Card Statement');
  if (s('Tax Form') >= 3 && strong('Tax Form') && s('Tax Form') > Math.max(bank, card)) return decide('Tax Form');
  if (s('Application') >= 3 && s('Application') > bank) return decide('Application');
  // An investment statement outscores the rest, or prints two phrases no bank statement prints (unit price, investor number …).
  const strongInvestment = (STRONG.get('Investment Statement') ?? []).filter(has).length;
  if (s('Investment Statement') >= 3 && (s('Investment Statement') > Math.max(bank, card) || strongInvestment >= 2)) return decide('Investment Statement');
  // A loan or line of credit prints card-like terms (credit limit, payment due date) but also principal-balance terms no card prints.
  const loanHits = LOAN.filter(has).map((p) => p.text);
  if (loanHits.length >= 3 && loanHits.filter((w) => LOAN_STRONG.has(w)).length >= 2) {
    scores.Loan = loanHits.length;
    return { docType: 'Bank Statement', scores, evidence: `Bank Statement (loan or line of credit): ${loanHits.join(', ')}`, loan: true };
  }
  if (card >= 3 && strong('Credit Card Statement') && card >= bank) return decide('Credit Card Statement');
  return decide('Bank Statement');
}
