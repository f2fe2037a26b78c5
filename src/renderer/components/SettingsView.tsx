import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ConnectionView, CoreInfo, Product, WatchFolderView } from '../../contract/ipc.js';
import { PRODUCTS } from '../../contract/products.js';
import { useBridge } from '../bridge/context.js';
import { DataFolderSettings } from './DataFolderSettings.js';

export type Theme = 'system' | 'light' | 'dark';

/** Settings: connections (+ test), watched folders, default conversion options, data folder, theme. */
export function SettingsView({ onTheme }: { onTheme: (t: Theme) => void }) {
  const bridge = useBridge();
  const [info, setInfo] = useState<CoreInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loadInfo = useCallback(() => { bridge.invoke('core:info', {}).then(setInfo, (e: Error) => setError(e.message)); }, [bridge]);
  useEffect(loadInfo, [loadInfo]);
  return (
    <main className="page settings" aria-labelledby="settings-h">
      <h2 id="settings-h">Settings</h2>
      {error && <p className="error" role="alert">{error}</p>}
      {info?.secretWarning && <p className="warning" role="note">Passwords are stored without an OS keychain ({info.secretProtection}): anyone with access to your user account can read them.</p>}
      <Connections />
      <WatchFolders />
      <Preferences onTheme={onTheme} />
      <DataFolderSettings info={info} onChanged={loadInfo} />
    </main>
  );
}


function Connections() {
  const bridge = useBridge();
  const [list, setList] = useState<ConnectionView[]>([]);
  const [msg, setMsg] = useState<{ id: string; text: string; ok: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({ name: '', url: '', username: '', password: '', product: PRODUCTS[0] as Product, makeDefault: true });
  const load = useCallback(() => bridge.invoke('connections:list', {}).then(setList, (e: Error) => setError(e.message)), [bridge]);
  useEffect(() => { void load(); }, [load]);
  const run = async (fn: () => Promise<unknown>) => { setError(null); try { await fn(); await load(); } catch (e) { setError((e as Error).message); } };
  const save = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await bridge.invoke('connections:save', { name: form.name, url: form.url, username: form.username, product: form.product, makeDefault: form.makeDefault, ...(form.password ? { password: form.password } : {}) });
      setForm({ ...form, name: '', url: '', username: '', password: '' });
    });
  };
  const test = (id: string) => void run(async () => {
    setMsg({ id, text: 'testing…', ok: true });
    const r = await bridge.invoke('connections:test', { id });
    setMsg({ id, text: r.ok ? 'connection works' : `failed: ${r.error ?? 'unknown error'}`, ok: r.ok });
  });
  return (
    <section aria-labelledby="conn-h" className="box">
      <h3 id="conn-h">Connections</h3>
      <table className="grid" aria-label="Connections">
        <thead><tr><th scope="col">Name</th><th scope="col">Service</th><th scope="col">User / product</th><th scope="col">Default</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
        <tbody>
          {list.map((c) => (
            <tr key={c.id} data-connection={c.id}>
              <td>{c.name}{c.kind === 'embedded' ? <span className="muted"> — embedded, works offline</span> : ''}</td>
              <td>{c.url || '—'}</td>
              <td>{c.kind === 'embedded' ? '—' : `${c.username} / ${c.product}`}</td>
              <td>{c.isDefault ? <span className="chip chip-done">default</span> : <button type="button" onClick={() => void run(() => bridge.invoke('connections:setDefault', { id: c.id }))}>Use</button>}</td>
              <td className="actions">
                <button type="button" onClick={() => test(c.id)} aria-label={`Test connection ${c.name}`}>Test connection</button>
                {c.kind === 'remote' && <button type="button" onClick={() => void run(() => bridge.invoke('connections:remove', { id: c.id }))} aria-label={`Remove ${c.name}`}>Remove</button>}
                {msg?.id === c.id && <span role="status" className={msg.ok ? 'chip chip-done' : 'chip chip-failed'}>{msg.text}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form onSubmit={save} className="inline-grid" aria-label="Add a remote service">
        <label>Name <input required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} /></label>
        <label>Service URL <input required type="url" value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} placeholder="https://team.example" /></label>
        <label>User <input required value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} autoComplete="username" /></label>
        <label>Password <input type="password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} autoComplete="new-password" /></label>
        <label>Product
          <select value={form.product} onChange={(e) => setForm({ ...form, product: e.target.value as Product })}>{PRODUCTS.map((p) => <option key={p}>{p}</option>)}</select>
        </label>
        <label className="check"><input type="checkbox" checked={form.makeDefault} onChange={(e) => setForm({ ...form, makeDefault: e.target.checked })} /> Make default</label>
        <button type="submit">Save connection</button>
      </form>
      {error && <p className="error" role="alert">{error}</p>}
    </section>
  );
}

