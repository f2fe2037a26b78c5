/** Header fields read from a line: account numbers as statements print them, masked or not. */
import { describe, expect, it } from 'vitest';
import { findAccountNumber } from '../../src/engine/pdf/fields.js';
import { compact, type Line } from '../../src/engine/pdf/lines.js';

const line = (...cells: string[]): Line => {
  let x = 40;
  const cs = cells.map((text) => { const c = { text, x0: x, x1: x + text.length * 5, size: 9, bold: false, parts: [{ text, x0: x, x1: x + text.length * 5 }] }; x += text.length * 5 + 30; return c; });
  const text = cells.join('  ');
  return { page: 1, y: 100, size: 9, x0: 40, x1: x, cells: cs, text, key: compact(text), index: 0 } as unknown as Line;
};

describe('account numbers after their label', () => {
  it('keeps plain, spaced and masked numbers, masked in one group or several', () => {
    expect(findAccountNumber(line('Account Number: 000009752'), undefined)).toBe('000009752');
    expect(findAccountNumber(line('Account number:', '1234 5678 9123 4567'), undefined)).toBe('1234567891234567');
    expect(findAccountNumber(line('Account Number: ****9012'), undefined)).toBe('****9012');
    expect(findAccountNumber(line('Account Number: XXXX-XXXX-1234'), undefined)).toBe('XXXXXXXX1234');
    expect(findAccountNumber(line('Loan Number 7702938811'), undefined)).toBe('7702938811');
  });
});
