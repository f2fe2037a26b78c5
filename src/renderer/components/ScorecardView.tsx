import { useEffect, useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useBridge } from '../bridge/context.js';
import { allMetrics, chartSeries, metricCards, scorecardSection, sectionNames, sectionTable } from '../data/scorecard.js';
import type { Scorecard } from '../../contract/api/scorecard.js';
import { dollars, isRecord, str } from '../data/format.js';

export interface Drill { label: string; ids?: number[]; month?: string }

const CHART_H = 220;
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const compactDollars = (v: number) => `$${compact.format(v)}`;
const tooltipDollars = (v: unknown) => dollars(v);
/** Monthly charts plot months only (sections may end with an "Average" row). */
const isMonth = (p: Record<string, unknown>) => /^\d{4}-\d{2}/.test(String(p.x));

/** Scorecard: metric cards, charts, and a navigator over every section; rows and bars drill into transactions. */
export function ScorecardView({ appnumber, version, onDrill }: { appnumber: string; version: number; onDrill: (d: Drill) => void }) {
  const bridge = useBridge();
  const [card, setCard] = useState<Scorecard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [section, setSection] = useState<string>('');

  useEffect(() => {
    let live = true;
    bridge.invoke('results:scorecard', { appnumber }).then((s) => { if (live) { setCard(s); setError(null); } }, (e: Error) => live && setError(e.message));
    return () => { live = false; };
  }, [bridge, appnumber, version]);

  const names = useMemo(() => sectionNames(card), [card]);
  const tables = useMemo(() => {
    const table = (name: string) => sectionTable(name, scorecardSection(card, name));
    return { daily: table('dailybalance'), cashflow: table('monthlycashflow'), truerev: table('truerev12mo') ?? table('truerev6mo') };
  }, [card]);
  const daily = useMemo(() => {
    const total = chartSeries(tables.daily, /date|day/i, [{ key: 'balance', match: /^total$/i }]);
    return total.length ? total : chartSeries(tables.daily, /date|day/i, [{ key: 'balance', match: /balance/i }]);
  }, [tables]);
  const cashflow = useMemo(() => chartSeries(tables.cashflow, /month|period/i, [{ key: 'credits', match: /credit|deposit|inflow/i }, { key: 'debits', match: /debit|withdraw|outflow/i }]).filter(isMonth), [tables]);
  const truerev = useMemo(() => chartSeries(tables.truerev, /month|period/i, [{ key: 'truerev', match: /^true.?rev/i }]).filter(isMonth), [tables]);
  const selected = useMemo(() => (section ? sectionTable(section, scorecardSection(card, section)) : null), [card, section]);

  if (error) return <p className="error" role="alert">Scorecard: {error}</p>;
  if (card === null) return <p className="muted">Loading scorecard…</p>;
  const meta = card._metadata;
  const cards = metricCards(card, dollars);

  const monthDrill = (p: unknown, what: string) => {
    const d = isRecord(p) && isRecord(p.payload) ? p.payload : isRecord(p) ? p : null;
    if (!d) return;
    const ids = Array.isArray(d.ids) ? (d.ids as number[]) : [];
    const label = `${what} ${str(d.x)}`;
    onDrill(ids.length ? { label, ids } : { label, month: str(d.x).slice(0, 7) });
  };

  return (
    <div className="scorecard">
      {meta.warnings && <p className="warning" role="note">{meta.warnings}</p>}
      {meta.numFileConversionsInProgress > 0 && <p className="muted">{meta.numFileConversionsInProgress} file(s) still converting: figures will change.</p>}
      <ul className="cards" aria-label="Metrics">
        {cards.map((c) => (
          <li key={c.key} className="card" data-metric={c.key}><span className="card-label">{c.label}</span><span className="card-value">{c.value}</span>{c.detail && <span className="card-label card-detail">{c.detail}</span>}</li>
        ))}
      </ul>
      <details className="all-metrics">
        <summary>All metrics</summary>
        <table className="grid" aria-label="All metrics">
          <thead><tr><th scope="col">Metric</th><th scope="col" className="num">Monthly</th><th scope="col" className="num">Annual / whole period</th></tr></thead>
          <tbody>{allMetrics(card, dollars).map((m) => <tr key={m.name}><td>{m.name}</td><td className="num">{m.monthly}</td><td className="num">{m.annual}</td></tr>)}</tbody>
        </table>
        <p className="muted">As the service reports them: for counts (negative days, NSF) “annual” is the monthly average × 12; the cards above show what was observed.</p>
      </details>
      <div className="charts">
        <figure className="chart" data-chart="dailybalance">
          <figcaption>Daily balance</figcaption>
          {daily.length ? (
            <ResponsiveContainer width="100%" height={CHART_H}>
              <LineChart data={daily}><CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="x" minTickGap={24} /><YAxis width={64} tickFormatter={compactDollars} /><Tooltip formatter={tooltipDollars} /><Line type="monotone" dataKey="balance" dot={false} stroke="var(--accent)" isAnimationActive={false} /></LineChart>
            </ResponsiveContainer>
          ) : <p className="muted">No daily balances.</p>}
        </figure>
        <figure className="chart" data-chart="monthlycashflow">
          <figcaption>Monthly cash flow</figcaption>
          {cashflow.length ? (
            <ResponsiveContainer width="100%" height={CHART_H}>
              <BarChart data={cashflow}><CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="x" /><YAxis width={64} tickFormatter={compactDollars} /><Tooltip formatter={tooltipDollars} /><Legend />
                <Bar dataKey="credits" fill="var(--good)" isAnimationActive={false} onClick={(p) => monthDrill(p, 'Credits')} cursor="pointer" />
                <Bar dataKey="debits" fill="var(--bad)" isAnimationActive={false} onClick={(p) => monthDrill(p, 'Debits')} cursor="pointer" />
              </BarChart>
            </ResponsiveContainer>
          ) : <p className="muted">No monthly cash flow.</p>}
        </figure>
        <figure className="chart" data-chart="truerev">
          <figcaption>True revenue</figcaption>
          {truerev.length ? (
            <ResponsiveContainer width="100%" height={CHART_H}>
              <BarChart data={truerev}><CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="x" /><YAxis width={64} tickFormatter={compactDollars} /><Tooltip formatter={tooltipDollars} />
                <Bar dataKey="truerev" name="true revenue" fill="var(--accent)" isAnimationActive={false} onClick={(p) => monthDrill(p, 'True revenue')} cursor="pointer" />
              </BarChart>
            </ResponsiveContainer>
          ) : <p className="muted">No true revenue figures.</p>}
        </figure>
      </div>
      <div className="sections">
        <nav aria-label="Scorecard sections" className="section-nav">
          <ul>
            {names.map((n) => (
              <li key={n}><button type="button" aria-current={n === section ? 'true' : undefined} onClick={() => setSection(n)}>{n}</button></li>
            ))}
          </ul>
        </nav>
        <div className="section-body">
          {!selected ? <p className="muted">Choose a section to see its table.</p> : (
            <>
              <h4>{selected.name}</h4>
              {selected.labels.length > 0 && <p className="muted">{selected.labels.join(' · ')}</p>}
              {selected.rows.length === 0 ? <p className="muted">Empty section.</p> : (
                <div className="scroll-x">
                  <table className="grid" aria-label={`Section ${selected.name}`}>
                    <thead><tr>{selected.columns.map((c) => <th key={c} scope="col">{c}</th>)}<th scope="col"><span className="sr-only">Transactions</span></th></tr></thead>
                    <tbody>
                      {selected.rows.slice(0, 2000).map((r, i) => (
                        <tr key={i}>
                          {r.cells.map((c, j) => <td key={j}>{c}</td>)}
                          <td>{r.ids.length > 0 && <button type="button" onClick={() => onDrill({ label: `${selected.name}: ${r.cells[0] ?? ''}`, ids: r.ids })}>{r.ids.length} transaction{r.ids.length > 1 ? 's' : ''}</button>}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
