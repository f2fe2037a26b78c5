/**
 * A year OCR misread in a row's date ("2004" for "2024"): the row fell twenty years before its
 * statement, which then spanned twenty years and the whole file was refused by the period limit
 * (a defocused capture, photo7 branch). A row printed with its year far outside the statement's
 * period (or, with none printed, far from its rows' middle date) is read like a date cell not
 * read: it takes the date above and is flagged. When most rows are far off, the period was the
 * misread one: the rows stay as read. A text layer's dates are as printed. Read from OCR words
 * laid out as a scan's page (the engine's own PdfText with the page marked as read by OCR).
 */
import { describe, expect, it } from 'vitest';
import type { PdfText } from '../../src/engine/pdf/extract.js';
import { statementLines, wordsPage } from '../fixtures/ocr-words.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { markOcrConfidence } from '../../src/engine/ocr/confidence.js';
import { LOW_CONFIDENCE } from '../../src/engine/ocr/limits.js';

const text = wordsPage;
const read = (t: PdfText) => readStatements({ fileName: 'scan.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, t);

/** A statement of January 2024 (or no period line), rows dated as given, opening 100.00. */
const page = statementLines;
const DATES = ['01/03/2024', '01/09/2024', '01/12/2004', '01/18/2024', '01/25/2024'];

describe('a row whose year OCR misread', () => {
  it('is read from its digits between the rows around it and flagged, inside a printed period', () => {
    const t = text(page(DATES, '01/01/2024 - 01/31/2024'), true);
    const doc = read(t);
    markOcrConfidence(doc, t.pages);
    const s = doc.statements[0]!;
    // Out of the rows' order, its cell is read as a garbled date (pdf/dates-out-of-order.ts): of
    // the days between the 9th and the 18th, "01/12/2004" is one digit from the 12th alone.
    // (Before: the date above, the 9th.)
    expect(s.transactions.map((x) => x.date)).toEqual(['2024-01-03', '2024-01-09', '2024-01-12', '2024-01-18', '2024-01-25']);
    expect(s.transactions[2]!.amountConfidence).toBeLessThan(LOW_CONFIDENCE);
    expect(s.transactions.filter((x) => (x.amountConfidence ?? 100) < LOW_CONFIDENCE)).toHaveLength(1);
    expect((s.hints ?? []).join(' ')).toContain('its printed date not read');
  });

  it('is read so with no period printed, between the rows read cleanly (their span, pdf/span-of-rows.ts), and flagged', () => {
    // (Before: the date above, the 9th.)
    const t = text(page(DATES, null), true);
    const doc = read(t);
    markOcrConfidence(doc, t.pages);
    const s = doc.statements[0]!;
    expect(s.transactions.map((x) => x.date)).toEqual(['2024-01-03', '2024-01-09', '2024-01-12', '2024-01-18', '2024-01-25']);
    expect(s.transactions.filter((x) => (x.amountConfidence ?? 100) < LOW_CONFIDENCE).map((x) => x.date)).toEqual(['2024-01-12']);
  });

  it('leaves the rows as read when most are far from the period (the period was misread)', () => {
    const s = read(text(page(DATES.map((d) => d.replace('2024', '2004')), '01/01/2024 - 01/31/2024'), true)).statements[0]!;
    expect(s.transactions.map((x) => x.date)).toEqual(['2004-01-03', '2004-01-09', '2004-01-12', '2004-01-18', '2004-01-25']);
  });

  // A year no statement prints ("20-nov-7024" off a blurred photo, on six rows of eleven, no
  // period printed): the statement spanned 1.8 million days and the whole file was refused
  // (maxStatementDays). Such a year is unread however many rows share it.
  it('reads a year after next year as unread, however many rows print it', () => {
    const dates = ['01/03/7024', '01/09/7024', '01/12/7024', '01/18/2024', '01/25/2024'];
    const t = text(page(dates, null), true);
    const doc = read(t);
    markOcrConfidence(doc, t.pages);
    const s = doc.statements[0]!;
    expect(s.transactions.map((x) => x.date.slice(0, 4))).toEqual(['2024', '2024', '2024', '2024', '2024']);
    expect(s.transactions.filter((x) => (x.amountConfidence ?? 100) < LOW_CONFIDENCE).length).toBeGreaterThanOrEqual(3);
  });

  // A period whose first year OCR misread ("01/01/2014 - 01/31/2024"): ten years, so the
  // statement spanned them and the whole file was refused (maxStatementDays). No statement's
  // period runs so long: none is taken, the rows date the statement.
  it('takes no period longer than any statement runs', () => {
    const s = read(text(page(DATES.map((d) => d.replace('2004', '2024')), '01/01/2014 - 01/31/2024'), true)).statements[0]!;
    expect([s.startDate, s.endDate]).toEqual(['2024-01-03', '2024-01-25']);
  });

  it('leaves a text layer\'s date as printed', () => {
    const s = read(text(page(DATES, '01/01/2024 - 01/31/2024'), false)).statements[0]!;
    expect(s.transactions[2]!.date).toBe('2004-01-12');
  });
});
