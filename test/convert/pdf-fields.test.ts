/** Header fields read from a line: account numbers as statements print them, masked or not. */
import { describe, expect, it } from 'vitest';
import { findAccountNumber, isMaskedAccountLabel } from '../../src/engine/pdf/fields.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { drawnPdf } from '../fixtures/drawn-pdf.js';
import { compact, type Line } from '../../src/engine/pdf/lines.js';

const line = (...cells: string[]): Line => {
  let x = 40;
  const cs = cells.map((text) => { const c = { text, x0: x, x1: x + text.length * 5, size: 9, bold: false, parts: [{ text, x0: x, x1: x + text.length * 5 }] }; x += text.length * 5 + 30; return c; });
  const text = cells.join('  ');
  return { page: 1, y: 100, size: 9, x0: 40, x1: x, cells: cs, text, key: compact(text), index: 0 } as unknown as Line;
};

describe('account numbers after their label', () => {
  it('keeps plain and spaced numbers, and the visible digits of masked ones, masked in one group or several', () => {
    expect(findAccountNumber(line('Account Number: 000009752'), undefined)).toBe('000009752');
    expect(findAccountNumber(line('Account number:', '1234 5678 9123 4567'), undefined)).toBe('1234567891234567');
    expect(findAccountNumber(line('Account Number: ****9012'), undefined)).toBe('9012');
    expect(findAccountNumber(line('Account Number: XXXX-XXXX-1234'), undefined)).toBe('1234');
    expect(findAccountNumber(line('Loan Number 7702938811'), undefined)).toBe('7702938811');
  });

  // One card's number however a month's print masks it, in the languages read: statements of
  // one card group as one account (the store and the scorecard key accounts by the number).
  it('reads a card number masked in any style, beside its label in any language, as its last digits', () => {
    for (const cells of [['Card Number', 'XXXX XXXX XXXX 4401'], ['Card Number', 'ending in 4401'], ['Card ending in 4401'], ['Account Number XXXX XXXX XXXX 4401'],
      ['Kartennummer', '**** 4401'], ['Karten-Nr.', 'XXXX-XXXX-XXXX-4401'], ['Numéro de carte', '**** **** **** 4401'], ['Carte n°', 'XXXX XXXX XXXX 4401'],
      ['Número de tarjeta', '**** 4401'], ['Tarjeta', '**** 4401'], ['Número do cartão', 'XXXX XXXX XXXX 4401'], ['Cartão n.º', '**** 4401'],
      ['Numero carta', '**** 4401'], ['Kaartnummer', 'XXXX-XXXX-XXXX-4401'], ['Creditcardnummer', '**** 4401']]) {
      expect(findAccountNumber(line(...cells), undefined), cells.join(' | ')).toBe('4401');
    }
  });

  // A card's bare product word labels a masked number only: in a row's words it labels nothing.
  it('takes no number after a bare product word unless the number is masked', () => {
    expect(findAccountNumber(line('Pago con tarjeta 4512'), undefined)).toBeNull();
    expect(findAccountNumber(line('Tarjeta', '4512 8890'), undefined)).toBeNull();
    expect(findAccountNumber(line('Card purchase 3391'), undefined)).toBeNull();
  });
});

describe('an account number printed fully masked', () => {
  it('is no number, and is told apart from a label without value', () => {
    expect(findAccountNumber(line('Account Number: XXXX XXXX XXXX'), undefined)).toBeNull();
    expect(isMaskedAccountLabel(line('Account Number: XXXX XXXX XXXX'), undefined)).toBe(true);
    expect(isMaskedAccountLabel(line('Account Number', '**** ****'), undefined)).toBe(true);
    expect(isMaskedAccountLabel(line('Account Number: XXXX-XXXX-1234'), undefined)).toBe(false);
    expect(isMaskedAccountLabel(line('Account Number'), undefined)).toBe(false);
    expect(isMaskedAccountLabel(line('Description', 'XXXX XXXX'), undefined)).toBe(false);
  });

  it("keeps the statement's number empty and says why, rather than taking a payee's number printed later", async () => {
    const lines: string[][] = [['Everyday Account Statement'], ['Statement period 01/03/2025 to 31/03/2025'],
      ['Account Number:', 'XXXX XXXX XXXX'],
      ['Opening Balance', '', '$1,000.00'], ['Closing Balance', '', '$1,150.00'],
      ['Date', 'Transaction Details', 'Amount'], ['05/03/2025', 'SALARY', '200.00 CR'], ['09/03/2025', 'POWER BILL', '50.00'],
      [''], ['', 'Ways to pay: internet banking to Account name: Card Payments'], ['', 'Account number: 03 0990 0998907 082']];
    const parsed = await convertDocument({ fileName: 'masked.pdf', bytes: await drawnPdf(lines), options: defaultConversionOptions() });
    const s = parsed.statements[0]!;
    expect(s.transactions.map((t) => t.amount)).toEqual([20000, -5000]);
    expect(s.accountNumber).toBe('');
    expect(s.hints?.join(' ')).toMatch(/account number is printed fully masked/);
  });
});
