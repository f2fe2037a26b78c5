import type { Classification } from '../types.js';
import type { ParsedTransaction } from '../../contract/model.js';
import { CompiledRulebook } from './matcher.js';
import { RULES } from '../rules/index.js';
import { UNTRUE_ALWAYS, UNTRUE_WITH_FINDUNTRUE } from '../rules/true-revenue.js';
import { GENERIC_WORDS } from '../rules/generic-words.js';
import { normalizeDescription } from './normalize.js';

let compiled: CompiledRulebook | null = null;

/** The rulebook compiled once per process. */
export function rulebook(): CompiledRulebook {
  compiled ??= new CompiledRulebook(RULES);
  return compiled;
}

const ALWAYS = new Set(UNTRUE_ALWAYS);
const WITH_FIND = new Set(UNTRUE_WITH_FINDUNTRUE);

/** Prefix of the tag that names an MCA funder: 'lender:Kapitus'. */
export const LENDER_TAG = 'lender:';

/**
 * Categories for one transaction: the winning exclusive category first (if any), then tags
 * (non-exclusive categories such as 'electronic'), then `lender:<name>` when an MCA funder
 * is named. `trueval`: null for debits and zero amounts; for credits false when a category
 * makes it untrue (rules/true-revenue.ts), true otherwise.
 */
export function classifyTransaction(
  txn: Pick<ParsedTransaction, 'description' | 'memo' | 'amount' | 'type'>,
  opts: { finduntrue: boolean },
): Classification {
  const text = txn.memo ? `${txn.description} ${txn.memo}` : txn.description;
  const m = rulebook().match(text, txn.amount);
  const categories: string[] = [];
  if (m.primary) categories.push(m.primary.category);
  else if (txn.amount > 0 && isNondescript(txn.description)) categories.push('nondescript');
  for (const t of m.tags) if (!categories.includes(t.category)) categories.push(t.category);
  const lenderHit = m.hits.find((h) => h.rule.lender);
  if (lenderHit) categories.push(LENDER_TAG + lenderHit.rule.lender);
  return { categories, trueval: truevalOf(categories, txn.amount, opts.finduntrue) };
}

export function truevalOf(categories: readonly string[], amount: number, finduntrue: boolean): boolean | null {
  if (!(amount > 0)) return null;
  for (const c of categories) {
    if (ALWAYS.has(c)) return false;
    if (finduntrue && WITH_FIND.has(c)) return false;
  }
  return true;
}

export function lenderOf(categories: readonly string[]): string | null {
  for (const c of categories) if (c.startsWith(LENDER_TAG)) return c.slice(LENDER_TAG.length);
  return null;
}

const GENERIC = new Set(GENERIC_WORDS);

/** A description made only of generic banking words and numbers (rules/generic-words.ts). */
export function isNondescript(description: string): boolean {
  const n = normalizeDescription(description);
  if (!n) return true;
  for (const token of n.split(' ')) {
    if (!GENERIC.has(token) && !/[0-9]/.test(token)) return false;
  }
  return true;
}
