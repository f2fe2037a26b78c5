import type { Scorecard, ScorecardMeta } from './types.js';
import { columnKind, metricKind, sectionViews, type SectionView } from './column-kinds.js';
import type { ColumnKind } from './sections/table.js';
import { excelSerial, MAX_ROWS, XlsxStreamWriter, XSTYLE, type XCell } from './xlsx-writer.js';
import { sectionWords } from '../contract/api/scorecard-vocabulary.js';

/** Media type the reference gives for /makexls (the file itself is Office Open XML, .xlsx). */
export const XLSX_MIME = 'application/vnd.ms-excel';

/**
 * Deflate level of the parts. 1 (fastest) makes a file about a fifth larger than 6 for a
 * fraction of the CPU: most of a large workbook's time was compression (bench/scorecard.bench.ts).
 */
export const XLSX_COMPRESSION_LEVEL = 1;

const STYLE_OF: Partial<Record<ColumnKind, number>> = { money: XSTYLE.money, date: XSTYLE.date, percent: XSTYLE.percent };

/** Excel serial of a 'YYYY-MM-DD' string (cached: a workbook repeats the same few hundred dates). */
const serialCache = new Map<string, number | null>();
function isoSerial(v: string): number | null {
  let d = serialCache.get(v);
  if (d === undefined) {
    d = /^\d{4}-\d{2}-\d{2}$/.test(v) ? excelSerial(Date.parse(`${v}T00:00:00Z`)) : null;
    if (d !== null && !Number.isFinite(d)) d = null;
    if (serialCache.size > 20_000) serialCache.clear();
    serialCache.set(v, d);
  }
  return d;
}

/** Column widths from the header and the first rows' content, 8–60 characters. */
function widths(view: SectionView, keep: { c: string; i: number; kind: ColumnKind }[]): number[] {
  const sample = Math.min(view.count, 500);
  return keep.map((k) => {
    let w = Math.max(8, (view.labels[k.i] ?? k.c).length + 2);
    for (let r = 0; r < sample; r++) {
      const v = view.cell(r, k.i);
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
 * bold and frozen; widths follow the first 500 rows (8–60 characters). `ids` columns
 * (transaction ids behind a figure) are left out: the JSON scorecard carries them. Written by
 * ./xlsx-writer.ts row by row with shared styles and shared strings, so time and memory grow
 * with the rows and nothing is made per cell. A section longer than Excel's 1,048,576 rows
 * ends with a note row saying how many rows were left out (the JSON has them all).
 */
export async function scorecardToXlsx(
  scorecard: Scorecard, meta: ScorecardMeta,
  /** `maxRowsPerSheet`: data rows a section sheet may hold (Excel's limit less header and note; tests lower it). */
  opts: { maxRowsPerSheet?: number } = {},
): Promise<Uint8Array> {
  const views = sectionViews(scorecard);
  // Money in the statements' currencies: the headline one first, then each other one's.
  const main = scorecard.metrics.currency ?? 'USD';
  const others = (scorecard.metrics.by_currency ?? []).filter((b) => b.currency !== main);
  // Sheets are named as the window and the docs name the sections (the vocabulary's titles, ≤ 31 characters).
  const book = new XlsxStreamWriter(['Summary', ...views.map((v) => sectionWords(v.name).title)],
    { creator: 'Ledgerdrop', created: new Date(meta.generatedAt), compressionLevel: XLSX_COMPRESSION_LEVEL, currencies: [main, ...others.map((b) => b.currency)] });

  const summary = book.sheet({ widths: [34, 20, 20], frozenRows: 1 });
  summary.addRow(['Item', 'Value', ''], XSTYLE.bold);
  summary.addRow(['Application', meta.appnumber]);
  summary.addRow(['Application ID', meta.appid]);
  summary.addRow(['Owner', meta.owner]);
  summary.addRow(['Generated', new Date(meta.generatedAt)], [0, XSTYLE.datetime]);
  summary.addRow(['Warnings', scorecard._metadata.warnings || 'none']);
  summary.addRow(['Transactions excluded (validation)', scorecard._metadata.someTransactionsExcludedDueToValidationFailures]);
  // Consistency checks (./checks.ts), one line each, before the figures they qualify.
  for (const c of scorecard.checks ?? []) summary.addRow([`Check (${c.severity})`, c.message]);
  summary.addRow([]);
  // The headline metrics, then each other currency's own (never added across currencies).
  for (const block of [{ currency: main, metricdata: scorecard.metrics.metricdata }, ...others]) {
    if (block.currency !== main) summary.addRow([]);
    summary.addRow([`Metric (${block.currency})`, 'Monthly', 'Annual'], XSTYLE.bold);
    for (const r of block.metricdata as unknown[][]) {
      const [label, monthly, annual] = r as [string, number, number];
      const kind = metricKind(label);
      const st = kind === 'money' ? book.moneyStyle(block.currency) : kind === 'percent' ? XSTYLE.percent : XSTYLE.decimal;
      summary.addRow([label, monthly, annual], [0, st, st]);
    }
  }
  await summary.end();

  for (const view of views) {
    const keep = view.columns.map((c, i) => ({ c, i, kind: columnKind(view.name, c) })).filter((x) => x.kind !== 'ids');
    const sheet = book.sheet({ widths: widths(view, keep), frozenRows: 1 });
    sheet.addRow(keep.map((k) => view.labels[k.i] ?? k.c), XSTYLE.bold);
    const dateStyle = meta.usDates === undefined ? XSTYLE.date : meta.usDates ? XSTYLE.dateUS : XSTYLE.dateEU;
    const styles = keep.map((k) => (k.kind === 'date' ? dateStyle : STYLE_OF[k.kind] ?? 0));
    const cols = keep.map((k) => k.i);
    const dates = keep.map((k) => k.kind === 'date');
    // A section with a currency column gives each row's money that row's currency.
    const currencyCol = view.columns.indexOf('currency');
    const moneyCols = keep.map((k, j) => (k.kind === 'money' ? j : -1)).filter((j) => j >= 0);
    const rowStyles = styles.slice();
    const cells: XCell[] = new Array(keep.length);
    const limit = Math.min(view.count, Math.max(0, Math.min(opts.maxRowsPerSheet ?? Infinity, MAX_ROWS - 2)));
    for (let n = 0; n < limit; n++) {
      for (let j = 0; j < cols.length; j++) {
        const v = view.cell(n, cols[j]!);
        if (dates[j] && typeof v === 'string') {
          const serial = isoSerial(v);
          cells[j] = serial ?? v;
        } else {
          cells[j] = v as XCell;
        }
      }
      let st = styles;
      if (currencyCol >= 0 && moneyCols.length) {
        const money = book.moneyStyle(String(view.cell(n, currencyCol) ?? ''));
        for (const j of moneyCols) rowStyles[j] = money;
        st = rowStyles;
      }
      if (sheet.addRow(cells, st)) await sheet.flush();
    }
    if (limit < view.count) {
      sheet.addRow([`${view.count - limit} more rows not shown: a sheet holds at most ${limit} rows here (Excel's limit is ${MAX_ROWS}); the JSON scorecard has every row`]);
    }
    await sheet.end();
  }
  return book.finish();
}
