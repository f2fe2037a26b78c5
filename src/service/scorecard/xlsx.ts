import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Scorecard, ScorecardMeta } from './types.js';
import { columnKind, metricKind, sectionViews, type SectionView } from './column-kinds.js';
import type { ColumnKind } from './sections/table.js';

/** Media type the reference gives for /makexls (the file itself is Office Open XML, .xlsx). */
export const XLSX_MIME = 'application/vnd.ms-excel';

const MONEY_FMT = '"$"#,##0.00;[Red]-"$"#,##0.00';
const DATE_FMT = 'yyyy-mm-dd';
const PCT_FMT = '0.00"%"';
const FMT: Partial<Record<ColumnKind, string>> = { money: MONEY_FMT, date: DATE_FMT, percent: PCT_FMT };

const dateCache = new Map<string, Date | null>();
function isoToDate(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  let d = dateCache.get(v);
  if (d === undefined) {
    d = /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : null;
    if (dateCache.size > 20_000) dateCache.clear();
    dateCache.set(v, d);
  }
  return d;
}

/** Column widths from the header and the first rows' content, 8–60 characters. */
function widths(view: SectionView, keep: { c: string; i: number; kind: ColumnKind }[]): number[] {
  const sample = Math.min(view.rows.length, 500);
  return keep.map((k) => {
    let w = Math.max(8, (view.labels[k.i] ?? k.c).length + 2);
    for (let r = 0; r < sample; r++) {
      const v = view.rows[r]![k.i];
      const len = v === null || v === undefined ? 0 : k.kind === 'date' ? 10 : k.kind === 'money' ? String(v).length + 5 : String(v).length;
      if (len + 2 > w) w = len + 2;
    }
    return Math.min(60, w);
  });
}

/**
 * The scorecard as a workbook: a "Summary" sheet (application, warnings, metrics), then one
 * sheet per section in reference order. Cells are typed: dates are dates, money numbers with
 * a currency format, percentages numbers with a % format, booleans booleans. Header rows are
 * bold and frozen; widths follow the content (8–60 characters). `ids` columns (transaction ids
 * behind a figure) are left out: the JSON scorecard carries them. Written with exceljs's
 * streaming writer, row by row, so memory stays near the size of the file.
 */
export async function scorecardToXlsx(scorecard: Scorecard, meta: ScorecardMeta): Promise<Uint8Array> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => { out.on('end', resolve); out.on('error', reject); });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Ledgerdrop';
  wb.created = new Date(meta.generatedAt);

  const summary = wb.addWorksheet('Summary', { views: [{ state: 'frozen', ySplit: 1 }] });
  summary.columns = [{ key: 'a', width: 34 }, { key: 'b', width: 20 }, { key: 'c', width: 20 }];
  const bold = (row: ExcelJS.Row) => { row.font = { bold: true }; return row; };
  bold(summary.addRow(['Item', 'Value', ''])).commit();
  summary.addRow(['Application', meta.appnumber]).commit();
  summary.addRow(['Application ID', meta.appid]).commit();
  summary.addRow(['Owner', meta.owner]).commit();
  const gen = summary.addRow(['Generated', new Date(meta.generatedAt)]);
  gen.getCell(2).numFmt = 'yyyy-mm-dd hh:mm';
  gen.commit();
  summary.addRow(['Warnings', scorecard._metadata.warnings || 'none']).commit();
  summary.addRow(['Transactions excluded (validation)', scorecard._metadata.someTransactionsExcludedDueToValidationFailures]).commit();
  summary.addRow([]).commit();
  bold(summary.addRow(['Metric', 'Monthly', 'Annual'])).commit();
  for (const r of scorecard.metrics.metricdata as unknown[][]) {
    const [label, monthly, annual] = r as [string, number, number];
    const row = summary.addRow([label, monthly, annual]);
    const kind = metricKind(label);
    const fmt = kind === 'money' ? MONEY_FMT : kind === 'percent' ? PCT_FMT : '0.##';
    row.getCell(2).numFmt = fmt;
    row.getCell(3).numFmt = fmt;
    row.commit();
  }
  summary.commit();

  for (const view of sectionViews(scorecard)) {
    const keep = view.columns.map((c, i) => ({ c, i, kind: columnKind(view.name, c) })).filter((x) => x.kind !== 'ids');
    const ws = wb.addWorksheet(view.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    // Cells take their number format from the column style (dates, money, percentages).
    ws.columns = widths(view, keep).map((width, j) => {
      const fmt = FMT[keep[j]!.kind];
      return fmt ? { key: `c${j}`, width, style: { numFmt: fmt } } : { key: `c${j}`, width };
    });
    bold(ws.addRow(keep.map((k) => view.labels[k.i] ?? k.c))).commit();
    for (const r of view.rows) {
      const row = ws.addRow(keep.map((k) => {
        const v = r[k.i];
        if (v === null || v === undefined) return null;
        if (k.kind === 'date') return isoToDate(v) ?? (v as string);
        return v as ExcelJS.CellValue;
      }));
      row.commit();
    }
    ws.commit();
  }
  await wb.commit();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
