import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AppDetail, JobView, NetworkState } from '../../contract/ipc.js';
import type { Scorecard } from '../../contract/api/scorecard.js';
import { useBridge } from '../bridge/context.js';
import { conversionErrors, statementRows } from '../data/statements.js';
import { sectionNames, sectionsByTransaction } from '../data/scorecard.js';
import { emptyFilter, flattenTransactions, type TxnFilter, type TxnRow } from '../data/transactions.js';
import { FileList, type PendingFile } from './FileList.js';
import { StatementsTable } from './StatementsTable.js';
import { ScorecardView, type Drill } from './ScorecardView.js';
import { TransactionsView } from './TransactionsView.js';
import { ExportDialog } from './ExportDialog.js';
import { useResultsVersion } from '../hooks/useJobs.js';

type Tab = 'summary' | 'scorecard' | 'transactions';
const TABS: { id: Tab; label: string }[] = [{ id: 'summary', label: 'Summary' }, { id: 'scorecard', label: 'Scorecard' }, { id: 'transactions', label: 'Transactions' }];

/** One application: statements summary + files, scorecard and transactions tabs, export. */
export function AppView({ appnumber, jobs, pending, network, mergeJobs }: {
  appnumber: string; jobs: JobView[]; pending: PendingFile[]; network: NetworkState | null; mergeJobs: (j: JobView[]) => void;
}) {
  const bridge = useBridge();
  const [tab, setTab] = useState<Tab>('summary');
  const [detail, setDetail] = useState<Pick<AppDetail, 'statements' | 'fileStatus'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [txns, setTxns] = useState<TxnRow[] | null>(null);
  const [scorecard, setScorecard] = useState<Scorecard | null>(null);
  const [filter, setFilter] = useState<TxnFilter>(emptyFilter);
  const [drillLabel, setDrillLabel] = useState<string | null>(null);
  const [exportOpen, setExportOpen] = useState(false);

  // Reload when the core says this application's results changed (or a file finished).
  const doneCount = jobs.filter((j) => j.status === 'done').length;
  const resultsVersion = useResultsVersion(appnumber);
  const version = doneCount * 100_000 + resultsVersion;

  const load = useCallback(async () => {
    try {
      const d = await bridge.invoke('apps:get', { appnumber });
      setDetail({ statements: d.statements, fileStatus: d.fileStatus });
      setError(null);
    } catch (e) { setError((e as Error).message); }
  }, [bridge, appnumber]);
  useEffect(() => { void load(); }, [load, version]);

  useEffect(() => {
    setTxns(null); setScorecard(null); setFilter(emptyFilter); setTab('summary');
  }, [appnumber]);

  useEffect(() => {
    if (tab !== 'transactions') return;
    let live = true;
    Promise.all([bridge.invoke('results:transactions', { appnumber }), bridge.invoke('results:scorecard', { appnumber }).catch(() => null)]).then(
      ([t, s]) => { if (live) { setTxns(flattenTransactions(t)); setScorecard(s); } },
      (e: Error) => live && setError(e.message),
    );
    return () => { live = false; };
  }, [bridge, appnumber, tab, version]);

  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true); setError(null);
    try {
      const d = await bridge.invoke('results:refresh', { appnumber });
      setDetail({ statements: d.statements, fileStatus: d.fileStatus });
    } catch (e) { setError((e as Error).message); } finally { setRefreshing(false); }
  };
  const rows = useMemo(() => statementRows(detail?.fileStatus ?? []), [detail]);
  const convErrors = useMemo(() => conversionErrors(detail?.fileStatus ?? []), [detail]);
  const byId = useMemo(() => sectionsByTransaction(scorecard), [scorecard]);
  const sections = useMemo(() => sectionNames(scorecard), [scorecard]);

  const drill = (d: Drill) => {
    setDrillLabel(d.label);
    setFilter({ ...emptyFilter, ids: d.ids ? new Set(d.ids) : null, month: d.month ?? '' });
    setTab('transactions');
  };

  const onTabKey = (e: React.KeyboardEvent, i: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    setTab(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };

  return (
    <main className="page" aria-labelledby="app-h">
      <div className="row-between">
        <h2 id="app-h">Application {appnumber}</h2>
        <span className="actions">
          <button type="button" disabled={refreshing} onClick={() => void refresh()}>{refreshing ? 'Refreshing…' : 'Refresh results'}</button>
          <button type="button" onClick={() => setExportOpen(true)}>Export watermarked zip…</button>
        </span>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      <div role="tablist" aria-label="Application views" className="tabs">
        {TABS.map((t, i) => (
          <button key={t.id} id={`tab-${t.id}`} role="tab" type="button" aria-selected={tab === t.id} aria-controls={`panel-${t.id}`} tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)} onKeyDown={(e) => onTabKey(e, i)}>{t.label}</button>
        ))}
      </div>
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="panel">
        {tab === 'summary' && (
          <>
            <h3>Statements</h3>
            {detail === null ? <p className="muted">Loading…</p> : <StatementsTable rows={rows} />}
            <FileList appnumber={appnumber} jobs={jobs} pending={pending} network={network} onChanged={mergeJobs} conversionErrors={convErrors} />
          </>
        )}
        {tab === 'scorecard' && <ScorecardView appnumber={appnumber} version={version} onDrill={drill} />}
        {tab === 'transactions' && (txns === null ? <p className="muted">Loading transactions…</p> : (
          <TransactionsView rows={txns} filter={filter} setFilter={setFilter} sectionsById={byId} sectionList={sections} drillLabel={drillLabel} />
        ))}
      </section>
      {exportOpen && <ExportDialog appnumber={appnumber} onClose={() => setExportOpen(false)} />}
    </main>
  );
}
