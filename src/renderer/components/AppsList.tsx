import { useEffect, useState, type FormEvent } from 'react';
import type { AppSummary } from '../../contract/ipc.js';
import { useBridge } from '../bridge/context.js';
import { when } from '../data/format.js';
import { APP_SORTS, DEAL_STATUS_TITLES, DEAL_STATUSES, type AppSort, type DealStatus } from '../../contract/deal.js';
import { ConfirmDialog } from './ConfirmDialog.js';

const SORT_TITLES: Record<AppSort, string> = { activity: 'Last activity', created: 'Newest first', appnumber: 'Application', status: 'Deal status', assignee: 'Assignee' };

/** Files by state, as the list shows them: never "done" for a file that failed. */
const FILE_STATES: [keyof AppSummary['fileStates'], string, string][] = [
  ['converted', 'converted', 'chip-done'], ['unreconciled', 'not reconciled', 'chip-warn'], ['failed', 'failed', 'chip-failed'],
  ['in_progress', 'in progress', 'chip-converting'], ['cancelled', 'cancelled', ''],
];

/** Applications: search, sort and filter by deal status and assignee, create, open, delete. */
export function AppsList({ onOpen, refreshKey }: { onOpen: (appnumber: string) => void; refreshKey: number }) {
  const bridge = useBridge();
  const [search, setSearch] = useState('');
  const [apps, setApps] = useState<AppSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newApp, setNewApp] = useState('');
  const [owner, setOwner] = useState('');
  const [sort, setSort] = useState<AppSort>('activity');
  const [status, setStatus] = useState<DealStatus | ''>('');
  const [assignee, setAssignee] = useState('');
  const [deleting, setDeleting] = useState<AppSummary | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      bridge.invoke('apps:list', { sort, ...(search ? { search } : {}), ...(status ? { status } : {}), ...(assignee.trim() ? { assignee: assignee.trim() } : {}) }).then(
        (a) => { if (live) { setApps(a); setError(null); } },
        (e: Error) => live && setError(e.message),
      );
    }, 120);
    return () => { live = false; clearTimeout(t); };
  }, [bridge, search, sort, status, assignee, refreshKey, version]);

  const remove = async (a: AppSummary) => {
    setDeleting(null); setError(null);
    try {
      const r = await bridge.invoke('apps:delete', { appnumber: a.appnumber });
      setDeleted(`Deleted ${a.appnumber}: ${r.deletedStatements} statement${r.deletedStatements === 1 ? '' : 's'} deleted on the service, ${r.deletedFiles} file${r.deletedFiles === 1 ? '' : 's'} removed from this computer.`);
      setVersion((v) => v + 1);
    } catch (err) { setError((err as Error).message); }
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const appnumber = newApp.trim();
    if (!appnumber) { setError('Give the application a name or number.'); return; }
    try {
      await bridge.invoke('apps:create', owner.trim() ? { appnumber, owner: owner.trim() } : { appnumber });
      setNewApp(''); setOwner('');
      onOpen(appnumber);
    } catch (err) { setError((err as Error).message); }
  };

  return (
    <main className="page" aria-labelledby="apps-h">
      <h2 id="apps-h">Applications</h2>
      <div className="toolbar">
        <label>Search <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="number, owner or assignee" /></label>
        <label>Status
          <select value={status} onChange={(e) => setStatus(e.target.value as DealStatus | '')} aria-label="Filter by deal status">
            <option value="">all</option>
            {DEAL_STATUSES.map((s) => <option key={s} value={s}>{DEAL_STATUS_TITLES[s]}</option>)}
          </select>
        </label>
        <label>Assignee <input value={assignee} onChange={(e) => setAssignee(e.target.value)} placeholder="anyone" size={10} aria-label="Filter by assignee" /></label>
        <label>Sort by
          <select value={sort} onChange={(e) => setSort(e.target.value as AppSort)} aria-label="Sort applications by">
            {APP_SORTS.map((s) => <option key={s} value={s}>{SORT_TITLES[s]}</option>)}
          </select>
        </label>
        <form onSubmit={create} className="inline-form" aria-label="Create application">
          <label>New application <input value={newApp} onChange={(e) => setNewApp(e.target.value)} placeholder="e.g. ACME-2026-11" /></label>
          <label>Owner <input value={owner} onChange={(e) => setOwner(e.target.value)} /></label>
          <button type="submit">Create</button>
        </form>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {deleted && <p className="muted" role="status" data-testid="app-deleted">{deleted}</p>}
      {apps === null ? <p className="muted">Loading…</p> : apps.length === 0 ? <p className="muted">No applications{search ? ' match' : ' yet: create one, or drop statements on the window'}.</p> : (
        <table className="grid">
          <thead><tr><th scope="col">Application</th><th scope="col">Owner</th><th scope="col">Status</th><th scope="col">Assignee</th><th scope="col">Statements</th><th scope="col">Reconciled</th><th scope="col">Files</th><th scope="col">Last activity</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {apps.map((a) => (
              <tr key={a.appnumber} data-app={a.appnumber}>
                <td>{a.appnumber}</td>
                <td>{a.owner || '—'}</td>
                <td data-col="status"><span className={`chip deal-${a.dealStatus}`}>{DEAL_STATUS_TITLES[a.dealStatus]}</span></td>
                <td data-col="assignee">{a.assignee || '—'}</td>
                <td className="num" data-col="statements">{a.totalstatements}</td>
                <td className="num">{a.totalstatements_reconciled}</td>
                <td data-col="files">{FILE_STATES.filter(([k]) => a.fileStates[k] > 0).map(([k, label, cls]) => <span key={k} className={`chip ${cls}`} data-count={k}>{a.fileStates[k]} {label}</span>)}</td>
                <td>{when(a.lastActivity)}</td>
                <td className="actions">
                  <button type="button" onClick={() => onOpen(a.appnumber)} aria-label={`Open ${a.appnumber}`}>Open</button>
                  <button type="button" onClick={() => setDeleting(a)} aria-label={`Delete ${a.appnumber}`}>Delete</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.appnumber}?`}
          body={`Its ${deleting.totalstatements} statement${deleting.totalstatements === 1 ? ' is' : 's are'} deleted on the service (the service keeps an empty application record: its API cannot delete one). Here, its files, results, notes, edits and audit trail are deleted. This cannot be undone.`}
          confirm="Delete application"
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </main>
  );
}
