import { describe, expect, it } from 'vitest';
import { spacedWords, withoutAccents } from '../../src/engine/text-fold.js';

describe('accent folding shared by the readers', () => {
  it('drops the combining accents of the languages read, keeps case, and leaves other scripts', () => {
    expect(withoutAccents('SOCIÉTÉ GÉNÉRALE')).toBe('SOCIETE GENERALE');
    expect(withoutAccents('Débito março Überweisung Señor')).toBe('Debito marco Uberweisung Senor');
    expect(withoutAccents('Balance £1,234.56')).toBe('Balance £1,234.56');
    // Decomposed input (an accent as its own code point) folds the same as precomposed.
    expect(withoutAccents('Cre\u0301dito')).toBe('Credito');
    expect(withoutAccents('₹ साख')).toBe('₹ साख'.normalize('NFD'));
  });

  it('spaced words: lower case, digits kept, punctuation a single space, a space at each end', () => {
    expect(spacedWords('Form W-2')).toBe(' form w 2 ');
    expect(spacedWords('  Relevé de compte — Période: 01/03 ')).toBe(' releve de compte periode 01 03 ');
    expect(spacedWords('')).toBe('  ');
  });
});
