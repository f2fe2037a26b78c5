import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { buildScorecard, renderScorecardPage, scorecardToXlsx, SECTION_NAMES } from '../../src/scorecard/index.js';
import { application, revenueMixApp, stackedMcaApp } from './fixtures.js';
import { HAND_SPECS } from './hand-computed.js';
import { moneyFormat } from '../../src/scorecard/xlsx-writer.js';
import { sectionWords } from '../../src/contract/api/scorecard-vocabulary.js';

/** A section's sheet: named by the vocabulary's title. */
const sheet = (name: string) => sectionWords(name).title;

const meta = { appnumber: 'APP-7', appid: 7, owner: 'broker1', generatedAt: '2026-11-21T05:00:00.000Z' };

async function readBack(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  return wb;
}

describe('scorecardToXlsx', () => {
  it('writes a real xlsx: summary with metrics, one sheet per section, typed cells, frozen headers', async () => {
    const sc = buildScorecard(revenueMixApp(true), { format: 'jsonobject' });
    const bytes = await scorecardToXlsx(sc, meta);
    expect(Buffer.from(bytes.subarray(0, 2)).toString('latin1')).toBe('PK');
    const wb = await readBack(bytes);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', ...SECTION_NAMES.map(sheet)]);

    const summary = wb.getWorksheet('Summary')!;
    let trueRow: ExcelJS.Row | undefined;
    summary.eachRow((row) => { if (row.getCell(1).value === 'True Revenue') trueRow = row; });
    expect(trueRow!.getCell(2).value).toBe(8500);
    expect(trueRow!.getCell(3).value).toBe(102000);
    expect(trueRow!.getCell(2).numFmt).toContain('$');
    expect(summary.getCell('B2').value).toBe('APP-7');

    const all = wb.getWorksheet(sheet('alltransactions'))!;
    expect(all.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = (all.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Account #', 'Account', 'Transaction ID', 'Date', 'Description', 'Memo', 'Amount', 'Balance', 'Check Number', 'True Credit', 'Category']);
    const first = all.getRow(2);
    expect(first.getCell(4).value).toBeInstanceOf(Date);
    expect((first.getCell(4).value as Date).toISOString().slice(0, 10)).toBe('2025-03-03');
    expect(first.getCell(4).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(7).value).toBe(5000);
    expect(first.getCell(7).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(7).numFmt).toContain('$');
    expect(first.getCell(10).value).toBe(true);
    expect(all.rowCount).toBe(1 + 13);
    expect(all.getColumn(5).width).toBeGreaterThanOrEqual('INCOMING WIRE TRANSFER FROM ACME CORP'.length);
    expect(all.getColumn(5).width).toBeLessThanOrEqual(60);
  });

  it('leaves transaction-id columns out of sheets and types money in monthly sections', async () => {
    const sc = buildScorecard(stackedMcaApp(), { format: 'default', sections: ['debtsummary', 'mcacompanies', 'utilities'] });
    const wb = await readBack(await scorecardToXlsx(sc, meta));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Debt service by month', 'MCA funders', 'Utility payments']);
    const ds = wb.getWorksheet(sheet('debtsummary'))!;
    expect((ds.getRow(1).values as unknown[]).slice(1)).toEqual(['Month', 'MCA', 'Non-MCA Loan', 'Auto Finance', 'Student Loan', 'Mortgage', 'Personal Loan', 'Total', 'Currency']);
    expect(ds.getRow(2).getCell(2).value).toBe(12600);
    expect(ds.getRow(2).getCell(2).numFmt).toContain('$');
    const mc = wb.getWorksheet(sheet('mcacompanies'))!;
    // An empty frequency ("" in JSON: a single debit so far) is an empty cell.
    expect((mc.getRow(2).values as unknown[]).slice(1)).toEqual(['Credibly', '2025-01', undefined, 1, 2000, 21]);
    expect((mc.getRow(3).values as unknown[]).slice(1)).toEqual(['Credibly', '2025-02', 'Monthly', 1, 2000, 19]);
  });
});

describe('scorecardToXlsx money formats', () => {
  it('formats money in each statement’s currency: the headline one, each other currency’s metrics, and rows by their currency column', async () => {
    const card = buildScorecard(application(HAND_SPECS, { finduntrue: true }), { format: 'jsonobject' });
    expect(card.metrics.currency).toBe('USD');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await scorecardToXlsx(card, { appnumber: 'A', appid: 1, owner: '', generatedAt: '2025-06-01T00:00:00Z' })) as unknown as ExcelJS.Buffer);
    const summary = wb.getWorksheet('Summary')!;
    const rowOf = (text: string) => { let r = -1; summary.eachRow((row, n) => { if (r < 0 && row.getCell(1).value === text) r = n; }); return r; };
    const gbpHead = rowOf('Metric (GBP)');
    expect(rowOf('Metric (USD)')).toBeGreaterThan(0);
    expect(gbpHead).toBeGreaterThan(rowOf('Metric (USD)'));
    expect(summary.getRow(rowOf('Metric (USD)') + 1).getCell(2).numFmt).toBe('"$"#,##0.00;[Red]-"$"#,##0.00');
    expect(summary.getRow(gbpHead + 1).getCell(1).value).toBe('True Revenue');
    expect(summary.getRow(gbpHead + 1).getCell(2).numFmt).toBe('"£"#,##0.00;[Red]-"£"#,##0.00');
    const combined = wb.getWorksheet(sheet('combinedsummary'))!;
    const header = combined.getRow(1).values as unknown[];
    const cur = header.indexOf('Currency');
    const credits = header.indexOf('Total Credits');
    expect(cur).toBeGreaterThan(0);
    expect(credits).toBeGreaterThan(0);
    const formats = new Map<string, string>();
    combined.eachRow((row, n) => { if (n > 1) formats.set(String(row.getCell(cur).value), String(row.getCell(credits).numFmt)); });
    expect(formats.get('GBP')).toContain('"£"');
    expect(formats.get('USD')).toContain('"$"');
  });

  it('writes a known currency’s symbol and an unknown code after the amount', () => {
    expect(moneyFormat('eur')).toBe('"€"#,##0.00;[Red]-"€"#,##0.00');
    expect(moneyFormat('NZD')).toBe('"NZ$"#,##0.00;[Red]-"NZ$"#,##0.00');
    expect(moneyFormat('XQQ')).toBe('#,##0.00" XQQ";[Red]-#,##0.00" XQQ"');
  });
});

