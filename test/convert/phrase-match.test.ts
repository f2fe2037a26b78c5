import { describe, expect, it } from 'vitest';
import { findPhrase } from '../../src/engine/forms/phrase-match.js';

/**
 * Labels and titles as OCR reads them from scanned forms (misread letters, words run together)
 * are found; what differs in a digit, a one-letter word or a word's edge is not.
 */
const found = (text: string, phrase: string) => {
  const h = findPhrase(text, phrase);
  return h ? text.slice(h.start, h.end) : null;
};

describe('phrase matching tolerant of OCR', () => {
  it.each([
    ['Net Ray', 'net pay', 'Net Ray'],
    ['Form W-2Wageand Tax Statement 2024', 'wage and tax', 'Wageand Tax'],
    ['Form W-2Wageand Tax Statement 2024', 'w-2', 'W-2'],
    ['SCHEDULEC (Form 1040) 2019', 'schedule c', 'SCHEDULEC'],
    ['1a Gross amountof paymentcard/third partynetwork transactions', 'gross amount of payment card/third party network transactions', 'Gross amountof paymentcard/third partynetwork transactions'],
    ["a Employee’s social security number", "employee's social security number", 'Employee’s social security number'],
    ['Form 1120-S 2021', 'form 1120', 'Form 1120'],
  ])('%j holds %j', (text, phrase, want) => {
    expect(found(text, phrase)).toBe(want);
  });

  it.each([
    ['internet payment', 'net pay'],          // inside other words
    ['Form 1120 2021', 'form 1120-s'],         // a one-letter word is never edited away
    ['Form W-3 Transmittal', 'w-2'],           // digits are never edited
    ['Form 1126 2021', 'form 1120'],
    ['U.S. Corporation Income Tax Return', 'for an s corporation'],
    ['U.S. Psat Tax Return', 'income tax return for an s corporation'], // a whole word swapped is more than a misreading
  ])('%j does not hold %j', (text, phrase) => {
    expect(found(text, phrase)).toBeNull();
  });
});
