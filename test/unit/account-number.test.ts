import { describe, expect, it } from 'vitest';
import { reportedAccountNumber } from '../../src/engine/statement/account-number.js';

describe('an account number as reported', () => {
  it('is the visible digits of a number masked at its start, whatever the mask', () => {
    for (const printed of ['XXXX XXXX XXXX 1234', 'XXXXXXXXXXXX1234', '**** 1234', '****1234', 'XXXX-XXXX-XXXX-1234', '•••• 1234', '...1234', '…1234', '## 1234']) {
      expect(reportedAccountNumber(printed), printed).toBe('1234');
    }
  });
  it('leaves full numbers, IBANs, names and numbers masked in the middle as given', () => {
    for (const printed of ['000009752', '1234567891234567', 'GB29NWBK60161331926819', 'Business Checking', '1234XXXX5678', 'X1', 'XXXX']) {
      expect(reportedAccountNumber(printed), printed).toBe(printed);
    }
  });
});
