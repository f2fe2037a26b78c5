/**
 * `npm run corpus -- DIR` as a yardstick: generated statements with generated truth files
 * beside them (found by a MANIFEST.tsv `truth` column and by name), scored at transaction
 * level (precision, recall, F1 on date + signed amount; descriptions against the truth's words)
 * and totalled per class of document.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/corpus.js';
import { describedMatches, matchTransactions, prf } from '../../src/cli/corpus-score.js';
import { readCsvTruth, readJsonTruth, truthDate } from '../../src/cli/corpus-truth.js';
import { makeStatementSpec, renderStatementPdf, writeStatement } from '../fixtures/generator/index.js';

let dir = '';
let output = '';
let chaseTxns = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ledgerdrop-corpus-'));
  // 1) The generator's own truth beside the PDF, found by its name (`X.truth.json`).
  const chase = await renderStatementPdf(makeStatementSpec({ seed: 5, layout: 'chase' }));
  chaseTxns = chase.truth[0]!.transactions.length;
  await writeStatement(join(dir, 'named'), 'chase', chase);
  // 2) A manifest names a CSV truth in another folder; the truth drops one row and changes another's amount.
  const uk = await renderStatementPdf(makeStatementSpec({ seed: 6, layout: 'ukcurrent' }));
  await writeStatement(join(dir, 'listed'), 'uk', uk);
  const rows = uk.truth[0]!.transactions.map((t) => `${t.date},"${t.description.replace(/"/g, '""')}",${(t.amount / 100).toFixed(2)}`);
  const changed = rows.slice(1);
  changed[0] = changed[0]!.replace(/,(-?\d+\.\d{2})$/, (_, a: string) => `,${(Number(a) + 1).toFixed(2)}`);
  await writeFile(join(dir, 'listed', 'answers.csv'), `date,description,amount\n${changed.join('\n')}\n`);
  await writeFile(join(dir, 'MANIFEST.tsv'), 'path\tkind\ttruth\nlisted/uk.pdf\tbank_pdf\tlisted/answers.csv (first rows only)\nlisted/answers.csv\texpected_csv\t\n');
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => { lines.push(a.join(' ')); });
  try { expect(await run([dir])).toBe(0); } finally { spy.mockRestore(); }
  output = lines.join('\n');
}, 60_000);
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

describe('npm run corpus: truth files and scores', () => {
  it('scores a document against its own truth exactly (F1 1.000)', () => {
    expect(output).toContain(`truth named/chase.truth.json: ${chaseTxns} txns; P 1.000 R 1.000 F1 1.000 (tp ${chaseTxns} fp 0 fn 0)`);
  });

  it('finds the truth named by a MANIFEST.tsv and counts a dropped and a changed row', () => {
    const m = /truth listed\/answers\.csv: (\d+) txns; P [\d.]+ R [\d.]+ F1 [\d.]+ \(tp (\d+) fp (\d+) fn (\d+)\)/.exec(output);
    expect(m, output).not.toBeNull();
    const [, n, tp, fp, fn] = m!.map(Number);
    expect({ tp, fp, fn }).toEqual({ tp: n! - 1, fp: 2, fn: 1 });
  });

  it('does not read truth files as documents and totals per class', () => {
    expect(output).not.toMatch(/^listed\/answers\.csv:/m);
    expect(output).not.toMatch(/^named\/chase\.truth\.json:/m);
    expect(output).toMatch(/text bank PDF\s+docs\s+2\s+statements\s+2\s+reconciled\s+2\s+txns\s+\d+\s+truth docs 2: P 0\.9\d\d R 0\.9\d\d/);
  });
});

describe('truth readers', () => {
  it('reads header CSVs (signed amount; debit/credit; year-less MM/DD) and header-less CSVs', () => {
    expect(readCsvTruth('row_id,date,date_raw,amount\n1,"2026-02-03","03 Feb",-12.4\n')).toEqual([{ date: '2026-02-03', cents: -1240 }]);
    expect(readCsvTruth('date_printed,description,debit,credit\n10/02,POS,4.23,\n10/03,PAY,,763.01\n')).toEqual([{ date: '--10-02', cents: -423, text: 'POS' }, { date: '--10-03', cents: 76301, text: 'PAY' }]);
    expect(readCsvTruth('DE31,2020-01-19,2020-01-19,Gutschr,154.00,Einnahme\nDE31,2020-01-21,2020-01-21,SDD,-125.80,Ausgabe\n')).toEqual([{ date: '2020-01-19', cents: 15400 }, { date: '2020-01-21', cents: -12580 }]);
  });

  it('reads nested JSON lists of bookings / transactions', () => {
    expect(readJsonTruth({ bookings: [{ postDate: '2020-01-19', valueDate: '2020-01-20', amount: -580.06 }] })).toEqual([{ date: '2020-01-19', cents: -58006 }]);
    // A booking's `info` lines are its description.
    expect(readJsonTruth({ bookings: [{ postDate: '2020-01-19', amount: 154, info: ['Gutschr. SEPA', 'KINDERGELD'] }] })).toEqual([{ date: '2020-01-19', cents: 15400, text: 'Gutschr. SEPA KINDERGELD' }]);
    expect(readJsonTruth({ document: { prediction: { transactions: [{ date: '2002-02-01', amount: 1240 }, { date: '2002-02-03', amount: -15.5 }] } } })).toHaveLength(2);
    expect(truthDate('31.01.2025')).toBe('2025-01-31');
  });

  it('compares a year-less truth (MM/DD) on month and day', () => {
    expect(matchTransactions([{ date: '2026-10-02', cents: -423 }, { date: '2026-10-03', cents: 100 }], readCsvTruth('date_printed,amount\n10/02,-4.23\n10/04,1.00\n'))).toEqual({ tp: 1, fp: 1, fn: 1 });
  });

  it('holds a description when the read row has every word of the truth\'s, in any order', () => {
    const truth = [{ date: '2025-01-02', cents: -500, text: 'ONDECK CAPITAL DEBIT' }, { date: '2025-01-03', cents: 900, text: 'Gutschr. SEPA' }, { date: '2025-01-04', cents: 1 }];
    const read = [
      { date: '2025-01-02', cents: -500, text: 'ONDECK CAPITAL DEBIT 10711415' },
      { date: '2025-01-03', cents: 900, text: 'SEPA' },
      { date: '2025-01-04', cents: 1, text: 'anything' },
    ];
    expect(describedMatches(read, truth)).toEqual({ held: 1, compared: 2 });
    expect(describedMatches(read.slice(1), truth)).toEqual({ held: 0, compared: 1 });
  });

  it('prints, per document and per class, how many descriptions hold every truth word', () => {
    expect(output).toMatch(/truth listed\/answers\.csv: .*; descriptions (\d+)\/\1 hold every truth word/);
    expect(output).toMatch(/truth docs 2: .*; descriptions \d+\/\d+/);
  });

  it('matches as a multiset: a repeated (date, amount) counts once per occurrence', () => {
    const t = [{ date: '2025-01-02', cents: -500 }, { date: '2025-01-02', cents: -500 }];
    const m = matchTransactions([t[0]!, t[0]!, t[0]!], t);
    expect(m).toEqual({ tp: 2, fp: 1, fn: 0 });
    expect(prf(m).f1).toBeCloseTo(0.8, 5);
  });
});
