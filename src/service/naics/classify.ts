import { INDUSTRY_WORDS } from './data/industry-words.js';
import { naicsTitle, nationalIndustries, sectorOf } from './titles.js';

/** What the classifier reads about one business. */
export interface BusinessEvidence {
  /** Legal name, DBA, the application's owner, statement owner/company lines. */
  names: string[];
  /** The application form's type of business and products/services, in the applicant's words. */
  descriptions: string[];
  /** Descriptions of the business's credits and of its debits. */
  credits: string[];
  debits: string[];
}

export interface IndustryPick {
  naics: number;
  title: string;
  explanation: string;
  /** Confidence 0–1 that the code is right. */
  weight: number;
  sector: { code: string; title: string };
}

export interface Classification {
  primary: IndustryPick | null;
  alternate: IndustryPick | null;
}

/** Bounds on what is read: a long application is sampled, never read without limit. */
const MAX_TEXTS = 5_000;
const MAX_TEXT_CHARS = 300;
/** Payments to one counterparty count at most this many times. */
const COUNTERPARTY_CAP = 6;

const WEIGHT = { description: 5, name: 3, title: 1, counterparty: 1 } as const;
/** A rule's broad word (data/industry-words.ts `broad`) counts this share of a word. */
const BROAD_SCALE = 0.5;
/** Words of official titles too general to say anything about a business. */
const TITLE_STOP = new Set(['and', 'the', 'of', 'other', 'all', 'except', 'service', 'related', 'office', 'miscellaneous', 'general',
  'activities', 'retailer', 'dealer', 'contractor', 'product', 'products', 'equipment', 'merchant', 'wholesaler', 'manufacturing', 'for', 'with', 'than', 'similar', 'goods', 'store', 'center']);
function stem(t: string): string {
  return t.length > 3 && t.endsWith('s') && !t.endsWith('ss') ? t.slice(0, -1) : t;
}
/** Legal-form and filler words of business names (a holding company's name says nothing of its trade). */
const NAME_NOISE = new Set(['llc', 'inc', 'corp', 'co', 'ltd', 'lp', 'pllc', 'pc', 'dba', 'the', 'company', 'group', 'enterprises', 'enterprise', 'holdings', 'of', 'and', '&'].map(stem));

