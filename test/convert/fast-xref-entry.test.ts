/**
 * The fast reader's classic cross-reference entries are read from the bytes (xrefEntry), no
 * longer by a regex over a string made for each entry: the two must take and refuse the same
 * entries, and end at the same byte. Checked on the entry forms the format allows, the malformed
 * ones seen in damaged files, and random bytes near the valid form.
 */
import { describe, expect, it } from 'vitest';
import { xrefEntry } from '../../src/engine/pdf/fast/document.js';

/** What the reader did before: the regex over the next 20 bytes (fewer at the file's end). */
function byRegex(b: Uint8Array, at: number) {
  const line = Buffer.from(b.subarray(at, Math.min(at + 20, b.length))).toString('latin1');
  const e = /^(\d{10}) (\d{5}) ([nf])[\r\n ]{0,2}/.exec(line);
  return e ? { offset: Number(e[1]), gen: Number(e[2]), kind: e[3], end: at + e[0].length } : null;
}

const bytes = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));

describe('xrefEntry reads a cross-reference entry as the regex did', () => {
  it('on valid entries with every ending the format allows, at the file end and mid-file', () => {
    const cases = [
      '0000000017 00000 n\r\n', '0000000000 65535 f\r\n', '0000012345 00002 n \n', '0000012345 00002 n\n\n',
      '0000012345 00002 n  ', '0000012345 00002 n', '0000012345 00002 n\r', '0000012345 00002 f \r\n',
      '9999999999 99999 n\r\n0000000001 00000 n\r\n', '0000000017 00000 n\r\r\r',
    ];
    for (const c of cases) for (const pre of ['', 'xx']) {
      const b = bytes(pre + c);
      expect(xrefEntry(b, pre.length), JSON.stringify(c)).toEqual(byRegex(b, pre.length));
      expect(xrefEntry(b, pre.length)).not.toBeNull();
    }
  });

  it('on malformed entries (short fields, wrong separators, other kinds, non-digits, cut by the file end)', () => {
    const cases = [
      '000000017 00000 n\r\n', '0000000017 0000 n\r\n', '0000000017  00000 n', '0000000017 00000 x\r\n',
      '0000000017 00000 N\r\n', '00000000a7 00000 n\r\n', '0000000017 0000- n\r\n', '0000000017\t00000 n\r\n',
      '0000000017 00000n\r\n', '0000000017 00000 ', '0000000017 00000', '', '٠000000017 00000 n\r\n', '+000000017 00000 n',
    ];
    for (const c of cases) {
      const b = bytes(c);
      expect(xrefEntry(b, 0), JSON.stringify(c)).toEqual(byRegex(b, 0));
      expect(xrefEntry(b, 0)).toBeNull();
    }
    expect(xrefEntry(bytes('0000000017 00000 n\r\n'), 5)).toEqual(byRegex(bytes('0000000017 00000 n\r\n'), 5));
  });

  it('on random bytes drawn near the valid form', () => {
    // A fixed linear congruential sequence: the same cases on every run.
    let seed = 12345;
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const alphabet = '0123456789 nf\r\n\tx';
    for (let i = 0; i < 5000; i++) {
      const base = Buffer.from('0000012345 00000 n\r\n', 'latin1');
      for (let k = rnd(4); k > 0; k--) base[rnd(base.length)] = alphabet.charCodeAt(rnd(alphabet.length));
      const b = Uint8Array.from(base.subarray(0, base.length - rnd(4)));
      expect(xrefEntry(b, 0)).toEqual(byRegex(b, 0));
    }
  });
});