function WatchFolders() {
  const bridge = useBridge();
  const [list, setList] = useState<WatchFolderView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({ path: '', mode: 'per-application' as 'per-application' | 'application', appnumber: '' });
  const load = useCallback(() => bridge.invoke('watch:list', {}).then(setList, (e: Error) => setError(e.message)), [bridge]);
  useEffect(() => {
    void load();
    return bridge.on('watch:changed', () => void load());
  }, [bridge, load]);
  const add = async (e: FormEvent) => {
    e.preventDefault(); setError(null);
    try {
      await bridge.invoke('watch:add', { path: form.path, mode: form.mode, ...(form.mode === 'application' ? { appnumber: form.appnumber } : {}) });
      setForm({ ...form, path: '' });
      await load();
    } catch (err) { setError((err as Error).message); }
  };
  return (
    <section aria-labelledby="watch-h" className="box">
      <h3 id="watch-h">Watched folders</h3>
      {list.length === 0 ? <p className="muted">No watched folders. Files saved into a watched folder are queued by themselves.</p> : (
        <ul className="plain">
          {list.map((w) => (
            <li key={w.id}>
              <code>{w.path}</code> — {w.mode === 'application' ? `into ${w.appnumber}` : 'one subfolder per application'} {w.active ? <span className="chip chip-done">watching</span> : <span className="chip chip-failed">{w.error ?? 'inactive'}</span>}
              <button type="button" onClick={() => void bridge.invoke('watch:remove', { id: w.id }).then(load, (e: Error) => setError(e.message))} aria-label={`Stop watching ${w.path}`}>Remove</button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="inline-grid" aria-label="Watch a folder">
        <label>Folder path <input required value={form.path} onChange={(e) => setForm({ ...form, path: e.target.value })} placeholder="/home/me/Statements" /></label>
        <label>Files go to
          <select value={form.mode} onChange={(e) => setForm({ ...form, mode: e.target.value as 'per-application' | 'application' })}>
            <option value="per-application">the application named by each subfolder</option><option value="application">one application</option>
          </select>
        </label>
        {form.mode === 'application' && <label>Application <input required value={form.appnumber} onChange={(e) => setForm({ ...form, appnumber: e.target.value })} /></label>}
        <button type="submit">Watch folder</button>
      </form>
      {error && <p className="error" role="alert">{error}</p>}
    </section>
  );
}

function Preferences({ onTheme }: { onTheme: (t: Theme) => void }) {
  const bridge = useBridge();
  const [f, setF] = useState({ accounttype: '', dateOrder: 'us' as 'us' | 'eu', alloweddiff: '0', theme: 'system' as Theme, concurrency: '2' });
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    bridge.invoke('settings:get', {}).then((s) => {
      const d = s.conversionDefaults;
      setF({
        accounttype: d?.accounttype ?? '', dateOrder: d?.dateOrder ?? 'us', alloweddiff: String(d?.alloweddiff ?? 0),
        theme: s.theme ?? 'system', concurrency: String(s.concurrency),
      });
    }, (e: Error) => setError(e.message));
  }, [bridge]);
  const save = async (e: FormEvent) => {
    e.preventDefault(); setError(null); setStatus(null);
    const diff = Number(f.alloweddiff);
    if (f.alloweddiff.trim() === '' || !Number.isFinite(diff) || diff < 0) { setError('Allowed difference must be an amount in dollars, 0 or more.'); return; }
    const conc = Number(f.concurrency);
    if (!Number.isInteger(conc) || conc < 1 || conc > 8) { setError('Uploads at the same time must be a whole number from 1 to 8.'); return; }
    try {
      await bridge.invoke('settings:set', { theme: f.theme, concurrency: conc, conversionDefaults: { accounttype: f.accounttype, dateOrder: f.dateOrder, alloweddiff: diff } });
      onTheme(f.theme);
      setStatus('Saved.');
    } catch (err) { setError((err as Error).message); }
  };
  return (
    <section aria-labelledby="prefs-h" className="box">
      <h3 id="prefs-h">Conversion defaults and appearance</h3>
      <form onSubmit={save} className="inline-grid">
        <label>Account type
          <select value={f.accounttype} onChange={(e) => setF({ ...f, accounttype: e.target.value })}>
            <option value="">detect</option><option value="Checking">Checking</option><option value="Savings">Savings</option><option value="MoneyMarket">Money market</option><option value="Line of Credit">Line of credit</option><option value="CCard">Credit card</option>
          </select>
        </label>
        <label>Date order
          <select value={f.dateOrder} onChange={(e) => setF({ ...f, dateOrder: e.target.value as 'us' | 'eu' })}>
            <option value="us">month/day (US)</option><option value="eu">day/month (EU)</option>
          </select>
        </label>
        <label>Allowed difference when reconciling ($) <input inputMode="decimal" value={f.alloweddiff} onChange={(e) => setF({ ...f, alloweddiff: e.target.value })} /></label>
        <label>Uploads at the same time <input inputMode="numeric" value={f.concurrency} onChange={(e) => setF({ ...f, concurrency: e.target.value })} /></label>
        <label>Theme
          <select value={f.theme} onChange={(e) => setF({ ...f, theme: e.target.value as Theme })}>
            <option value="system">follow the system</option><option value="light">light</option><option value="dark">dark</option>
          </select>
        </label>
        <button type="submit">Save preferences</button>
      </form>
      {status && <p role="status">{status}</p>}
      {error && <p className="error" role="alert">{error}</p>}
    </section>
  );
}