describe('renderScorecardPage', () => {
  it('is self-contained: inline CSS and SVG charts, no scripts or external resources', () => {
    const html = renderScorecardPage(buildScorecard(stackedMcaApp(), { format: 'jsonobject' }), meta);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<style>');
    expect((html.match(/<svg /g) ?? []).length).toBe(3);
    expect(html).toContain('Daily balance');
    expect(html).toContain('Monthly cash flow');
    expect(html).toContain('True revenue by month');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\s(src|href)=/i);
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('<td>True Revenue</td><td class="n">$20,000.00</td><td class="n">$240,000.00</td>');
    for (const name of SECTION_NAMES) expect(html).toContain(`<summary>${name} (`);
  });

  it('escapes hostile text from descriptions, memos and metadata', () => {
    const evil = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const input = application([{ accountIdx: 0, accountNumber: '<b>9</b>', start: '2025-05-01', end: '2025-05-31', startBalance: 10, rows: [
      ['2025-05-02', evil, 100],
      ['2025-05-03', `CON ED ${evil}`, -20],
    ] }]);
    const html = renderScorecardPage(buildScorecard(input, { format: 'default' }), { ...meta, appnumber: '</title><script>x()</script>', owner: evil });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('<b>9</b>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;&#34;&#62;&#60;img src=x onerror=alert(2)&#62;');
  });
});

