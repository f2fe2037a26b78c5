import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { JobView } from '../contract/ipc.js';
import { useBridge } from './bridge/context.js';
import { useJobs, useNetwork } from './hooks/useJobs.js';
import { batchBySize, bytesToBase64 } from './data/bytes.js';
import { AppsList } from './components/AppsList.js';
import { AppView } from './components/AppView.js';
import { SettingsView, type Theme } from './components/SettingsView.js';
import { AddFilesDialog } from './components/AddFilesDialog.js';
import { BatchToast } from './components/BatchToast.js';
import { BriefcasePanel } from './components/BriefcasePanel.js';
import type { PendingFile } from './components/FileList.js';

type View = { kind: 'apps' } | { kind: 'app'; appnumber: string } | { kind: 'briefcase' } | { kind: 'settings' };
const BATCH_BYTES = 24 * 1024 * 1024;

export function App({ linkUp }: { linkUp: boolean | null }) {
  const bridge = useBridge();
  const { jobs, merge, drop } = useJobs();
  const network = useNetwork();
  const [view, setView] = useState<View>({ kind: 'apps' });
  const [dragging, setDragging] = useState(false);
  const [dropped, setDropped] = useState<File[] | null>(null);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [appsVersion, setAppsVersion] = useState(0);
  const [theme, setTheme] = useState<Theme>('system');
  const fileInput = useRef<HTMLInputElement>(null);
  const dragDepth = useRef(0);

  const [canPick, setCanPick] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  useEffect(() => {
    bridge.invoke('settings:get', {}).then((s) => { if (s.theme === 'light' || s.theme === 'dark') setTheme(s.theme); }, () => undefined);
    bridge.invoke('core:info', {}).then((i) => setCanPick(i.canPickFiles), () => undefined);
  }, [bridge]);
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);

  // Files can be dropped anywhere on the window.
  useEffect(() => {
    const hasFiles = (e: DragEvent) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
    const enter = (e: DragEvent) => { if (!hasFiles(e)) return; e.preventDefault(); dragDepth.current++; setDragging(true); };
    const over = (e: DragEvent) => { if (!hasFiles(e)) return; e.preventDefault(); e.dataTransfer!.dropEffect = 'copy'; };
    const leave = () => { dragDepth.current = Math.max(0, dragDepth.current - 1); if (!dragDepth.current) setDragging(false); };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      dragDepth.current = 0; setDragging(false);
      const files = Array.from(e.dataTransfer!.files);
      if (files.length) setDropped(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);

  const addFiles = useCallback(async (appnumber: string, create: boolean, files: File[]) => {
    setDropped(null);
    const stamp = Date.now().toString(36);
    const rows: (PendingFile & { file: File })[] = files.map((f, i) => ({ localId: `${stamp}-${i}`, appnumber, name: f.name, size: f.size, file: f }));
    setPending((p) => [...rows.map(({ file: _f, ...r }) => r), ...p]);
    setView({ kind: 'app', appnumber });
    try {
      if (create) await bridge.invoke('apps:create', { appnumber });
    } catch (e) {
      // An existing application of that name is fine; anything else is shown on each row.
      if (!/exist/i.test((e as Error).message)) {
        const msg = (e as Error).message;
        setPending((p) => p.map((r) => (rows.some((x) => x.localId === r.localId) ? { ...r, error: msg } : r)));
        return;
      }
    }
    for (const batch of batchBySize(rows, BATCH_BYTES)) {
      try {
        const payload = await Promise.all(batch.map(async (r) => ({ name: r.name, base64: bytesToBase64(new Uint8Array(await r.file.arrayBuffer())) })));
        const created: JobView[] = await bridge.invoke('files:addBytes', { appnumber, files: payload });
        merge(created);
        setPending((p) => p.filter((r) => !batch.some((b) => b.localId === r.localId)));
      } catch (e) {
        const msg = (e as Error).message;
        setPending((p) => p.map((r) => (batch.some((b) => b.localId === r.localId) ? { ...r, error: msg } : r)));
      }
    }
    setAppsVersion((v) => v + 1);
  }, [bridge, merge]);

  const openApp = view.kind === 'app' ? view.appnumber : null;
  const appJobs = useMemo(() => (openApp ? [...jobs.values()].filter((j) => j.appnumber === openApp) : []), [jobs, openApp]);
  const appPending = useMemo(() => pending.filter((p) => p.appnumber === openApp), [pending, openApp]);
  const waiting = network?.waiting ?? 0;

  return (
    <div className={`shell${dragging ? ' dragging' : ''}`}>
      <a href="#content" className="skip">Skip to content</a>
      <header className="top">
        <h1>Ledgerdrop</h1>
        <nav aria-label="Main">
          <button type="button" aria-current={view.kind === 'apps' ? 'page' : undefined} onClick={() => { setView({ kind: 'apps' }); setAppsVersion((v) => v + 1); }}>Applications</button>
          <button type="button" aria-current={view.kind === 'briefcase' ? 'page' : undefined} onClick={() => setView({ kind: 'briefcase' })}>Briefcase</button>
          <button type="button" aria-current={view.kind === 'settings' ? 'page' : undefined} onClick={() => setView({ kind: 'settings' })}>Settings</button>
        </nav>
        <button type="button" className="primary" onClick={() => {
          // The desktop's native picker gives paths (no copy through the window); the browser uses a file input.
          if (canPick && openApp) {
            setPickError(null);
            bridge.invoke('files:pick', { appnumber: openApp }).then(merge, (e: Error) => setPickError(e.message));
          } else fileInput.current?.click();
        }}>Add files…</button>
        <input ref={fileInput} type="file" multiple hidden aria-label="Choose statement files" data-testid="file-input"
          onChange={(e) => { const f = Array.from(e.target.files ?? []); e.target.value = ''; if (f.length) setDropped(f); }} />
      </header>
      {pickError && <div className="banner banner-bad" role="alert">{pickError}</div>}
      {linkUp === false && <div className="banner banner-bad" role="alert">Lost the connection to the Ledgerdrop core; reconnecting…</div>}
      {network && !network.online && !(waiting === 0 && /^starting/.test(network.detail)) && (
        <div className="banner banner-warn" role="status" data-testid="offline-banner">
          Offline{network.service ? ` (${network.service})` : ''}: {network.detail || 'the service cannot be reached'}. {waiting} file{waiting === 1 ? '' : 's'} waiting; they upload by themselves when the service is back.
        </div>
      )}
      <div id="content" tabIndex={-1}>
        {view.kind === 'apps' && <AppsList refreshKey={appsVersion} onOpen={(a) => setView({ kind: 'app', appnumber: a })} />}
        {view.kind === 'app' && <AppView appnumber={view.appnumber} jobs={appJobs} pending={appPending} network={network} mergeJobs={merge} dropJob={drop} />}
        {view.kind === 'briefcase' && <BriefcasePanel />}
        {view.kind === 'settings' && <SettingsView onTheme={setTheme} />}
      </div>
      <BatchToast system={!window.ledgerdrop} />
      {dragging && <div className="drop-overlay" aria-hidden="true"><p>Drop statements to add them{openApp ? ` to ${openApp}` : ''}</p></div>}
      {dropped && <AddFilesDialog files={dropped} defaultApp={openApp} onCancel={() => setDropped(null)} onConfirm={(a, c) => void addFiles(a, c, dropped)} />}
    </div>
  );
}
