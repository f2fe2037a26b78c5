import type { CategoryRule } from '../rules/types.js';
import { normalizeDescription } from './normalize.js';

/**
 * A compiled rulebook: every phrase of every rule goes into one token trie, so matching a
 * description costs O(tokens × longest phrase) whatever the number of rules. The winner among
 * exclusive rules is chosen by priority, then by the longest matched phrase, then rule order.
 */
interface TrieNode {
  next: Map<string, TrieNode>;
  /** Rules whose phrase ends at this node, with the phrase length in tokens. */
  ends: { rule: number; len: number }[];
}

export interface RuleHit { rule: CategoryRule; len: number }

export interface MatchResult {
  /** Winning exclusive rule, if any. */
  primary: CategoryRule | null;
  /** Non-exclusive tag rules that matched. */
  tags: CategoryRule[];
  /** Every rule that matched (phrase + sign + requires), best first. */
  hits: RuleHit[];
}

function emptyNode(): TrieNode {
  return { next: new Map(), ends: [] };
}

export class CompiledRulebook {
  private readonly root = emptyNode();
  private readonly requiresRules: number[] = [];

  constructor(readonly rules: readonly CategoryRule[]) {
    const ids = new Set<string>();
    rules.forEach((rule, index) => {
      if (ids.has(rule.id)) throw new Error(`rulebook: duplicate rule id ${rule.id}`);
      ids.add(rule.id);
      if (rule.phrases.length === 0) {
        if (!rule.requires) throw new Error(`rulebook: rule ${rule.id} has no phrases and no 'requires'`);
        this.requiresRules.push(index);
        return;
      }
      for (const phrase of rule.phrases) {
        const tokens = normalizeDescription(phrase).split(' ').filter(Boolean);
        if (tokens.length === 0) throw new Error(`rulebook: rule ${rule.id} has an empty phrase`);
        let node = this.root;
        for (const t of tokens) {
          let child = node.next.get(t);
          if (!child) { child = emptyNode(); node.next.set(t, child); }
          node = child;
        }
        node.ends.push({ rule: index, len: tokens.length });
      }
    });
  }

  match(text: string, amountCents: number): MatchResult {
    const norm = normalizeDescription(text);
    const tokens = norm ? norm.split(' ') : [];
    const best = new Map<number, number>(); // rule index → longest phrase length matched
    for (let i = 0; i < tokens.length; i++) {
      let node: TrieNode | undefined = this.root;
      for (let j = i; j < tokens.length; j++) {
        node = node.next.get(tokens[j]!);
        if (!node) break;
        for (const e of node.ends) {
          const prev = best.get(e.rule);
          if (prev === undefined || e.len > prev) best.set(e.rule, e.len);
        }
      }
    }
    const signOk = (r: CategoryRule) =>
      !r.sign || r.sign === 'any' || (r.sign === 'credit' ? amountCents > 0 : amountCents < 0);

    const hits: { index: number; len: number }[] = [];
    const matchedCategories = new Set<string>();
    for (const [index, len] of best) {
      const rule = this.rules[index]!;
      if (rule.requires) continue;
      if (!signOk(rule)) continue;
      hits.push({ index, len });
      matchedCategories.add(rule.category);
    }
    // Rules that need another category to have matched (e.g. an MCA fee needs an MCA funder).
    for (const [index, len] of best) {
      const rule = this.rules[index]!;
      if (rule.requires && matchedCategories.has(rule.requires) && signOk(rule)) hits.push({ index, len });
    }
    for (const index of this.requiresRules) {
      const rule = this.rules[index]!;
      if (matchedCategories.has(rule.requires!) && signOk(rule)) hits.push({ index, len: 0 });
    }
    hits.sort((a, b) => {
      const ra = this.rules[a.index]!, rb = this.rules[b.index]!;
      return rb.priority - ra.priority || b.len - a.len || a.index - b.index;
    });
    let primary: CategoryRule | null = null;
    const tags: CategoryRule[] = [];
    for (const h of hits) {
      const rule = this.rules[h.index]!;
      if (rule.exclusive === false) tags.push(rule);
      else if (!primary) primary = rule;
    }
    return { primary, tags, hits: hits.map((h) => ({ rule: this.rules[h.index]!, len: h.len })) };
  }
}
