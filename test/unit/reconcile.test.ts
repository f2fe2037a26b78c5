import { describe, expect, it } from 'vitest';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import type { ParsedStatement } from '../../src/contract/model.js';

function statement(over: Partial<ParsedStatement>): ParsedStatement {
  return {
    docType: 'Bank Statement', accountTypeStr: 'Checking', bankName: 'Test Bank', accountNumber: '1234',
    isStrongAccountNo: true, startBalance: 100_00, endBalance: 150_00, transactions: [], ...over,
  };
}

describe('reconcile', () => {
  it('reconciles start + credits − debits against the printed end', () => {
    const r = reconcile(statement({
      transactions: [
        { date: '2025-01-02', description: 'Deposit', amount: 80_00, balance: 180_00 },
        { date: '2025-01-03', description: 'Rent', amount: -30_00, balance: 150_00 },
      ],
    }), 0);
    expect(r).toMatchObject({ totCredits: 80_00, totDebits: 30_00, endBalanceCalc: 150_00, reconciled: true, firstBroken: null, checkedBalances: 2 });
  });

  it('reports the first row whose printed balance breaks the chain, once', () => {
    const r = reconcile(statement({
      endBalance: 140_00,
      transactions: [
        { date: '2025-01-02', description: 'A', amount: 10_00, balance: 110_00 },
        { date: '2025-01-03', description: 'B', amount: -20_00, balance: 100_00 },
        { date: '2025-01-04', description: 'C', amount: 40_00, balance: 140_00 },
      ],
    }), 0);
    expect(r.firstBroken?.index).toBe(1);
    expect(r.firstBroken?.expected).toBe(90_00);
    expect(r.firstBroken?.printed).toBe(100_00);
    expect(r.reconciled).toBe(false);
    expect(r.difference).toBe(-10_00);
  });

  it('honours alloweddiff and needs both balances to reconcile', () => {
    const txns = [{ date: '2025-01-02', description: 'A', amount: 49_50 }];
    expect(reconcile(statement({ transactions: txns }), 49).reconciled).toBe(false);
    expect(reconcile(statement({ transactions: txns }), 50).reconciled).toBe(true);
    expect(reconcile(statement({ transactions: txns, startBalance: null }), 10_000).balancesValid).toBe(false);
  });
});
