import { useEffect, useMemo, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Scorecard } from '../../contract/api/scorecard.js';
import { SECTION_GROUP_TITLES, SECTION_GROUPS, sectionWords } from '../../contract/api/scorecard-vocabulary.js';
import { useBridge } from '../bridge/context.js';
import { allMetrics, chartSeries, metricCards, scorecardSection, sectionNames, sectionTable, type SectionTable } from '../data/scorecard.js';
import { localDay, money } from '../data/format.js';
import { ChecksPanel } from './ChecksPanel.js';

export interface Drill { label: string; ids?: number[]; month?: string }

const CHART_H = 220;
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** Monthly charts plot months only (sections may end with a "Total" or "Average" row). */
const isMonth = (p: Record<string, unknown>) => /^\d{4}-\d{2}/.test(String(p.x));
const ROW_H = 33;

/** Scorecard: checks, metric cards in the application's currency, charts, and the sections by group; rows and bars drill into transactions. */
export function ScorecardView({ appnumber, version, onDrill }: { appnumber: string; version: number; onDrill: (d: Drill) => void }) {
  const bridge = useBridge();
  const [card, setCard] = useState<Scorecard | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [section, setSection] = useState<string>('');

  useEffect(() => {
    let live = true;
    bridge.invoke('results:scorecard', { appnumber }).then((s) => { if (live) { setCard(s); setError(null); } }, (e: Error) => live && setError(e.message));
    return () => { live = false; };
  }, [bridge, appnumber, version]);

  const currency = card?.metrics.currency ?? card?.metrics.period?.currency ?? 'USD';
  const fmt = (v: unknown) => money(v, currency);
  const names = useMemo(() => sectionNames(card ?? null), [card]);
  const tables = useMemo(() => new Map(names.map((n) => [n, sectionTable(n, scorecardSection(card ?? null, n), currency)] as const)), [card, names, currency]);
  const daily = useMemo(() => chartSeries(tables.get('dailybalance') ?? null, /date|day/i, [{ key: 'balance', match: /^total$/i }], currency), [tables, currency]);
  const cashflow = useMemo(() => chartSeries(tables.get('monthlycashflow') ?? null, /month|period/i, [{ key: 'credits', match: /credit|deposit|inflow/i }, { key: 'debits', match: /debit|withdraw|outflow/i }], currency).filter(isMonth), [tables, currency]);
  const truerev = useMemo(() => chartSeries(tables.get('truerev12mo') ?? tables.get('truerev6mo') ?? null, /month|period/i, [{ key: 'truerev', match: /^true.?rev/i }], currency).filter(isMonth), [tables, currency]);
  const grouped = useMemo(() => SECTION_GROUPS.map((g) => ({
    group: g,
    items: names.filter((n) => sectionWords(n).group === g && (tables.get(n)?.rows.length ?? 0) > 0),
  })).filter((g) => g.items.length), [names, tables]);
  const empty = useMemo(() => names.filter((n) => !(tables.get(n)?.rows.length)), [names, tables]);

  if (error) return <p className="error" role="alert">Scorecard: {error}</p>;
  if (card === undefined) return <p className="muted">Loading scorecard…</p>;
  if (card === null) return <p className="muted">No scorecard yet: it is made when the first statements are converted.</p>;
  const meta = card._metadata;
  const cards = metricCards(card, fmt);
  const period = card.metrics.period;
  const others = (card.metrics.by_currency ?? []).filter((b) => b.currency !== currency);
  const selected = section ? tables.get(section) ?? null : null;

  const monthDrill = (p: unknown, what: string, key: 'credit_ids' | 'debit_ids' | 'ids') => {
    const d = (p && typeof p === 'object' && 'payload' in p ? (p as { payload: Record<string, unknown> }).payload : p) as Record<string, unknown> | null;
    if (!d) return;
    const ids = Array.isArray(d[key]) ? (d[key] as number[]) : Array.isArray(d.ids) ? (d.ids as number[]) : [];
    const label = `${what} ${localDay(String(d.x))}`;
    onDrill(ids.length ? { label, ids } : { label, month: String(d.x).slice(0, 7) });
  };
  /**
   * A bar the keyboard reaches: focusable, named ("Debits Jan 2025: $16,735.00, show the
   * transactions"), Enter or Space drills in as a click does.
   */
  const keyBar = (what: string, key: 'credit_ids' | 'debit_ids' | 'ids', valueKey: string) => function KeyBar(props: unknown) {
    const p = props as { x: number; y: number; width: number; height: number; fill: string; payload: Record<string, unknown> };
    const y = p.height < 0 ? p.y + p.height : p.y;
    return (
      <rect x={p.x} y={y} width={p.width} height={Math.abs(p.height)} fill={p.fill} className="key-bar" tabIndex={0} role="button"
        aria-label={`${what} ${localDay(String(p.payload.x))}: ${fmt(p.payload[valueKey])}, show the transactions`}
        onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); monthDrill(p.payload, what, key); } }} />
    );
  };

  return (
    <div className="scorecard">
      <ChecksPanel checks={card.checks} folded />
      {meta.warnings && <p className="warning" role="note">{meta.warnings}</p>}
      {meta.numFileConversionsInProgress > 0 && <p className="muted">{meta.numFileConversionsInProgress} file(s) still converting: figures will change.</p>}
      {period && (
        <p className="period muted" data-testid="period">
          Figures in {currency} over {period.months} statement month{period.months === 1 ? '' : 's'} ({period.month_list.map(localDay).join(', ')})
          {period.first_balance_day && period.last_balance_day ? `; balances over ${period.balance_days} days, ${localDay(period.first_balance_day)} – ${localDay(period.last_balance_day)}` : ''}.
        </p>
      )}
      <ul className="cards" aria-label="Metrics">
        {cards.map((c) => (
          <li key={c.key} className="card" data-metric={c.key}><span className="card-label">{c.label}</span><span className="card-value">{c.value}</span>{c.detail && <span className="card-label card-detail">{c.detail}</span>}</li>
        ))}
      </ul>
      {others.map((b) => (
        <details key={b.currency} className="other-currency" data-currency={b.currency}>
          <summary>{b.currency} statements, kept apart ({b.months} month{b.months === 1 ? '' : 's'}: {b.month_list.map(localDay).join(', ')})
            {(() => { const tr = b.metricdata.find((m) => /^true\s*rev/i.test(m[0])); return tr && tr[1] !== null ? `: true revenue ${money(tr[1], b.currency)} a month` : ''; })()}</summary>
          <table className="grid" aria-label={`Metrics in ${b.currency}`}>
            <thead><tr><th scope="col">Metric</th><th scope="col" className="num">Monthly</th><th scope="col" className="num">Whole period</th></tr></thead>
            <tbody>{allMetrics({ ...card, metrics: { metricdata: b.metricdata } }, (v) => money(v, b.currency)).map((m) => <tr key={m.name}><td>{m.name}</td><td className="num">{m.monthly}</td><td className="num">{m.annual}</td></tr>)}</tbody>
          </table>
        </details>
      ))}
      <details className="all-metrics">
        <summary>All metrics</summary>
        <table className="grid" aria-label="All metrics">
          <thead><tr><th scope="col">Metric</th><th scope="col" className="num">Monthly</th><th scope="col" className="num">Annual / whole period</th></tr></thead>
          <tbody>{allMetrics(card, fmt).map((m) => <tr key={m.name}><td>{m.name}</td><td className="num">{m.monthly}</td><td className="num">{m.annual}</td></tr>)}</tbody>
        </table>
        <p className="muted">As the service reports them: for counts (negative days, NSF) “annual” is the monthly average × 12; the cards above show what was observed.</p>
      </details>
      <div className="charts">
        <figure className="chart" data-chart="dailybalance">
          <figcaption>Daily balance, all accounts ({currency})</figcaption>
          {daily.length ? (
            <ResponsiveContainer width="100%" height={CHART_H}>
              <LineChart data={daily}><CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="x" minTickGap={24} tickFormatter={localDay} /><YAxis width={64} tickFormatter={(v: number) => compact.format(v)} /><Tooltip formatter={fmt} labelFormatter={(l) => localDay(String(l))} /><Line type="monotone" dataKey="balance" dot={false} stroke="var(--accent)" isAnimationActive={false} /></LineChart>
            </ResponsiveContainer>
          ) : <p className="muted">No daily balances.</p>}
        </figure>
        <figure className="chart" data-chart="monthlycashflow">
          <figcaption>Monthly cash flow ({currency})</figcaption>
          {cashflow.length ? (
            <ResponsiveContainer width="100%" height={CHART_H}>
              <BarChart data={cashflow}><CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="x" tickFormatter={localDay} /><YAxis width={64} tickFormatter={(v: number) => compact.format(v)} /><Tooltip formatter={fmt} labelFormatter={(l) => localDay(String(l))} /><Legend />
                <Bar dataKey="credits" fill="var(--good)" isAnimationActive={false} onClick={(p) => monthDrill(p, 'Credits', 'credit_ids')} cursor="pointer" shape={keyBar('Credits', 'credit_ids', 'credits')} />
                <Bar dataKey="debits" fill="var(--bad)" isAnimationActive={false} onClick={(p) => monthDrill(p, 'Debits', 'debit_ids')} cursor="pointer" shape={keyBar('Debits', 'debit_ids', 'debits')} />
              </BarChart>
            </ResponsiveContainer>
          ) : <p className="muted">No monthly cash flow.</p>}
        </figure>
        <figure className="chart" data-chart="truerev">
          <figcaption>True revenue by month ({currency})</figcaption>
          {truerev.length ? (
            <ResponsiveContainer width="100%" height={CHART_H}>
              <BarChart data={truerev}><CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="x" tickFormatter={localDay} /><YAxis width={64} tickFormatter={(v: number) => compact.format(v)} /><Tooltip formatter={fmt} labelFormatter={(l) => localDay(String(l))} />
                <Bar dataKey="truerev" name="true revenue" fill="var(--accent)" isAnimationActive={false} onClick={(p) => monthDrill(p, 'True revenue', 'ids')} cursor="pointer" shape={keyBar('True revenue', 'ids', 'truerev')} />
              </BarChart>
            </ResponsiveContainer>
          ) : <p className="muted">No true revenue figures.</p>}
        </figure>
      </div>
      <div className="sections">
        <nav aria-label="Scorecard sections" className="section-nav">
          <ul>
            {grouped.map((g) => (
              <li key={g.group}>
                <div className="section-group" id={`grp-${g.group}`}>{SECTION_GROUP_TITLES[g.group]}</div>
                <ul aria-labelledby={`grp-${g.group}`}>
                  {g.items.map((n) => (
                    <li key={n}><button type="button" data-section={n} aria-current={n === section ? 'true' : undefined} title={sectionWords(n).description} onClick={() => setSection(n)}>
                      {sectionWords(n).title}<span className="count">{tables.get(n)?.rows.length}</span>
                    </button></li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {empty.length > 0 && (
            <details className="empty-sections" data-testid="empty-sections">
              <summary>{empty.length} empty section{empty.length === 1 ? '' : 's'}</summary>
              <p>{empty.map((n) => sectionWords(n).title).join(', ')}</p>
            </details>
          )}
        </nav>
        <div className="section-body">
          {!selected ? <p className="muted">Choose a section to see its table.</p> : (
            <SectionBody table={selected} onDrill={onDrill} />
          )}
        </div>
      </div>
    </div>
  );
}

/** One section: title, what it holds, and every row (virtualized: a section may list 100,000 transactions). */
function SectionBody({ table, onDrill }: { table: SectionTable; onDrill: (d: Drill) => void }) {
  const words = sectionWords(table.name);
  const scroller = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({ count: table.rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_H, overscan: 20 });
  const items = v.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = v.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <>
      <h4>{words.title}</h4>
      {words.description && <p className="muted section-desc">{words.description}</p>}
      <div className="scroll-x" ref={scroller}>
        <table className="grid" aria-label={`Section ${words.title}`} data-section={table.name} data-rows={table.rows.length}>
          <thead><tr>{table.columns.map((c, j) => <th key={c} scope="col" className={table.numeric[j] ? 'num' : undefined}>{c}</th>)}<th scope="col"><span className="sr-only">Transactions</span></th></tr></thead>
          <tbody>
            {top > 0 && <tr aria-hidden="true"><td style={{ height: top, padding: 0, border: 'none' }} colSpan={table.columns.length + 1} /></tr>}
            {items.map((it) => {
              const r = table.rows[it.index]!;
              return (
                <tr key={it.index} data-index={it.index}>
                  {r.cells.map((c, j) => <td key={j} className={table.numeric[j] ? 'num' : undefined}>{c}</td>)}
                  <td className="row-drills">
                    {r.ids.length > 0 && <button type="button" onClick={() => onDrill({ label: `${words.title}: ${r.cells[0] ?? ''}`, ids: r.ids })}>{r.ids.length} transaction{r.ids.length > 1 ? 's' : ''}</button>}
                    {/* The keyboard's way to the chart bars' drill-downs: credits or debits alone. */}
                    {(r.idLists.credit_ids?.length ?? 0) > 0 && <button type="button" onClick={() => onDrill({ label: `Credits ${r.cells[0] ?? ''}`, ids: r.idLists.credit_ids! })}>credits</button>}
                    {(r.idLists.debit_ids?.length ?? 0) > 0 && <button type="button" onClick={() => onDrill({ label: `Debits ${r.cells[0] ?? ''}`, ids: r.idLists.debit_ids! })}>debits</button>}
                  </td>
                </tr>
              );
            })}
            {bottom > 0 && <tr aria-hidden="true"><td style={{ height: bottom, padding: 0, border: 'none' }} colSpan={table.columns.length + 1} /></tr>}
          </tbody>
        </table>
      </div>
    </>
  );
}
