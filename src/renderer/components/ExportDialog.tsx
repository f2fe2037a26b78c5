import { useEffect, useMemo, useRef, useState } from 'react';
import { invokeChannels, type InvokeChannel } from '../../shared/ipc.js';
import { zipEntryNames } from '../../service/export/filename.js';
import { useBridge } from '../bridge/context.js';
import { isRecord, str } from '../data/format.js';
import { bytesToBase64 } from '../data/bytes.js';
import { logoProblems, sniffLogoType, type LogoMime } from '../data/logo.js';

export interface ExportOptions {
  filenamePattern: string;
  watermarkText: string;
  watermarkIdText: string;
  watermarkUrl: string;
  watermarkIsFlatten: boolean;
}
interface Preset { name: string; options: ExportOptions }
const EMPTY: ExportOptions = { filenamePattern: '', watermarkText: '', watermarkIdText: '', watermarkUrl: '', watermarkIsFlatten: false };
const TOKENS = ['<account_number_last_4>', '<date>', '<month_text>', '<year>', '<month_num>'];
const EXPORT_CHANNEL = 'export:zip';

/** Watermarked zip export: options, logo check, live preview of names and page 1, presets. */
export function ExportDialog({ appnumber, fileStatus, onClose }: { appnumber: string; fileStatus: unknown[]; onClose: () => void }) {
  const bridge = useBridge();
  const ref = useRef<HTMLDialogElement>(null);
  const [opts, setOpts] = useState<ExportOptions>(EMPTY);
  const [logo, setLogo] = useState<{ url: string; base64: string; mime: LogoMime } | null>(null);
  const [logoError, setLogoError] = useState<string[]>([]);
  const [presets, setPresets] = useState<Preset[]>([]);
  const [presetName, setPresetName] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    bridge.invoke('settings:get', {}).then((s) => {
      const list = Array.isArray(s.exportPresets) ? s.exportPresets.filter(isRecord) : [];
      setPresets(list.map((p) => ({ name: str(p.name), options: { ...EMPTY, ...(isRecord(p.options) ? p.options : {}) } as ExportOptions })));
    }, () => undefined);
  }, [bridge]);

  const files = useMemo(() => {
    const byFile = new Map<string, { fileName: string; path: string; statements: { accountNumber: string; startDate: string; endDate: string }[] }>();
    for (const fs of fileStatus.filter(isRecord)) {
      const name = str(fs.fileName);
      if (!name) continue;
      let f = byFile.get(name);
      if (!f) byFile.set(name, (f = { fileName: name, path: '', statements: [] }));
      f.statements.push({ accountNumber: str(fs.accountNumber), startDate: str(fs.startDate), endDate: str(fs.endDate) });
    }
    return [...byFile.values()];
  }, [fileStatus]);
  const names = useMemo(() => zipEntryNames(files, opts.filenamePattern || undefined), [files, opts.filenamePattern]);

  const set = <K extends keyof ExportOptions>(k: K, v: ExportOptions[K]) => setOpts((o) => ({ ...o, [k]: v }));

  const pickLogo = async (file: File | undefined) => {
    setLogo(null); setLogoError([]);
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const mime = sniffLogoType(bytes.subarray(0, 16));
    const url = URL.createObjectURL(new Blob([bytes], { type: mime ?? 'application/octet-stream' }));
    let w = 0; let h = 0;
    if (mime) {
      try {
        const img = new Image();
        img.src = url;
        await img.decode();
        w = img.naturalWidth; h = img.naturalHeight;
      } catch { setLogoError(['The logo could not be read as an image.']); return; }
    }
    const problems = logoProblems(bytes.length, mime, w, h);
    if (problems.length || !mime) { setLogoError(problems); URL.revokeObjectURL(url); return; }
    setLogo({ url, base64: bytesToBase64(bytes), mime });
  };

  const savePreset = async () => {
    const name = presetName.trim();
    if (!name) { setStatus('Name the preset first.'); return; }
    const next = [...presets.filter((p) => p.name !== name), { name, options: opts }];
    try {
      await bridge.invoke('settings:set', { exportPresets: next });
      setPresets(next); setStatus(`Preset “${name}” saved.`);
    } catch (e) { setStatus((e as Error).message); }
  };

  const run = async () => {
    if (!Object.hasOwn(invokeChannels, EXPORT_CHANNEL)) { setStatus('Export is not available in this build (no export:zip channel).'); return; }
    setBusy(true); setStatus('Exporting…');
    try {
      const request = {
        appnumber,
        options: {
          ...(opts.filenamePattern ? { filenamePattern: opts.filenamePattern } : {}),
          ...(opts.watermarkText ? { watermarkText: opts.watermarkText } : {}),
          ...(opts.watermarkIdText ? { watermarkIdText: opts.watermarkIdText } : {}),
          ...(opts.watermarkUrl ? { watermarkUrl: opts.watermarkUrl } : {}),
          watermarkIsFlatten: opts.watermarkIsFlatten,
          ...(logo ? { watermarkLogo: { base64: logo.base64, mime: logo.mime } } : {}),
        },
      };
      const invoke = bridge.invoke as (c: InvokeChannel, r: unknown) => Promise<unknown>;
      const res = await invoke(EXPORT_CHANNEL as InvokeChannel, request);
      const path = isRecord(res) ? str(res.path) : '';
      setStatus(path ? `Saved ${path}` : 'Export finished.');
    } catch (e) { setStatus(`Export failed: ${(e as Error).message}`); } finally { setBusy(false); }
  };

  return (
    <dialog ref={ref} className="export" aria-labelledby="export-h" onClose={onClose}>
      <h2 id="export-h">Export watermarked zip — {appnumber}</h2>
      <div className="export-grid">
        <form className="export-form" onSubmit={(e) => { e.preventDefault(); void run(); }}>
          <label>Watermark text <input value={opts.watermarkText} onChange={(e) => set('watermarkText', e.target.value)} maxLength={200} /></label>
          <label>ID text (bottom left) <input value={opts.watermarkIdText} onChange={(e) => set('watermarkIdText', e.target.value)} maxLength={200} /></label>
          <label>URL <input type="url" value={opts.watermarkUrl} onChange={(e) => set('watermarkUrl', e.target.value)} placeholder="https://" /></label>
          <label>Logo (PNG, JPG or GIF; square; ≤ 1200 px; ≤ 3 MB) <input type="file" accept="image/png,image/jpeg,image/gif" onChange={(e) => void pickLogo(e.target.files?.[0])} /></label>
          {logoError.map((p) => <p key={p} className="error" role="alert">{p}</p>)}
          <label className="check"><input type="checkbox" checked={opts.watermarkIsFlatten} onChange={(e) => set('watermarkIsFlatten', e.target.checked)} /> Flatten pages (watermark hard to remove)</label>
          <label>File name pattern <input value={opts.filenamePattern} onChange={(e) => set('filenamePattern', e.target.value)} placeholder="<account_number_last_4>_<year>-<month_num>" /></label>
          <div className="tokens" aria-label="Insert a token">
            {TOKENS.map((t) => <button key={t} type="button" onClick={() => set('filenamePattern', opts.filenamePattern + t)}>{t}</button>)}
          </div>
          <fieldset>
            <legend>Presets</legend>
            <label>Use preset
              <select value="" onChange={(e) => { const p = presets.find((x) => x.name === e.target.value); if (p) setOpts(p.options); }}>
                <option value="">choose…</option>
                {presets.map((p) => <option key={p.name} value={p.name}>{p.name}</option>)}
              </select>
            </label>
            <label>Preset name <input value={presetName} onChange={(e) => setPresetName(e.target.value)} /></label>
            <button type="button" onClick={() => void savePreset()}>Save preset</button>
          </fieldset>
          <div className="row-between">
            <button type="button" onClick={() => ref.current?.close()}>Close</button>
            <button type="submit" disabled={busy || files.length === 0}>Export zip</button>
          </div>
          {status && <p role="status">{status}</p>}
        </form>
        <div className="export-preview">
          <h3>File names</h3>
          {names.length ? <ul className="names" data-testid="export-names">{names.slice(0, 50).map((n) => <li key={n}>{n}</li>)}</ul> : <p className="muted">No converted files yet.</p>}
          <h3>Page 1</h3>
          <div className={`page-preview${opts.watermarkIsFlatten ? ' flat' : ''}`} aria-label="Preview of page 1 with its watermark">
            <div className="page-lines" aria-hidden="true">{Array.from({ length: 14 }, (_, i) => <span key={i} />)}</div>
            {opts.watermarkText && <div className="wm-text">{opts.watermarkText}</div>}
            {logo && <img className="wm-logo" src={logo.url} alt="watermark logo" />}
            {opts.watermarkUrl && <div className="wm-url">{opts.watermarkUrl}</div>}
            {opts.watermarkIdText && <div className="wm-id">{opts.watermarkIdText}</div>}
          </div>
        </div>
      </div>
    </dialog>
  );
}
