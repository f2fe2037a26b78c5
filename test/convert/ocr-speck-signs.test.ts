/**
 * Specks read as signs and page counts read as letters (scan12 branch; docs/ocr.md, "Specks that
 * cancel a minus, page counts read as letters"). Composed scan 484 (Italian, Courier 7.5 pt,
 * 300 dpi, debits printed with a leading minus, credits bare, no running balance):
 * - a speck read as a minus just before a printed one ("-" "-3 209,62") made the number parser
 *   cancel the two into a credit: the one explicit credit, so the table's bare figures (the real
 *   credits) were left unsettled and read as debits (F1 0.62);
 * - the footer "Pagina 1 di 1" read "Pagina 1 di l" was no page number, and its "1" a row of 1.00.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { parseMoneyCell } from '../../src/engine/pdf/tokens.js';
import { PAGE_NUMBER_CELL } from '../../src/engine/data/labels.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { officeScan, silentlyWrong } from '../fixtures/generator/composer/scan-score.js';
import { scoreReading } from '../fixtures/generator/composer/score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

describe('two minus signs before a figure are one', () => {
  it('never cancels them into a credit', () => {
    expect(parseMoneyCell('- -3 209,62', true)?.cents).toBe(-320962);
    expect(parseMoneyCell('--3 209,62', true)?.cents).toBe(-320962);
    expect(parseMoneyCell('-3 209,62', true)?.cents).toBe(-320962);
    expect(parseMoneyCell('- 3 209,62', true)?.cents).toBe(-320962);
    expect(parseMoneyCell('3 209,62', true)?.cents).toBe(320962);
  });
});

describe('a page count of one read as a letter', () => {
  it('is a page number still', () => {
    expect(PAGE_NUMBER_CELL.test('Pagina 1 di l')).toBe(true);
    expect(PAGE_NUMBER_CELL.test('Page I of 2')).toBe(true);
    expect(PAGE_NUMBER_CELL.test('Pagina 1 di 2')).toBe(true);
    expect(PAGE_NUMBER_CELL.test('Pagina 1 di la')).toBe(false);
  });
});

describe('composed scan 484 (Courier 7.5 pt, a speck before a minus, footer "di l")', () => {
  it('reads every row with its sign, no footer row, and reconciles', async () => {
    const pdf = await composeStatementPdf(484);
    const bytes = await scannedPdf(pdf.bytes, officeScan(484, 300));
    const doc = await convertDocument({ fileName: 'composed-scan-484.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const { match } = scoreReading(pdf, doc);
    expect(match).toEqual({ tp: match.want, got: match.want, want: pdf.truth[0]!.transactions.length });
    const w = silentlyWrong(pdf.truth, doc.statements);
    expect(w.silent).toEqual([]);
    expect(w.reconciled).toBe(1);
  });
});
