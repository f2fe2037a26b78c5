import type { Scorecard, ScorecardMeta } from './types.js';
import { columnKind, metricKind, sectionViews, type SectionView } from './column-kinds.js';

/**
 * The scorecard page behind /scorecard/signedUrl: one self-contained HTML document (inline
 * CSS, inline SVG charts drawn here, no scripts, no external resources; a CSP meta forbids
 * them anyway). Every text from the data goes through escapeHtml.
 */
export const PAGE_ROW_LIMIT = 2_000;
/** dailybalance shows every day: its rows are bounded by SCORECARD_LIMITS (about 11 years of days). */
export const DAILY_PAGE_ROW_LIMIT = 5_000;

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** $1,234.56 from a dollar amount (via integer cents; no Intl per cell, pages hold many). */
function money(n: number): string {
  const cents = Math.round(Math.abs(n) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 && cents ? '-' : ''}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

function cellText(section: string, key: string, v: unknown): string {
  if (v === null || v === undefined) return '';
  const kind = columnKind(section, key);
  if (kind === 'money' && typeof v === 'number') return money(v);
  if (kind === 'percent' && typeof v === 'number') return `${v.toFixed(2)}%`;
  if (kind === 'bool') return v ? 'yes' : 'no';
  return String(v);
}

interface Series { label: string; values: number[]; color: string }

/** Bar chart of one or more series over categories (months). */
function barChart(title: string, cats: string[], series: Series[]): string {
  const W = 720, H = 240, pad = 48, bottom = 36;
  const all = series.flatMap((s) => s.values);
  const max = Math.max(1, ...all.map((v) => Math.abs(v)));
  const slot = (W - pad - 10) / Math.max(1, cats.length);
  const bw = Math.max(2, (slot * 0.8) / series.length);
  const y = (v: number) => H - bottom - (Math.abs(v) / max) * (H - bottom - 20);
  const bars: string[] = [];
  cats.forEach((c, i) => {
    series.forEach((s, j) => {
      const v = s.values[i] ?? 0;
      const x = pad + i * slot + slot * 0.1 + j * bw;
      bars.push(`<rect x="${x.toFixed(1)}" y="${y(v).toFixed(1)}" width="${bw.toFixed(1)}" height="${(H - bottom - y(v)).toFixed(1)}" fill="${s.color}"><title>${escapeHtml(`${s.label} ${c}: ${money(v)}`)}</title></rect>`);
    });
    bars.push(`<text x="${(pad + i * slot + slot / 2).toFixed(1)}" y="${H - bottom + 14}" font-size="10" text-anchor="middle">${escapeHtml(c)}</text>`);
  });
  const legend = series.map((s, j) => `<rect x="${pad + j * 140}" y="4" width="10" height="10" fill="${s.color}"/><text x="${pad + j * 140 + 14}" y="13" font-size="11">${escapeHtml(s.label)}</text>`).join('');
  return `<figure><figcaption>${escapeHtml(title)}</figcaption><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(title)}">`
    + `<line x1="${pad}" y1="${H - bottom}" x2="${W - 10}" y2="${H - bottom}" stroke="#888"/>`
    + `<text x="4" y="24" font-size="10">${escapeHtml(money(max))}</text>${legend}${bars.join('')}</svg></figure>`;
}

/** Line chart of the daily total balance, with the zero line when it goes negative. */
function lineChart(title: string, days: string[], values: number[]): string {
  const W = 720, H = 240, pad = 56, bottom = 30;
  if (values.length === 0) return '';
  const max = Math.max(...values), min = Math.min(0, ...values);
  const span = max - min || 1;
  const x = (i: number) => pad + (i / Math.max(1, values.length - 1)) * (W - pad - 10);
  const y = (v: number) => 10 + (1 - (v - min) / span) * (H - bottom - 10);
  const pts = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return `<figure><figcaption>${escapeHtml(title)}</figcaption><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(title)}">`
    + `<line x1="${pad}" y1="${y(0).toFixed(1)}" x2="${W - 10}" y2="${y(0).toFixed(1)}" stroke="#c33" stroke-dasharray="4 3"/>`
    + `<polyline fill="none" stroke="#1f6feb" stroke-width="1.5" points="${pts}"/>`
    + `<text x="4" y="16" font-size="10">${escapeHtml(money(max))}</text><text x="4" y="${H - bottom}" font-size="10">${escapeHtml(money(min))}</text>`
    + `<text x="${pad}" y="${H - 8}" font-size="10">${escapeHtml(days[0] ?? '')}</text><text x="${W - 10}" y="${H - 8}" font-size="10" text-anchor="end">${escapeHtml(days[days.length - 1] ?? '')}</text></svg></figure>`;
}

function column(view: SectionView | undefined, key: string): unknown[] {
  if (!view) return [];
  const i = view.columns.indexOf(key);
  return i < 0 ? [] : view.rows.map((r) => r[i]);
}

function table(view: SectionView): string {
  const keep = view.columns.map((c, i) => ({ c, i })).filter((x) => columnKind(view.name, x.c) !== 'ids');
  const limit = view.name === 'dailybalance' ? DAILY_PAGE_ROW_LIMIT : PAGE_ROW_LIMIT;
  const rows = Array.from({ length: Math.min(view.count, limit) }, (_, n) => view.row(n));
  const head = keep.map((k) => `<th>${escapeHtml(view.labels[k.i] ?? k.c)}</th>`).join('');
  const body = rows.map((r) => '<tr>' + keep.map((k) => {
    const kind = columnKind(view.name, k.c);
    const cls = kind === 'money' || kind === 'int' || kind === 'percent' || kind === 'number' ? ' class="n"' : '';
    return `<td${cls}>${escapeHtml(cellText(view.name, k.c, r[k.i]))}</td>`;
  }).join('') + '</tr>').join('');
  const more = view.count > rows.length ? `<p class="note">Showing the first ${rows.length} of ${view.count} rows; the JSON scorecard and the spreadsheet hold them all.</p>` : '';
  return `<table><thead><tr>${head}</tr></thead><tbody>${body || `<tr><td colspan="${keep.length || 1}" class="empty">none</td></tr>`}</tbody></table>${more}`;
}

const CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1b1f24;background:#fff}h1{font-size:20px;margin:0 0 4px}
h2{font-size:16px;margin:24px 0 8px}.meta{color:#57606a;margin-bottom:16px}.warn{background:#fff8c5;border:1px solid #d4a72c;padding:8px;margin:8px 0}
.checks{padding-left:20px}.checks li{margin:2px 0}.checks li.alert b{color:#cf222e}.checks li.warning b{color:#9a6700}.checks li.info b{color:#57606a}
table{border-collapse:collapse;margin:4px 0 12px;font-size:12px}th,td{border:1px solid #d0d7de;padding:3px 6px;text-align:left;vertical-align:top}
th{background:#f6f8fa;position:sticky;top:0}td.n{text-align:right;font-variant-numeric:tabular-nums}td.empty{color:#8c959f}
details{margin:4px 0}summary{cursor:pointer;font-weight:600}figure{margin:8px 0}figcaption{font-weight:600;margin-bottom:4px}
svg{max-width:100%;height:auto;border:1px solid #eaeef2;background:#fcfcfd}.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(360px,1fr));gap:12px}.note{color:#57606a;font-size:12px}`;

export function renderScorecardPage(scorecard: Scorecard, meta: ScorecardMeta): string {
  const views = sectionViews(scorecard);
  const byName = new Map(views.map((v) => [v.name, v]));
  const charts: string[] = [];
  const daily = byName.get('dailybalance');
  if (daily && daily.count) {
    // Days no deposit statement covers have no balance (null): they are left out, never drawn as 0.
    const dates = column(daily, 'date').map(String);
    const totals = column(daily, 'total');
    const known = totals.map((v, i) => ({ v, i })).filter((x) => x.v !== null && x.v !== undefined && x.v !== '');
    if (known.length) charts.push(lineChart('Daily balance (deposit accounts)', known.map((x) => dates[x.i]!), known.map((x) => Number(x.v))));
  }
  const flow = byName.get('monthlycashflow');
  if (flow && flow.count) {
    charts.push(barChart('Monthly cash flow', column(flow, 'month').map(String), [
      { label: 'Credits', values: column(flow, 'credits').map(Number), color: '#2da44e' },
      { label: 'Debits', values: column(flow, 'debits').map(Number), color: '#cf222e' },
    ]));
  }
  const summary = byName.get('combinedsummary');
  if (summary && summary.count) {
    charts.push(barChart('True revenue by month', column(summary, 'month').map(String), [
      { label: 'True revenue', values: column(summary, 'true_credits').map(Number), color: '#1f6feb' },
    ]));
  }
  const metrics = (scorecard.metrics.metricdata as unknown[][]).map((r) => {
    const [label, monthly, annual] = r as [string, number | null, number | null];
    const kind = metricKind(label);
    const f = (v: number | null) => (v === null || v === undefined ? '—' : kind === 'money' ? money(v) : kind === 'percent' ? `${v.toFixed(2)}%` : String(v));
    return `<tr><td>${escapeHtml(label)}</td><td class="n">${escapeHtml(f(monthly))}</td><td class="n">${escapeHtml(f(annual))}</td></tr>`;
  }).join('');
  const warnings = scorecard._metadata.warnings ? `<div class="warn">${escapeHtml(scorecard._metadata.warnings)}</div>` : '';
  const checkList = scorecard.checks ?? [];
  const checks = checkList.length
    ? `<h2>Checks</h2><ul class="checks">${checkList.map((c) => `<li class="${escapeHtml(c.severity)}"><b>${escapeHtml(c.severity)}</b> ${escapeHtml(c.message)}</li>`).join('')}</ul>`
    : '';
  const currency = scorecard.metrics.currency ? ` (${escapeHtml(scorecard.metrics.currency)})` : '';
  const sections = views.map((v) => `<details${v.count && v.count <= 60 ? ' open' : ''}><summary>${escapeHtml(v.name)} (${v.count})</summary>${table(v)}</details>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Scorecard ${escapeHtml(meta.appnumber)}</title><style>${CSS}</style></head>
<body>
<h1>Scorecard: ${escapeHtml(meta.appnumber)}</h1>
<div class="meta">Application ${escapeHtml(meta.appid)} · ${escapeHtml(meta.owner)} · generated ${escapeHtml(meta.generatedAt)}${scorecard._metadata.numFileConversionsInProgress ? ` · ${escapeHtml(scorecard._metadata.numFileConversionsInProgress)} conversion(s) still in progress` : ''}</div>
${warnings}
${checks}
<div class="charts">${charts.join('\n')}</div>
<h2>Metrics${currency}</h2>
<table><thead><tr><th>Metric</th><th>Monthly</th><th>Annual</th></tr></thead><tbody>${metrics}</tbody></table>
<h2>Sections</h2>
${sections}
</body></html>
`;
}
