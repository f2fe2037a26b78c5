import { useEffect, useState, type FormEvent } from 'react';
import { invokeChannels, type InvokeChannel } from '../../shared/ipc.js';
import { useBridge } from '../bridge/context.js';
import { isRecord, str } from '../data/format.js';

export type Theme = 'system' | 'light' | 'dark';
const TEST_CHANNEL = 'settings:testConnection';

interface Form {
  mode: 'local' | 'remote';
  url: string; user: string; password: string; product: string;
  watchedFolders: string;
  accounttype: string; dateOrder: 'us' | 'eu'; alloweddiff: string;
  dataDir: string;
  theme: Theme;
}

function fromSettings(s: Record<string, unknown>): Form {
  const c = isRecord(s.connection) ? s.connection : {};
  const d = isRecord(s.defaults) ? s.defaults : {};
  return {
    mode: c.mode === 'remote' ? 'remote' : 'local',
    url: str(c.url), user: str(c.user), password: str(c.password), product: str(c.product) || 'pdfinsightstp',
    watchedFolders: Array.isArray(s.watchedFolders) ? s.watchedFolders.map(String).join('\n') : '',
    accounttype: str(d.accounttype), dateOrder: d.dateOrder === 'eu' ? 'eu' : 'us', alloweddiff: d.alloweddiff === undefined ? '0' : str(d.alloweddiff),
    dataDir: str(s.dataDir),
    theme: s.theme === 'light' || s.theme === 'dark' ? s.theme : 'system',
  };
}

/** Settings: connection, watched folders, default conversion options, data folder, theme. */
export function SettingsView({ onTheme }: { onTheme: (t: Theme) => void }) {
  const bridge = useBridge();
  const [form, setForm] = useState<Form | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    bridge.invoke('settings:get', {}).then((s) => setForm(fromSettings(s)), (e: Error) => setError(e.message));
  }, [bridge]);
  if (error && !form) return <main className="page"><p className="error" role="alert">{error}</p></main>;
  if (!form) return <main className="page"><p className="muted">Loading settings…</p></main>;

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm({ ...form, [k]: v });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null); setStatus(null);
    const diff = Number(form.alloweddiff);
    if (!Number.isFinite(diff) || diff < 0) { setError('Allowed difference must be a number of dollars, 0 or more.'); return; }
    if (form.mode === 'remote' && !/^https?:\/\//.test(form.url)) { setError('The service URL must start with http:// or https://.'); return; }
    try {
      await bridge.invoke('settings:set', {
        connection: { mode: form.mode, url: form.url, user: form.user, password: form.password, product: form.product },
        watchedFolders: form.watchedFolders.split('\n').map((l) => l.trim()).filter(Boolean),
        defaults: { accounttype: form.accounttype, dateOrder: form.dateOrder, alloweddiff: diff },
        dataDir: form.dataDir,
        theme: form.theme,
      });
      onTheme(form.theme);
      setStatus('Settings saved.');
    } catch (err) { setError((err as Error).message); }
  };
  const test = async () => {
    setStatus('Testing…'); setError(null);
    if (!Object.hasOwn(invokeChannels, TEST_CHANNEL)) { setStatus(null); setError('This build cannot test connections (no settings:testConnection channel).'); return; }
    try {
      const invoke = bridge.invoke as (c: InvokeChannel, r: unknown) => Promise<unknown>;
      const r = await invoke(TEST_CHANNEL as InvokeChannel, { mode: form.mode, url: form.url, user: form.user, password: form.password, product: form.product });
      const ok = isRecord(r) && r.ok === true;
      setStatus(ok ? `Connection works${isRecord(r) && r.message ? `: ${str(r.message)}` : ''}.` : `Connection failed: ${isRecord(r) ? str(r.message ?? r.error) : ''}`);
    } catch (err) { setStatus(null); setError((err as Error).message); }
  };

  return (
    <main className="page" aria-labelledby="settings-h">
      <h2 id="settings-h">Settings</h2>
      <form onSubmit={save} className="settings">
        <fieldset>
          <legend>Connection</legend>
          <label className="check"><input type="radio" name="mode" checked={form.mode === 'local'} onChange={() => set('mode', 'local')} /> Local engine (embedded, offline)</label>
          <label className="check"><input type="radio" name="mode" checked={form.mode === 'remote'} onChange={() => set('mode', 'remote')} /> Remote service</label>
          <label>Service URL <input type="url" value={form.url} disabled={form.mode === 'local'} onChange={(e) => set('url', e.target.value)} placeholder="https://team.example/ledgerdrop" /></label>
          <label>User <input value={form.user} disabled={form.mode === 'local'} onChange={(e) => set('user', e.target.value)} autoComplete="username" /></label>
          <label>Password <input type="password" value={form.password} disabled={form.mode === 'local'} onChange={(e) => set('password', e.target.value)} autoComplete="current-password" /></label>
          <label>Product
            <select value={form.product} disabled={form.mode === 'local'} onChange={(e) => set('product', e.target.value)}>
              <option value="pdfinsightstp">pdfinsightstp</option><option value="pdfinsights">pdfinsights</option><option value="thumbprint">thumbprint</option>
            </select>
          </label>
          <button type="button" onClick={() => void test()}>Test connection</button>
        </fieldset>
        <fieldset>
          <legend>Watched folders</legend>
          <label>One folder per line <textarea rows={3} value={form.watchedFolders} onChange={(e) => set('watchedFolders', e.target.value)} /></label>
        </fieldset>
        <fieldset>
          <legend>Default conversion options</legend>
          <label>Account type
            <select value={form.accounttype} onChange={(e) => set('accounttype', e.target.value)}>
              <option value="">detect</option><option value="Checking">Checking</option><option value="Savings">Savings</option><option value="MoneyMarket">Money market</option><option value="Line of Credit">Line of credit</option><option value="CCard">Credit card</option>
            </select>
          </label>
          <label>Date order
            <select value={form.dateOrder} onChange={(e) => set('dateOrder', e.target.value as 'us' | 'eu')}>
              <option value="us">month/day (US)</option><option value="eu">day/month (EU)</option>
            </select>
          </label>
          <label>Allowed difference when reconciling ($) <input inputMode="decimal" value={form.alloweddiff} onChange={(e) => set('alloweddiff', e.target.value)} /></label>
        </fieldset>
        <fieldset>
          <legend>Data and appearance</legend>
          <label>Data folder <input value={form.dataDir} onChange={(e) => set('dataDir', e.target.value)} /></label>
          <label>Theme
            <select value={form.theme} onChange={(e) => set('theme', e.target.value as Theme)}>
              <option value="system">follow the system</option><option value="light">light</option><option value="dark">dark</option>
            </select>
          </label>
        </fieldset>
        <button type="submit">Save settings</button>
        {status && <p role="status">{status}</p>}
        {error && <p className="error" role="alert">{error}</p>}
      </form>
    </main>
  );
}
