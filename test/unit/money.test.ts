import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, formatCents, groupedEnUS, parseMoney } from '../../src/contract/money.js';

describe('parseMoney', () => {
  it.each([
    ['1,234.56', 123456], ['$1,234.56', 123456], ['(12.00)', -1200], ['12.00-', -1200], ['- 12.00', -1200],
    ['-$5.10', -510], ['$-5.10', -510], ['12.00 CR', 1200], ['12.00 DR', -1200], ['1.234,56', 123456], ['0.07', 7],
    ['£3,000.00', 300000], ['€ 1.000,00', 100000], ['.50', 50], ['7', 700],
  ])('%s → %d cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });
  it.each(['', 'abc', '1.2.3', '12.345', '$'])('rejects %j', (text) => {
    expect(parseMoney(text)).toBeNull();
  });
});

describe('amountToCents', () => {
  it('rounds binary floats to the cent they denote', () => {
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(amountToCents(1234.56)).toBe(123456);
    expect(amountToCents(-0.07)).toBe(-7);
  });
  it('refuses more than two decimals and non-finite numbers', () => {
    expect(amountToCents(1.234)).toBeNull();
    expect(amountToCents(Number.NaN)).toBeNull();
  });
  it('round-trips through centsToAmount and formats with separators', () => {
    expect(centsToAmount(123456)).toBe(1234.56);
    expect(formatCents(-123456)).toBe('-1,234.56');
    expect(formatCents(5)).toBe('0.05');
  });
});

describe('groupedEnUS', () => {
  it('is toLocaleString(\'en-US\') with one formatter kept', () => {
    for (const n of [0, -0, 7, 999, 1000, 1234567, -98765432, 2 ** 53, 1e21, 0.5, NaN, Infinity]) expect(groupedEnUS(n)).toBe(n.toLocaleString('en-US'));
  });
});
