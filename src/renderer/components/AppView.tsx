import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AppDetail, DealView, JobView, NetworkState } from '../../contract/ipc.js';
import type { DealStatus } from '../../contract/deal.js';
import { DealBar, NotesAudit } from './DealPanel.js';
import { TransactionEditor } from './TransactionEditor.js';
import type { Scorecard } from '../../contract/api/scorecard.js';
import { ChecksPanel } from './ChecksPanel.js';
import { FraudEvidence } from './FraudEvidence.js';
import { useBridge } from '../bridge/context.js';
import { conversionErrors, statementRows } from '../data/statements.js';
import { sectionNames, sectionsByTransaction } from '../data/scorecard.js';
import { emptyFilter, flattenTransactions, type TxnFilter, type TxnRow } from '../data/transactions.js';
import { FileList, type PendingFile } from './FileList.js';
import { StatementsTable } from './StatementsTable.js';
import { TaxFormsTable } from './TaxFormsTable.js';
import { taxFormRows } from '../data/tax-forms.js';
import { ApplicationFormsTable } from './ApplicationFormsTable.js';
import { applicationFormRows } from '../data/application-forms.js';
import { ScorecardView, type Drill } from './ScorecardView.js';
import { TransactionsView } from './TransactionsView.js';
import { ExportDialog } from './ExportDialog.js';
import { useResultsVersion } from '../hooks/useJobs.js';

type Tab = 'summary' | 'scorecard' | 'transactions' | 'notes';
const TABS: { id: Tab; label: string }[] = [
  { id: 'summary', label: 'Summary' }, { id: 'scorecard', label: 'Scorecard' }, { id: 'transactions', label: 'Transactions' }, { id: 'notes', label: 'Notes and audit' },
];

