import { describe, expect, it } from 'vitest';
import { parseMtJson } from '../../src/engine/formats/mtjson.js';

/** MTJson's optional account currency, which the scorecard keeps apart (docs/input-formats.md). */
const doc = (currency?: unknown) => ({ accounts: [{ bank_name: 'Lloyds Bank plc', account_number: '12345678', ...(currency === undefined ? {} : { currency }),
  statements: [{ start_date: '2025-04-01', end_date: '2025-04-30', start_balance: 10, end_balance: 20, transactions: [{ date: '2025-04-02', description: 'DEPOSIT', amount: 10 }] }] }] });

describe('MTJson currency', () => {
  it('is read as an upper-case ISO 4217 code, absent when not given', () => {
    expect(parseMtJson(doc('gbp')).statements[0]!.currencyCode).toBe('GBP');
    expect(parseMtJson(doc()).statements[0]!.currencyCode).toBeUndefined();
  });

  it('anything but three letters is an error naming the path', () => {
    expect(() => parseMtJson(doc('POUNDS'))).toThrow(/accounts\[0\]\.currency.*3-letter ISO 4217/);
  });
});