describe('xlsx writer (own SpreadsheetML, read back with exceljs)', () => {
  it('keeps hostile and unusual text intact (markup, quotes, controls dropped, emoji), as shared strings', async () => {
    const input = application([{ accountIdx: 0, accountNumber: '12"34', start: '2025-05-01', end: '2025-05-31', startBalance: 10, rows: [
      ['2025-05-02', 'A&B <Corp> "quoted" \'x\'', 100],
      ['2025-05-03', 'BELL\u0007 TAB\tEND  ', -20],
      ['2025-05-04', 'CAFÉ 😀 \ud800 LONE', -1],
    ] }]);
    const sc = buildScorecard(input, { format: 'default', sections: ['alltransactions'] });
    const wb = await readBack(await scorecardToXlsx(sc, { ...meta, appnumber: 'A&B <1>', owner: '</t></si>' }));
    expect(wb.getWorksheet('Summary')!.getCell('B2').value).toBe('A&B <1>');
    expect(wb.getWorksheet('Summary')!.getCell('B4').value).toBe('</t></si>');
    const all = wb.getWorksheet(sheet('alltransactions'))!;
    expect([2, 3, 4].map((r) => all.getRow(r).getCell(5).value)).toEqual(['A&B <Corp> "quoted" \'x\'', 'BELL TAB\tEND  ', 'CAFÉ 😀 \ufffd LONE']);
    expect(all.getRow(2).getCell(2).value).toBe('12"34');
    expect(all.getRow(3).getCell(7).value).toBe(-20);
  });

  it('a large section streams in many chunks and reads back row for row', async () => {
    const rows: [string, string, number][] = [];
    for (let i = 0; i < 6_000; i++) rows.push([`2025-07-${String(1 + (i % 28)).padStart(2, '0')}`, `CUSTOMER PAYMENT ${i} ${'X'.repeat(i % 40)}`, 1 + (i % 997) / 100]);
    const input = application([{ accountIdx: 0, accountNumber: '7777', start: '2025-07-01', end: '2025-07-31', startBalance: 0, rows }]);
    const sc = buildScorecard(input, { format: 'jsonobject', sections: ['alltransactions'] });
    const bytes = await scorecardToXlsx(sc, meta);
    const wb = await readBack(bytes);
    const all = wb.getWorksheet(sheet('alltransactions'))!;
    expect(all.rowCount).toBe(6_001);
    const want = (sc.alltransactions as { data: Record<string, any>[] }).data;
    for (const n of [0, 1, 2_999, 5_999]) {
      const row = all.getRow(n + 2);
      expect(row.getCell(3).value).toBe(want[n]!.id);
      expect(row.getCell(5).value).toBe(want[n]!.description);
      expect(row.getCell(7).value).toBe(want[n]!.amount);
      expect((row.getCell(4).value as Date).toISOString().slice(0, 10)).toBe(want[n]!.date);
    }
  });

  it('every part of the archive carries the CRC-32 and sizes of its content', async () => {
    const bytes = await scorecardToXlsx(buildScorecard(stackedMcaApp(), { format: 'default' }), meta);
    const zip = await new Promise<yauzl.ZipFile>((res, rej) => yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (e, z) => (e ? rej(e) : res(z!))));
    const parts: string[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream!.on('data', (c: Buffer) => chunks.push(c));
          stream!.on('end', () => {
            const data = Buffer.concat(chunks);
            try {
              expect(data.length, entry.fileName).toBe(entry.uncompressedSize);
              expect(zlib.crc32(data), entry.fileName).toBe(entry.crc32);
            } catch (e) { return reject(e); }
            parts.push(entry.fileName);
            zip.readEntry();
          });
        });
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
    expect(parts).toContain('[Content_Types].xml');
    expect(parts).toContain('xl/sharedStrings.xml');
    expect(parts.filter((p) => p.startsWith('xl/worksheets/'))).toHaveLength(1 + SECTION_NAMES.length);
  });

  it('a section longer than the sheet limit ends with a note row saying how many rows were left out', async () => {
    const sc = buildScorecard(stackedMcaApp(), { format: 'jsonobject', sections: ['mcapayments'] });
    const total = (sc.mcapayments as { data: unknown[] }).data.length;
    const wb = await readBack(await scorecardToXlsx(sc, meta, { maxRowsPerSheet: 10 }));
    const ws = wb.getWorksheet(sheet('mcapayments'))!;
    expect(ws.rowCount).toBe(1 + 10 + 1);
    expect(ws.getRow(12).getCell(1).value).toBe(`${total - 10} more rows not shown: a sheet holds at most 10 rows here (Excel's limit is 1048576); the JSON scorecard has every row`);
  });
});
