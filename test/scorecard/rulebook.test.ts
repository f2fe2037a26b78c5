import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/scorecard/rules/index.js';
import { MCA_FUNDERS } from '../../src/scorecard/rules/mca-funders.js';
import { GENERIC_EXAMPLES } from '../../src/scorecard/rules/generic-words.js';
import { classifyTransaction, isNondescript } from '../../src/scorecard/index.js';
import { CompiledRulebook } from '../../src/scorecard/categorize/matcher.js';
import { normalizeDescription } from '../../src/scorecard/categorize/normalize.js';

function amountFor(rule: (typeof RULES)[number]): number {
  const sign = rule.examples.sign ?? (rule.sign === 'credit' ? 'credit' : 'debit');
  return sign === 'credit' ? 12_345 : -12_345;
}

describe('rulebook examples (every rule, from the data itself)', () => {
  for (const rule of RULES) {
    it(`${rule.id} matches its examples and none of its near misses`, () => {
      expect(rule.examples.match.length).toBeGreaterThan(0);
      expect(rule.examples.noMatch.length).toBeGreaterThan(0);
      const amount = amountFor(rule);
      for (const text of rule.examples.match) {
        const c = classifyTransaction({ description: text, amount }, { finduntrue: false });
        if (rule.exclusive === false) expect(c.categories, text).toContain(rule.category);
        else expect(c.categories[0], text).toBe(rule.category);
        if (rule.lender) expect(c.categories, text).toContain(`lender:${rule.lender}`);
      }
      for (const text of rule.examples.noMatch) {
        const c = classifyTransaction({ description: text, amount }, { finduntrue: false });
        expect(c.categories, text).not.toContain(rule.category === 'mca' ? `lender:${rule.lender}` : rule.category);
      }
    });
  }

  it('non-descript revenue examples', () => {
    for (const d of GENERIC_EXAMPLES.match) {
      expect(isNondescript(d), d).toBe(true);
      expect(classifyTransaction({ description: d, amount: 5_000 }, { finduntrue: false }).categories).toContain('nondescript');
    }
    for (const d of GENERIC_EXAMPLES.noMatch) expect(isNondescript(d), d).toBe(false);
    // A debit is never revenue, non-descript or not.
    expect(classifyTransaction({ description: 'DEPOSIT', amount: -5_000 }, { finduntrue: false }).categories).not.toContain('nondescript');
  });
});

describe('rulebook shape', () => {
  it('has at least 150 MCA funders, each with aliases, and unique rule ids', () => {
    expect(MCA_FUNDERS.length).toBeGreaterThanOrEqual(150);
    const aliases = MCA_FUNDERS.flatMap(([, a]) => a);
    expect(aliases.length).toBeGreaterThanOrEqual(150);
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });

  it('covers a category for every transaction section', () => {
    const cats = new Set(RULES.map((r) => r.category));
    for (const c of ['mca', 'mcafee', 'mcarefund', 'mcafunding', 'nonmcaloan', 'autofinance', 'studentloan', 'mortgage', 'personalloan',
      'creditcardpayment', 'cardprocessor', 'paymentprocessor', 'ecommerce', 'mobilepayment', 'payroll', 'insurance', 'lifeinsurance',
      'utility', 'toll', 'construction', 'healthcareclaim', 'factoring', 'investment', 'debtcollector', 'recovery', 'casino', 'atm',
      'nsf', 'overdraft', 'returned', 'xferin', 'xferout', 'nefarious', 'chinese', 'tax', 'loanproceeds', 'refund', 'reversal']) {
      expect(cats.has(c), c).toBe(true);
    }
  });

  it('rejects a malformed rulebook with a message naming the rule', () => {
    const ex = { match: ['x'], noMatch: ['y'] };
    expect(() => new CompiledRulebook([{ id: 'a', category: 'c', phrases: ['X'], priority: 1, examples: ex }, { id: 'a', category: 'd', phrases: ['Y'], priority: 1, examples: ex }]))
      .toThrow(/duplicate rule id a/);
    expect(() => new CompiledRulebook([{ id: 'b', category: 'c', phrases: [], priority: 1, examples: ex }])).toThrow(/rule b has no phrases/);
  });
});