/** One application: statements summary + files, scorecard and transactions tabs, export. */
export function AppView({ appnumber, jobs, pending, network, mergeJobs, dropJob }: {
  appnumber: string; jobs: JobView[]; pending: PendingFile[]; network: NetworkState | null; mergeJobs: (j: JobView[]) => void; dropJob: (id: number) => void;
}) {
  const bridge = useBridge();
  const [tab, setTab] = useState<Tab>('summary');
  const [detail, setDetail] = useState<Pick<AppDetail, 'statements' | 'fileStatus' | 'fileStates'> | null>(null);
  const [canOpenOriginals, setCanOpenOriginals] = useState(false);
  const [canReveal, setCanReveal] = useState(false);
  useEffect(() => { bridge.invoke('core:info', {}).then((i) => { setCanOpenOriginals(i.canOpenOriginals); setCanReveal(i.canReveal); }, () => undefined); }, [bridge]);
  const [xlsx, setXlsx] = useState<{ path: string; fileName: string } | null>(null);
  const exportXlsx = async () => {
    setError(null); setXlsx(null);
    try {
      const r = await bridge.invoke('results:xlsx', { appnumber });
      setXlsx(r);
      if (!canReveal) {
        // A browser has no file manager: the spreadsheet is downloaded from the core's exports.
        const a = document.createElement('a');
        a.href = `/exports/${encodeURIComponent(r.fileName)}`;
        a.download = r.fileName;
        a.click();
      }
    } catch (e) { setError((e as Error).message); }
  };
  const [error, setError] = useState<string | null>(null);
  const [txns, setTxns] = useState<TxnRow[] | null>(null);
  const [scorecard, setScorecard] = useState<Scorecard | null>(null);
  const [filter, setFilter] = useState<TxnFilter>(emptyFilter);
  const [drillLabel, setDrillLabel] = useState<string | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const [deal, setDeal] = useState<DealView | null>(null);
  const [editing, setEditing] = useState<TxnRow | null>(null);

  // Reload when the core says this application's results changed (or a file finished).
  const doneCount = jobs.filter((j) => j.status === 'done').length;
  const resultsVersion = useResultsVersion(appnumber);
  const version = doneCount * 100_000 + resultsVersion;

  const load = useCallback(async () => {
    try {
      const d = await bridge.invoke('apps:get', { appnumber });
      setDetail({ statements: d.statements, fileStatus: d.fileStatus, fileStates: d.fileStates });
      setError(null);
    } catch (e) { setError((e as Error).message); }
  }, [bridge, appnumber]);
  useEffect(() => { void load(); }, [load, version]);
  useEffect(() => {
    let live = true;
    bridge.invoke('deal:get', { appnumber }).then((d) => { if (live) setDeal(d); }, (e: Error) => live && setError(e.message));
    return () => { live = false; };
  }, [bridge, appnumber, version]);
  // Each change answers with the deal as it now is; results:changed then reloads the scorecard.
  const dealAction = async (p: Promise<DealView>) => {
    try { setDeal(await p); setError(null); } catch (e) { setError((e as Error).message); throw e; }
  };
  const setDealFields = (patch: { status?: DealStatus; assignee?: string }) => void dealAction(bridge.invoke('deal:set', { appnumber, ...patch })).catch(() => undefined);
  const excludedMap = useMemo(() => new Map((deal?.excluded ?? []).map((e) => [e.statementid, e.reason])), [deal]);
  const editedIds = useMemo(() => new Set((deal?.transactionEdits ?? []).map((e) => e.id)), [deal]);

  useEffect(() => {
    setTxns(null); setScorecard(null); setFilter(emptyFilter); setTab('summary');
  }, [appnumber]);

  const currencyByAccount = useMemo(() => new Map((detail?.fileStatus ?? []).filter((f) => f.accountNumber && f.currencycode).map((f) => [f.accountNumber!, f.currencycode!])), [detail]);
  // The summary shows the scorecard's checks; the transactions tab its sections per transaction.
  useEffect(() => {
    let live = true;
    bridge.invoke('results:scorecard', { appnumber }).then((s) => { if (live) setScorecard(s); }, (e: Error) => live && setError(e.message));
    return () => { live = false; };
  }, [bridge, appnumber, version]);
  useEffect(() => {
    if (tab !== 'transactions') return;
    let live = true;
    bridge.invoke('results:transactions', { appnumber }).then(
      (t) => { if (live) setTxns(flattenTransactions(t, currencyByAccount)); },
      (e: Error) => live && setError(e.message),
    );
    return () => { live = false; };
  }, [bridge, appnumber, tab, version, currencyByAccount]);

  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true); setError(null);
    try {
      const d = await bridge.invoke('results:refresh', { appnumber });
      setDetail({ statements: d.statements, fileStatus: d.fileStatus, fileStates: d.fileStates });
    } catch (e) { setError((e as Error).message); } finally { setRefreshing(false); }
  };
  const rows = useMemo(() => statementRows(detail?.fileStatus ?? []), [detail]);
  const convErrors = useMemo(() => conversionErrors(detail?.fileStatus ?? []), [detail]);
  const taxForms = useMemo(() => taxFormRows(detail?.fileStatus ?? []), [detail]);
  const appForms = useMemo(() => applicationFormRows(detail?.fileStatus ?? []), [detail]);
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
          <button type="button" onClick={() => void exportXlsx()}>Export scorecard (.xlsx)</button>
          <button type="button" onClick={() => window.print()}>Print</button>
          <button type="button" onClick={() => setExportOpen(true)}>Export watermarked zip…</button>
        </span>
      </div>
      {deal && <DealBar deal={deal} onChange={setDealFields} />}
      {error && <p className="error" role="alert">{error}</p>}
      {xlsx && (
        <p className="muted" role="status" data-testid="xlsx-saved">Scorecard saved as {xlsx.path}
          {canReveal && <> <button type="button" onClick={() => bridge.invoke('export:reveal', { path: xlsx.path }).catch((e: Error) => setError(e.message))}>Show in folder</button></>}
        </p>
      )}
      <div role="tablist" aria-label="Application views" className="tabs">
        {TABS.map((t, i) => (
          <button key={t.id} id={`tab-${t.id}`} role="tab" type="button" aria-selected={tab === t.id} aria-controls={`panel-${t.id}`} tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)} onKeyDown={(e) => onTabKey(e, i)}>{t.label}</button>
        ))}
      </div>
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="panel">
        {tab === 'summary' && (
          <>
            <ChecksPanel checks={scorecard?.checks} />
            <FraudEvidence fileStatus={detail?.fileStatus ?? []} />
            <h3>Statements</h3>
            {detail === null ? <p className="muted">Loading…</p> : (
              <StatementsTable rows={rows} excluded={excludedMap}
                onExclude={(statementid, excluded) => void dealAction(bridge.invoke('statements:exclude', { appnumber, statementid, excluded })).catch(() => undefined)} />
            )}
            <TaxFormsTable rows={taxForms} />
            <ApplicationFormsTable rows={appForms} />
            <FileList appnumber={appnumber} jobs={jobs} pending={pending} network={network} onChanged={mergeJobs} conversionErrors={convErrors}
              fileStates={detail?.fileStates ?? {}} fileStatus={detail?.fileStatus ?? []} canOpenOriginals={canOpenOriginals}
              onRemoved={(id) => { dropJob(id); void load(); }} />
          </>
        )}
        {tab === 'scorecard' && <ScorecardView appnumber={appnumber} version={version} onDrill={drill} />}
        {tab === 'transactions' && (txns === null ? <p className="muted">Loading transactions…</p> : (
          <TransactionsView rows={txns} filter={filter} setFilter={setFilter} sectionsById={byId} sectionList={sections} drillLabel={drillLabel}
            edited={editedIds} onEdit={deal ? setEditing : undefined} />
        ))}
        {tab === 'notes' && (deal === null ? <p className="muted">Loading…</p> : (
          <NotesAudit deal={deal} onAddNote={(body) => dealAction(bridge.invoke('deal:addNote', { appnumber, body }))} />
        ))}
      </section>
      {editing && deal && (
        <TransactionEditor t={editing} categories={deal.categories} edit={deal.transactionEdits.find((e) => e.id === editing.id)}
          onSave={(change) => dealAction(bridge.invoke('transactions:edit', { appnumber, id: editing.id, ...change }))} onClose={() => setEditing(null)} />
      )}
      {exportOpen && <ExportDialog appnumber={appnumber} onClose={() => setExportOpen(false)} />}
    </main>
  );
}
