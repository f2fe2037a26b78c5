/**
 * A 1-bit fax of 2 × 2 dots whose reading does not hold together is read again with the engine
 * thresholding it locally, and the reading whose balances agree better is kept
 * (src/engine/ocr/fax-reread.ts). One composed seed: OCR is slow.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { balanceStanding, standsBetter } from '../../src/engine/ocr/fax-reread.js';
import type { ParsedDocument, ParsedStatement } from '../../src/contract/model.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const fax = CAPTURE_TRAITS.find((t) => t.name === 'fax-150')!.options;

const statement = (start: number, end: number, rows: [number, number | null][]): ParsedStatement =>
  ({ startBalance: start, endBalance: end, transactions: rows.map(([amount, balance]) => ({ date: '2025-01-02', description: 'x', amount, ...(balance === null ? {} : { balance }) })) }) as unknown as ParsedStatement;
const doc = (...statements: ParsedStatement[]): ParsedDocument => ({ format: 'pdf', detectedDocType: 'Bank Statement', statements, pdf: {} } as unknown as ParsedDocument);

describe('a fax read twice, kept by its balances', () => {
  it('ranks readings by statements reconciled, then openings and closings found, then running balances agreeing less breaking, never on fewer balances compared', () => {
    const right = doc(statement(1000, 700, [[-100, 900], [-200, 700]]));
    const misread = doc(statement(1000, 700, [[-100, 900], [-500, 700]]));
    const lostRow = doc(statement(1000, 700, [[-100, 900]]));
    const balanceLost = doc(statement(1000, 700, [[-100, 900], [-500, null]]));
    expect(standsBetter(balanceStanding(right), balanceStanding(misread))).toBe(true);
    expect(standsBetter(balanceStanding(misread), balanceStanding(right))).toBe(false);
    expect(balanceStanding(misread)).toEqual({ rank: [0, 1, 0], checked: 2 });
    // A reading that dropped a broken balance nets more agreement on fewer balances: not better
    // (composed fax 961 read locally took its balance column for its amounts on half its rows).
    expect(balanceStanding(balanceLost)).toEqual({ rank: [0, 1, 1], checked: 1 });
    expect(standsBetter(balanceStanding(balanceLost), balanceStanding(misread))).toBe(false);
    expect(standsBetter(balanceStanding(lostRow), balanceStanding(misread))).toBe(false);
    // A statement that reconciles wins whatever the balances compared.
    expect(standsBetter(balanceStanding(doc(statement(1000, 700, [[-300, null]]))), balanceStanding(misread))).toBe(true);
    // Ties keep the first reading.
    expect(standsBetter(balanceStanding(right), balanceStanding(right))).toBe(false);
  });

  it('composed 1203 faxed at 150 dpi (Helvetica 7.5, decimal commas): read again thresholded locally, its first balance read and every sign right', async () => {
    // Under the engine's global threshold alone its first running balance "44.535,70" was read at
    // 79 and its single amount column's signs went wrong from there: F1 0.188, unreconciled.
    const r = await readScannedComposed(1203, 200, {}, fax);
    expect(r.silent).toEqual([]);
    expect(r.reconciled).toBe(1);
    expect(f1(r.match)).toBe(1);
    expect(r.doc.statements[0]!.hints?.some((h) => /thresholded locally/.test(h))).toBe(true);
  });
});
