import ExcelJS from 'exceljs';
import type { Scorecard, ScorecardMeta } from './types.js';
import { columnKind, metricKind, sectionViews } from './column-kinds.js';

/** Media type the reference gives for /makexls (the file itself is Office Open XML, .xlsx). */
export const XLSX_MIME = 'application/vnd.ms-excel';

const MONEY_FMT = '"$"#,##0.00;[Red]-"$"#,##0.00';
const DATE_FMT = 'yyyy-mm-dd';
const PCT_FMT = '0.00"%"';

function isoToDate(v: unknown): Date | null {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/**
 * The scorecard as a workbook: a "Summary" sheet (application, warnings, metrics), then one
 * sheet per section in reference order. Cells are typed: dates are dates, money numbers with
 * a currency format, percentages numbers with a % format, booleans booleans. Header rows are
 * bold and frozen; widths follow the content (8–60 characters). `ids` columns (transaction ids
 * behind a figure) are left out: the JSON scorecard carries them.
 */
export async function scorecardToXlsx(scorecard: Scorecard, meta: ScorecardMeta): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Ledgerdrop';
  wb.created = new Date(meta.generatedAt);

  const summary = wb.addWorksheet('Summary', { views: [{ state: 'frozen', ySplit: 1 }] });
  summary.columns = [{ header: 'Item', key: 'a', width: 32 }, { header: 'Monthly', key: 'b', width: 18 }, { header: 'Annual', key: 'c', width: 18 }];
  summary.getRow(1).font = { bold: true };
  summary.addRow(['Application', meta.appnumber]);
  summary.addRow(['Application ID', meta.appid]);
  summary.addRow(['Owner', meta.owner]);
  const gen = summary.addRow(['Generated', new Date(meta.generatedAt)]);
  gen.getCell(2).numFmt = 'yyyy-mm-dd hh:mm';
  summary.addRow(['Warnings', scorecard._metadata.warnings || 'none']);
  summary.addRow(['Transactions excluded (validation)', scorecard._metadata.someTransactionsExcludedDueToValidationFailures]);
  summary.addRow([]);
  const head = summary.addRow(['Metric', 'Monthly', 'Annual']);
  head.font = { bold: true };
  for (const r of scorecard.metrics.metricdata as unknown[][]) {
    const [label, monthly, annual] = r as [string, number, number];
    const row = summary.addRow([label, monthly, annual]);
    const kind = metricKind(label);
    const fmt = kind === 'money' ? MONEY_FMT : kind === 'percent' ? PCT_FMT : '0.##';
    row.getCell(2).numFmt = fmt;
    row.getCell(3).numFmt = fmt;
  }

  for (const view of sectionViews(scorecard)) {
    const keep = view.columns.map((c, i) => ({ c, i, kind: columnKind(view.name, c) })).filter((x) => x.kind !== 'ids');
    const ws = wb.addWorksheet(view.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    const widths = keep.map((k) => Math.max(8, (view.labels[k.i] ?? k.c).length + 2));
    const header = ws.addRow(keep.map((k) => view.labels[k.i] ?? k.c));
    header.font = { bold: true };
    for (const r of view.rows) {
      const values = keep.map((k) => {
        const v = r[k.i];
        if (v === null || v === undefined) return null;
        if (k.kind === 'date') return isoToDate(v) ?? v;
        return v as ExcelJS.CellValue;
      });
      ws.addRow(values);
    }
    keep.forEach((k, j) => {
      const column = ws.getColumn(j + 1);
      if (k.kind === 'money') column.numFmt = MONEY_FMT;
      else if (k.kind === 'date') column.numFmt = DATE_FMT;
      else if (k.kind === 'percent') column.numFmt = PCT_FMT;
      // Width from the first rows' content (bounded work on large sections).
      const sample = Math.min(view.rows.length, 500);
      for (let i = 0; i < sample; i++) {
        const v = view.rows[i]![k.i];
        const len = v === null || v === undefined ? 0 : k.kind === 'date' ? 10 : k.kind === 'money' ? String(v).length + 5 : String(v).length;
        if (len + 2 > widths[j]!) widths[j] = len + 2;
      }
      column.width = Math.min(60, widths[j]!);
    });
    // The header keeps the general format.
    header.eachCell((cell) => { cell.numFmt = 'General'; });
  }
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}
