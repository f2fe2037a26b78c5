/**
 * Inputs for the core tests: small MTJson statements (the service's own JSON), each different
 * by seed so every file has its own SHA-256, with integer-cent arithmetic for the balances.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const text = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

export function mtjsonStatement(seed: number, transactions = 6): Buffer {
  let bal = 100_000 + seed * 137;
  const start = bal;
  const rows = [];
  for (let i = 0; i < transactions; i++) {
    const amount = (i % 2 === 0 ? 1 : -1) * (1_000 + ((seed * 31 + i * 17) % 5_000));
    bal += amount;
    // Dates stay in March (non-decreasing) however many transactions there are.
    const day = transactions <= 28 ? 2 + i : 2 + Math.floor((i * 28) / transactions);
    rows.push({ date: `2026-03-${String(day).padStart(2, '0')}`, description: `${amount > 0 ? 'DEPOSIT' : 'PAYMENT'} ${seed}-${i}`, amount: text(amount), balance: text(bal) });
  }
  const doc = {
    accounts: [{
      bank_name: 'Test Bank', account_name: 'Business Checking', account_number: `9${String(100000 + seed)}`, account_type: 'checking',
      statements: [{ start_date: '2026-03-01', end_date: '2026-03-31', start_balance: text(start), end_balance: text(bal), transactions: rows }],
    }],
  };
  return Buffer.from(JSON.stringify(doc));
}

/** Writes `count` MTJson files into `dir` (seed from `firstSeed`), returns their paths. */
export function writeStatements(dir: string, count: number, firstSeed = 1): string[] {
  mkdirSync(dir, { recursive: true });
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = path.join(dir, `statement-${firstSeed + i}.json`);
    writeFileSync(p, mtjsonStatement(firstSeed + i));
    out.push(p);
  }
  return out;
}
