import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AppSummary } from '../../contract/ipc.js';
import { useBridge } from '../bridge/context.js';

/** Where dropped files go: an existing application (default: the open one) or a new one. */
export function AddFilesDialog({ files, defaultApp, onConfirm, onCancel }: {
  files: File[]; defaultApp: string | null; onConfirm: (appnumber: string, create: boolean) => void; onCancel: () => void;
}) {
  const bridge = useBridge();
  const ref = useRef<HTMLDialogElement>(null);
  const [apps, setApps] = useState<AppSummary[]>([]);
  const [choice, setChoice] = useState<string>(defaultApp ?? '');
  const [newName, setNewName] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
    bridge.invoke('apps:list', {}).then((a) => {
      setApps(a);
      if (!defaultApp && a[0]) setChoice((c) => c || a[0]!.appnumber);
      if (!defaultApp && !a.length) setChoice('__new');
    }, (e: Error) => setError(e.message));
  }, [bridge, defaultApp]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (choice === '__new' || !choice) {
      const name = newName.trim();
      if (!name) { setError('Name the new application.'); return; }
      onConfirm(name, true);
    } else onConfirm(choice, false);
  };
  const total = files.reduce((s, f) => s + f.size, 0);
  return (
    <dialog ref={ref} aria-labelledby="add-h" onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <form onSubmit={submit}>
        <h2 id="add-h">Add {files.length} file{files.length === 1 ? '' : 's'} ({(total / 1048576).toFixed(1)} MB)</h2>
        <label>Application
          <select value={choice} onChange={(e) => setChoice(e.target.value)} autoFocus>
            {defaultApp && !apps.some((a) => a.appnumber === defaultApp) && <option value={defaultApp}>{defaultApp}</option>}
            {apps.map((a) => <option key={a.appnumber} value={a.appnumber}>{a.appnumber}{a.owner ? ` — ${a.owner}` : ''}</option>)}
            <option value="__new">New application…</option>
          </select>
        </label>
        {choice === '__new' && <label>New application name <input value={newName} onChange={(e) => setNewName(e.target.value)} autoFocus /></label>}
        {error && <p className="error" role="alert">{error}</p>}
        <div className="row-between">
          <button type="button" onClick={onCancel}>Cancel</button>
          <button type="submit">Add files</button>
        </div>
      </form>
    </dialog>
  );
}
