/**
 * The fast reader's lexer finds names read before by a hash of their bytes (a fixed table whose
 * slots two names may share): every name must still read as its own bytes say, escapes (#xx)
 * decoded, whatever was read before it.
 */
import { describe, expect, it } from 'vitest';
import { Dict, Lexer, Name, type PdfObj } from '../../src/engine/pdf/fast/objects.js';

const names = (text: string): string[] => {
  const lx = new Lexer(Uint8Array.from(Buffer.from(text, 'latin1')));
  const out: string[] = [];
  const walk = (v: PdfObj | unknown): void => {
    if (v instanceof Name) out.push(v.name);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v instanceof Dict) for (const [k, x] of v.map) { out.push(k); walk(x); }
  };
  for (let t = lx.next(false); t !== undefined; t = lx.next(false)) walk(t);
  return out;
};

describe('names read by the fast reader', () => {
  it('read as their bytes, escapes decoded, delimiters ending them', () => {
    expect(names('/F1 /F1/Span<</MCID 0>>/Im#20A /A#2fB /#41 /Type[/Font]/ /\xe9t\xe9')).toEqual(
      ['F1', 'F1', 'Span', 'MCID', 'Im A', 'A/B', 'A', 'Type', 'Font', '', '\xe9t\xe9']);
  });

  it('read right when more names than the table has slots come and go, each read twice', () => {
    const many = Array.from({ length: 12000 }, (_, i) => `N${i.toString(36)}x${i % 7}`);
    const text = many.map((n) => `/${n}`).join(' ');
    expect(names(`${text} ${text}`)).toEqual([...many, ...many]);
    // Names that differ in their last byte or their length only.
    const near = ['AB', 'ABC', 'ABD', 'AC', 'ABCD', 'ABC#44', 'A', 'B'];
    expect(names(near.map((n) => `/${n}`).join(' ').concat(' ').repeat(3))).toEqual([
      'AB', 'ABC', 'ABD', 'AC', 'ABCD', 'ABCD', 'A', 'B', 'AB', 'ABC', 'ABD', 'AC', 'ABCD', 'ABCD', 'A', 'B', 'AB', 'ABC', 'ABD', 'AC', 'ABCD', 'ABCD', 'A', 'B']);
  });
});
