import { useEffect, useState, type FormEvent } from 'react';
import type { AppSummary } from '../../contract/ipc.js';
import { useBridge } from '../bridge/context.js';
import { when } from '../data/format.js';

/** Files by state, as the list shows them: never "done" for a file that failed. */
const FILE_STATES: [keyof AppSummary['fileStates'], string, string][] = [
  ['converted', 'converted', 'chip-done'], ['unreconciled', 'not reconciled', 'chip-warn'], ['failed', 'failed', 'chip-failed'],
  ['in_progress', 'in progress', 'chip-converting'], ['cancelled', 'cancelled', ''],
];

/** Applications: search, create, open. */
export function AppsList({ onOpen, refreshKey }: { onOpen: (appnumber: string) => void; refreshKey: number }) {
  const bridge = useBridge();
  const [search, setSearch] = useState('');
  const [apps, setApps] = useState<AppSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newApp, setNewApp] = useState('');
  const [owner, setOwner] = useState('');

  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      bridge.invoke('apps:list', search ? { search } : {}).then(
        (a) => { if (live) { setApps(a); setError(null); } },
        (e: Error) => live && setError(e.message),
      );
    }, 120);
    return () => { live = false; clearTimeout(t); };
  }, [bridge, search, refreshKey]);

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
        <label>Search <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="name, number or owner" /></label>
        <form onSubmit={create} className="inline-form" aria-label="Create application">
          <label>New application <input value={newApp} onChange={(e) => setNewApp(e.target.value)} placeholder="e.g. ACME-2026-11" /></label>
          <label>Owner <input value={owner} onChange={(e) => setOwner(e.target.value)} /></label>
          <button type="submit">Create</button>
        </form>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {apps === null ? <p className="muted">Loading…</p> : apps.length === 0 ? <p className="muted">No applications{search ? ' match' : ' yet: create one, or drop statements on the window'}.</p> : (
        <table className="grid">
          <thead><tr><th scope="col">Application</th><th scope="col">Owner</th><th scope="col">Statements</th><th scope="col">Reconciled</th><th scope="col">Files</th><th scope="col">Last activity</th><th scope="col"><span className="sr-only">Open</span></th></tr></thead>
          <tbody>
            {apps.map((a) => (
              <tr key={a.appnumber} data-app={a.appnumber}>
                <td>{a.appnumber}</td>
                <td>{a.owner || '—'}</td>
                <td className="num">{a.totalstatements}</td>
                <td className="num">{a.totalstatements_reconciled}</td>
                <td data-col="files">{FILE_STATES.filter(([k]) => a.fileStates[k] > 0).map(([k, label, cls]) => <span key={k} className={`chip ${cls}`} data-count={k}>{a.fileStates[k]} {label}</span>)}</td>
                <td>{when(a.lastActivity)}</td>
                <td><button type="button" onClick={() => onOpen(a.appnumber)} aria-label={`Open ${a.appnumber}`}>Open</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
