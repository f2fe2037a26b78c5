import { makeStatementSpec, type LayoutName, type StatementSpec } from '../fixtures/generator/index.js';

/**
 * A generated statement spec written as MTJson (the service's own statement JSON), with the
 * figures the window must show. Amounts are written from integer cents with exact decimal text.
 */
const dollars = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

export interface MtjsonFixture {
  name: string;
  bytes: Uint8Array;
  spec: StatementSpec;
  /** Per statement (in spec order): account number and the ending balance in cents. */
  expected: { accountNumber: string; startDate: string; endDate: string; endBalance: number; transactions: number }[];
}

/**
 * `dropRow`: leave out that transaction of the first statement (a row the reader "missed"): the
 * printed running balances and end balance still include it, so the statement does not
 * reconcile and the balance chain breaks at that row.
 */
export function mtjsonFixture(opts: { seed: number; layout?: LayoutName; months?: number; transactionsPerMonth?: number; accounts?: number; name?: string; dropRow?: number }): MtjsonFixture {
  const spec = makeStatementSpec({ seed: opts.seed, layout: opts.layout ?? 'chase', months: opts.months ?? 2, transactionsPerMonth: opts.transactionsPerMonth ?? 25, accounts: opts.accounts ?? 1 });
  const byAccount = new Map<string, { title: string; type: string; statements: unknown[] }>();
  const expected: MtjsonFixture['expected'] = [];
  spec.statements.forEach((s, si) => {
    let acct = byAccount.get(s.accountNumber);
    if (!acct) byAccount.set(s.accountNumber, (acct = { title: s.accountTitle, type: s.accountType, statements: [] }));
    let bal = s.startBalance;
    const txns = s.transactions.map((t) => {
      bal += t.amount;
      return { date: t.date, description: t.description, amount: dollars(t.amount), balance: dollars(bal), ...(t.checkNumber ? { check_number: t.checkNumber } : {}) };
    }).filter((_, i) => !(si === 0 && i === opts.dropRow));
    acct.statements.push({ start_date: s.startDate, end_date: s.endDate, start_balance: dollars(s.startBalance), end_balance: dollars(bal), transactions: txns });
    expected.push({ accountNumber: s.accountNumber, startDate: s.startDate, endDate: s.endDate, endBalance: bal, transactions: txns.length });
  });
  const doc = {
    accounts: [...byAccount.entries()].map(([number, a]) => ({
      bank_name: spec.bank.name, account_name: a.title, account_number: number,
      account_type: a.type === 'CCard' ? 'credit card' : a.type.toLowerCase(), account_owner: spec.owner.lines.join('\n'), statements: a.statements,
    })),
  };
  return { name: opts.name ?? `statement-${opts.seed}.json`, bytes: new TextEncoder().encode(JSON.stringify(doc, null, 1)), spec, expected };
}

export function dollarsText(cents: number): string {
  const neg = cents < 0;
  const a = Math.abs(cents);
  return `${neg ? '-' : ''}$${Math.floor(a / 100).toLocaleString('en-US')}.${String(a % 100).padStart(2, '0')}`;
}
