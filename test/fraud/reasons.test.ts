import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FRAUD_REASONS, bandOf } from '../../src/service/fraud/reasons.js';
import { editingToolOf } from '../../src/service/fraud/editing-tools.js';
import { scoreFindings } from '../../src/service/fraud/score.js';

describe('fraud reasons as data', () => {
  it('indexes are 0..n-1 in order, keys unique, weights between 1 and 100', () => {
    expect(FRAUD_REASONS.map((r) => r.index)).toEqual(FRAUD_REASONS.map((_, i) => i));
    expect(new Set(FRAUD_REASONS.map((r) => r.key)).size).toBe(FRAUD_REASONS.length);
    for (const r of FRAUD_REASONS) expect(r.weight).toBeGreaterThan(0);
    for (const r of FRAUD_REASONS) expect(r.weight).toBeLessThanOrEqual(100);
  });

  it('docs/api.md lists every reason with its index and weight', () => {
    const doc = fs.readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('### 6.8 Fraud score'), doc.indexOf('## 7.'));
    const rows = [...section.matchAll(/^\| (\d+) \| (\d+) \|/gm)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(rows).toEqual(FRAUD_REASONS.map((r) => [r.index, r.weight]));
    expect(section).toMatch(/90–100 authentic, 70–89 minor, 50–69 moderate, below 50 high risk/);
  });

  it('bands by example', () => {
    expect([100, 90, 89, 70, 69, 50, 49, 0].map(bandOf)).toEqual(['authentic', 'authentic', 'minor', 'minor', 'moderate', 'moderate', 'high risk', 'high risk']);
  });

  it('score: weights off 100, each reason once, heaviest first (ties by index), never below 0', () => {
    expect(scoreFindings([{ key: 'misaligned-amount', text: 'b' }, { key: 'editing-tool', text: 'a' }, { key: 'editing-tool', text: 'again' }]))
      .toEqual({ fraudscore: 60, tpreasonsIndexes: [0, 5], tpreasons: ['a', 'b'], tpevidence: [[], []] });
    const ranked = scoreFindings([{ key: 'modified-after-creation', text: '10' }, { key: 'lookalike-domain', text: '30', evidence: [{ page: 1, box: [1, 2, 3, 4] }] }, { key: 'incremental-updates', text: '15' }, { key: 'editing-tool', text: '25' }]);
    expect(ranked.tpreasons).toEqual(['30', '25', '15', '10']);
    expect(ranked.tpevidence![0]).toEqual([{ page: 1, box: [1, 2, 3, 4] }]);
    const all = FRAUD_REASONS.map((r) => ({ key: r.key, text: r.key }));
    expect(scoreFindings(all).fraudscore).toBe(0);
  });

  it('editing tools by example; statement printers are not editors', () => {
    const cases: [string, string | null][] = [
      ['iLovePDF', 'iLovePDF'], ['ilovepdf.com', 'iLovePDF'], ['Smallpdf.com', 'Smallpdf'], ['Sejda PDF Desktop 7.6.2', 'Sejda'],
      ['PDF-XChange Editor 9.5', 'PDF-XChange Editor'], ['Foxit PhantomPDF 10.1', 'Foxit PDF Editor'], ['Adobe Acrobat Pro DC 23.1', 'Adobe Acrobat'],
      ['Microsoft® Word for Microsoft 365', 'Microsoft Word'], ['LibreOffice 7.4', 'LibreOffice'], ['Canva', 'Canva'], ['Wondershare PDFelement', 'PDFelement'],
      ['Adobe PDF Library 15.0', null], ['Acrobat Distiller 10.1.8 (Windows)', null], ['iText® 5.5.13 ©2000-2020', null],
      ['pdf-lib (https://github.com/Hopding/pdf-lib)', null], ['Crystal Reports', null], ['Ledgerdrop statement generator', null], ['', null],
    ];
    expect(cases.map(([s]) => editingToolOf(s)?.name ?? null)).toEqual(cases.map(([, n]) => n));
  });
});