describe('matching semantics', () => {
  it('normalises punctuation and case and matches whole words only', () => {
    expect(normalizeDescription('Ach Dr: KAPITUS-LLC*123')).toBe('ACH DR KAPITUS LLC 123');
    expect(classifyTransaction({ description: 'kapitus-llc ach', amount: -100 }, { finduntrue: false }).categories[0]).toBe('mca');
    expect(classifyTransaction({ description: 'KAPITUSX ACH', amount: -100 }, { finduntrue: false }).categories).not.toContain('mca');
  });

  it('priority: a funder outranks the processor inside its name; a fee or refund outranks the funder', () => {
    const cat = (d: string, a: number) => classifyTransaction({ description: d, amount: a }, { finduntrue: true }).categories;
    expect(cat('SQUARE CAPITAL LOAN PAYMENT', -500)[0]).toBe('mca');
    expect(cat('SQUARE INC DEPOSIT', 500)[0]).toBe('paymentprocessor');
    expect(cat('KAPITUS ORIGINATION FEE', -500)[0]).toBe('mcafee');
    expect(cat('KAPITUS REFUND', 500)[0]).toBe('mcarefund');
    expect(cat('KAPITUS FUNDING WIRE', 500_000)[0]).toBe('mcafunding');
    expect(cat('RETURNED ITEM FEE', -3_500)[0]).toBe('nsf');
  });

  it('amount sign constraints: the same words classify by direction', () => {
    const cat = (d: string, a: number) => classifyTransaction({ description: d, amount: a }, { finduntrue: false }).categories[0];
    expect(cat('ONLINE TRANSFER FROM CHK 1234', 1_000)).toBe('xferin');
    expect(cat('ONLINE TRANSFER TO CHK 1234', -1_000)).toBe('xferout');
    expect(cat('ATM WITHDRAWAL', -1_000)).toBe('atm');
    expect(cat('ATM DEPOSIT', 1_000)).toBe('nondescript');
  });

  it('memo text takes part in matching', () => {
    const c = classifyTransaction({ description: 'ACH DEBIT', memo: 'ORIG CO NAME ONDECK CAPITAL', amount: -100 }, { finduntrue: false });
    expect(c.categories[0]).toBe('mca');
    expect(c.categories).toContain('lender:OnDeck');
  });
});

describe('trueval and finduntrue', () => {
  const tv = (d: string, amount: number, finduntrue: boolean) => classifyTransaction({ description: d, amount }, { finduntrue }).trueval;
  it('debits have no trueval', () => {
    expect(tv('KAPITUS ACH DEBIT', -100, true)).toBeNull();
  });
  it('own-account transfers, reversals, returns, chargebacks are untrue whatever finduntrue says', () => {
    for (const f of [false, true]) {
      expect(tv('ONLINE TRANSFER FROM SAV 9912', 1_000, f)).toBe(false);
      expect(tv('ACH REVERSAL ACME', 1_000, f)).toBe(false);
      expect(tv('DEPOSITED ITEM RETURNED', 1_000, f)).toBe(false);
      expect(tv('CHARGEBACK ADJ', 1_000, f)).toBe(false);
    }
  });
  it('loan/advance proceeds, refunds, cash back are untrue only with finduntrue', () => {
    for (const d of ['KAPITUS FUNDING WIRE', 'LOAN PROCEEDS 7781', 'AMAZON REFUND', 'CASH BACK REWARD', 'RTS FINANCIAL ADVANCE', 'KAPITUS REFUND']) {
      expect(tv(d, 100_000, false), d).toBe(true);
      expect(tv(d, 100_000, true), d).toBe(false);
    }
  });
  it('customer wires and card settlements are true revenue', () => {
    expect(tv('INCOMING WIRE TRANSFER FROM ACME CORP', 900_000, true)).toBe(true);
    expect(tv('BANKCARD DEPOSIT MTOT DEP', 90_000, true)).toBe(true);
  });
});