export function tokens(text: string): string[] {
  return text.slice(0, MAX_TEXT_CHARS).toLowerCase().replace(/[’`]/g, "'").replace(/[^a-z0-9&'.-]+/g, ' ')
    .replace(/(^|\s)[.'-]+|[.'-]+(?=\s|$)/g, ' ').split(' ').filter(Boolean).map(stem);
}

/** Index of `phrase` as whole words inside `words`, or -1. */
function findPhrase(words: string[], phrase: string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

interface Rule { code: string; words: Array<{ text: string; toks: string[]; scale: number }>; counterparties: Array<{ text: string; toks: string[] }> }
let compiled: Rule[] | null = null;
let titleWords: Array<{ code: string; toks: Set<string> }> | null = null;
function rules(): Rule[] {
  const unique = (list: string[]) => {
    const seen = new Set<string>();
    return list.map((w) => ({ text: w, toks: tokens(w) })).filter((w) => w.toks.length && !seen.has(w.toks.join(' ')) && !!seen.add(w.toks.join(' ')));
  };
  compiled ??= INDUSTRY_WORDS.map((r) => ({
    code: r.code,
    words: [...unique(r.words).map((w) => ({ ...w, scale: 1 })), ...unique(r.broad ?? []).map((w) => ({ ...w, scale: BROAD_SCALE }))],
    counterparties: unique(r.counterparties ?? []),
  }));
  titleWords ??= nationalIndustries().map(([code, title]) => ({ code, toks: new Set(tokens(title).filter((t) => !TITLE_STOP.has(t) && t.length > 2)) }));
  return compiled;
}

interface Score { total: number; reasons: string[] }

/**
 * Classifies a business to a NAICS 2022 national industry from its own words (name, type of
 * business) and from whom it pays and is paid by. Rules are data (data/industry-words.ts):
 * a word of the type of business counts 5, of the name 3 (longer phrases a little more, a
 * rule's broad word half), a
 * word of an official title 1, each transaction with a known counterparty 1 (at most 6 per
 * counterparty). The weight is the winner's share of the two best scores, scaled down while
 * the evidence is thin. Nothing found → no pick (never a guess).
 */
export function classifyBusiness(ev: BusinessEvidence): Classification {
  const all = rules();
  const scores = new Map<string, Score>();
  const add = (code: string, points: number, reason: string) => {
    const s = scores.get(code) ?? { total: 0, reasons: [] };
    s.total += points;
    if (!s.reasons.includes(reason)) s.reasons.push(reason);
    scores.set(code, s);
  };
  const descTokens = ev.descriptions.slice(0, 20).map(tokens);
  const nameTokens = ev.names.slice(0, 20).map((n) => tokens(n).filter((t) => !NAME_NOISE.has(t)));
  for (const r of all) {
    for (const w of r.words) {
      const bonus = (1 + 0.5 * (w.toks.length - 1)) * w.scale;
      if (descTokens.some((d) => findPhrase(d, w.toks))) add(r.code, WEIGHT.description * bonus, `"${w.text}" in the type of business`);
      if (nameTokens.some((d) => findPhrase(d, w.toks))) add(r.code, WEIGHT.name * bonus, `"${w.text}" in the business name`);
    }
  }
  // Official title words in the business's own words: reaches codes without a rule.
  const own = new Set([...descTokens.flat(), ...nameTokens.flat()]);
  for (const t of titleWords!) {
    const hits = [...t.toks].filter((w) => own.has(w));
    if (hits.length) add(t.code, WEIGHT.title * hits.length, `"${hits.join(' ')}" of the official title`);
  }
  // Counterparties in transactions.
  const txns = [...ev.credits.map((d) => ({ d, side: 'credit' })), ...ev.debits.map((d) => ({ d, side: 'debit' }))].slice(0, MAX_TEXTS);
  const txTokens = txns.map((t) => ({ ...t, toks: tokens(t.d) }));
  for (const r of all) {
    for (const c of r.counterparties) {
      let n = 0, credits = 0;
      for (const t of txTokens) if (findPhrase(t.toks, c.toks)) { n++; if (t.side === 'credit') credits++; }
      if (!n) continue;
      const counted = Math.min(n, COUNTERPARTY_CAP);
      add(r.code, WEIGHT.counterparty * counted, `${n} transaction(s) with ${c.text.toUpperCase()}${credits ? ` (${credits} credit(s))` : ''}`);
    }
  }
  const ranked = [...scores.entries()].filter(([code]) => naicsTitle(code)).sort((a, b) => b[1].total - a[1].total || a[0].localeCompare(b[0]));
  if (!ranked.length) return { primary: null, alternate: null };
  const [first, second] = ranked;
  const share = first![1].total / (first![1].total + (second?.[1].total ?? 0));
  const strength = Math.min(1, first![1].total / 8);
  const pick = (entry: [string, Score], weight: number): IndustryPick => {
    const sector = sectorOf(entry[0]);
    return {
      naics: Number(entry[0]), title: naicsTitle(entry[0]),
      explanation: `${naicsTitle(entry[0])}: ${entry[1].reasons.slice(0, 5).join('; ')}`,
      weight: Math.max(0.01, Math.min(0.99, Math.round(weight * 100) / 100)),
      sector: { code: sector, title: naicsTitle(sector) },
    };
  };
  return {
    primary: pick(first!, share * strength),
    alternate: second ? pick(second, (second[1].total / (first![1].total + second[1].total)) * Math.min(1, second[1].total / 8)) : null,
  };
}
