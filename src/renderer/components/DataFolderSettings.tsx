import { useState, type FormEvent } from 'react';
import type { CoreInfo } from '../../contract/ipc.js';
import { useBridge } from '../bridge/context.js';

/**
 * Settings → data folder: shows where the data lives and lets the user choose another location
 * for the next start (a typed absolute path, or the desktop's folder picker). The core checks it
 * (writable; empty, new or already a Ledgerdrop folder) and keeps it; nothing is moved.
 */
export function DataFolderSettings({ info, onChanged }: { info: CoreInfo | null; onChanged: () => void }) {
  const bridge = useBridge();
  const [folder, setFolder] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true); setResult(null);
    try {
      const r = await bridge.invoke('dataFolder:choose', { path: folder });
      setResult({ ok: true, text: r.message });
      onChanged();
    } catch (err) {
      setResult({ ok: false, text: (err as Error).message });
    } finally { setBusy(false); }
  };
  const pick = async () => {
    try {
      const r = await bridge.invoke('dataFolder:pick', {});
      if (r.path) setFolder(r.path);
    } catch (err) { setResult({ ok: false, text: (err as Error).message }); }
  };

  return (
    <section aria-labelledby="data-h" className="box">
      <h3 id="data-h">Data folder</h3>
      <p><code data-testid="data-dir">{info?.dataDir ?? '…'}</code></p>
      <p className="muted">Queue, results and stored files live here.</p>
      {info?.dataDirNext && (
        <p className="warning" role="note" data-testid="data-dir-next">
          From the next start: <code>{info.dataDirNext}</code>. Restart Ledgerdrop to switch; until then this folder stays in use.
        </p>
      )}
      <form aria-label="Move to another data folder" onSubmit={(e) => void choose(e)}>
        <label>New location (full path)
          <input value={folder} onChange={(e) => setFolder(e.target.value)} placeholder="/home/me/Ledgerdrop" spellCheck={false} />
        </label>
        {info?.canPickFolder && <button type="button" onClick={() => void pick()}>Choose folder…</button>}
        <button type="submit" disabled={busy || !folder.trim()}>Use from next start</button>
      </form>
      <p className="muted">
        The folder must be empty (or new), or already a Ledgerdrop data folder. The change takes effect after a restart.
        Nothing is moved or deleted: the data in the current folder stays there (copy it yourself while Ledgerdrop is closed if you want it in the new place).
        Starting with <code>--data DIR</code> or <code>LEDGERDROP_DATA_DIR</code> overrides this choice.
      </p>
      {result && <p className={result.ok ? 'ok' : 'error'} role={result.ok ? 'status' : 'alert'} data-testid="data-dir-result">{result.text}</p>}
      {info && <p className="muted">Ledgerdrop {info.version}</p>}
    </section>
  );
}
