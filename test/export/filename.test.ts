import { describe, expect, it } from 'vitest';
import { applyPattern, sanitizeFileName, zipEntryNames } from '../../src/service/export/filename.js';
import type { ZipSourceFile } from '../../src/service/export/types.js';

const file = (fileName: string, accountNumber = '000123456789', endDate = '2025-03-31'): ZipSourceFile => ({
  fileName, path: '/nowhere', statements: [{ accountNumber, startDate: '2025-03-01', endDate }],
});

describe('filename patterns', () => {
  it('replaces every token with the first statement\'s values and keeps text between them', () => {
    expect(applyPattern('Acme_<account_number_last_4>_<month_text>-<year>_<month_num>_<date>', file('a.pdf')))
      .toBe('Acme_6789_March-2025_03_03312025');
  });

  it('keeps original names without a pattern and suffixes collisions case-insensitively', () => {
    expect(zipEntryNames([file('March.pdf'), file('march.PDF'), file('Other.pdf')])).toEqual(['March.pdf', 'march (2).pdf', 'Other.pdf']);
    expect(zipEntryNames([file('a.pdf'), file('b.pdf')], '<account_number_last_4>_<year>')).toEqual(['6789_2025.pdf', '6789_2025 (2).pdf']);
  });

  it('makes names safe on every OS', () => {
    expect(sanitizeFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(sanitizeFileName('CON')).toBe('_CON');
    expect(sanitizeFileName('name. . ')).toBe('name');
    expect(sanitizeFileName('tab\there\u0001')).toBe('tab here');
    expect(sanitizeFileName('')).toBe('statement');
    expect(sanitizeFileName('x'.repeat(400))).toHaveLength(180);
  });

  it('leaves tokens empty for a file without statements', () => {
    expect(zipEntryNames([{ fileName: 'scan.pdf', path: '/x', statements: [] }], 'stmt_<year><month_num>')).toEqual(['stmt_.pdf']);
  });
});
