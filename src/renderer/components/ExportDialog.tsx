import { useEffect, useRef, useState } from 'react';
import type { InvokeResponse } from '../../contract/ipc.js';
import { EMPTY_EXPORT_FORM as EMPTY, FILENAME_TOKENS as TOKENS, type ExportForm, type ExportOptions } from '../../contract/export-options.js';
import { useBridge } from '../bridge/context.js';
import { bytesToBase64 } from '../data/bytes.js';
import { logoProblems, logoWarnings, sniffLogoType } from '../data/logo.js';

interface Preset { name: string; options: ExportForm }

function toContract(o: ExportForm, logo: string | null): ExportOptions {
  return {
    ...(o.filenamePattern ? { filenamePattern: o.filenamePattern } : {}),
    ...(o.watermarkText ? { watermarkText: o.watermarkText } : {}),
    ...(o.watermarkIdText ? { watermarkIdText: o.watermarkIdText } : {}),
    ...(o.watermarkUrl ? { watermarkUrl: o.watermarkUrl } : {}),
    watermarkIsFlatten: o.watermarkIsFlatten,
    ...(logo ? { watermarkLogo: { base64: logo } } : {}),
  };
}

/** Watermarked zip export: options, logo check, live preview of names and page 1, presets. */
export function ExportDialog({ appnumber, onClose }: { appnumber: string; onClose: () => void }) {
  const bridge = useBridge();
  const ref = useRef<HTMLDialogElement>(null);
  const [opts, setOpts] = useState<ExportForm>(EMPTY);
  const [logo, setLogo] = useState<{ url: string; base64: string } | null>(null);
  const [logoNotes, setLogoNotes] = useState<{ errors: string[]; warnings: string[] }>({ errors: [], warnings: [] });
  const [presets, setPresets] = useState<Preset[]>([]);
  const [presetName, setPresetName] = useState('');
  const [preview, setPreview] = useState<InvokeResponse<'export:preview'> | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [result, setResult] = useState<InvokeResponse<'export:zip'> | null>(null);
  const [busy, setBusy] = useState(false);
  const [canReveal, setCanReveal] = useState(false);
  const [revealError, setRevealError] = useState<string | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    bridge.invoke('core:info', {}).then((i) => setCanReveal(i.canReveal), () => undefined);
    bridge.invoke('settings:get', {}).then((s) => {
      setPresets(s.exportPresets ?? []);
    }, () => undefined);
  }, [bridge]);

  // Live preview, debounced: names from the pattern, page 1 rendered by the export module.
  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      bridge.invoke('export:preview', { appnumber, options: toContract(opts, logo?.base64 ?? null) }).then(
        (p) => { if (live) { setPreview(p); setPreviewError(null); } },
        (e: Error) => live && setPreviewError(e.message),
      );
    }, 250);
    return () => { live = false; clearTimeout(t); };
  }, [bridge, appnumber, opts, logo]);

  const set = <K extends keyof ExportForm>(k: K, v: ExportForm[K]) => setOpts((o) => ({ ...o, [k]: v }));

  const pickLogo = async (file: File | undefined) => {
    setLogo(null); setLogoNotes({ errors: [], warnings: [] });
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const mime = sniffLogoType(bytes.subarray(0, 16));
    let w = 0; let h = 0;
    const url = URL.createObjectURL(new Blob([bytes], { type: mime ?? 'application/octet-stream' }));
    if (mime) {
      try {
        const img = new Image();
        img.src = url;
        await img.decode();
        w = img.naturalWidth; h = img.naturalHeight;
      } catch {
        URL.revokeObjectURL(url);
        setLogoNotes({ errors: ['The logo could not be read as an image.'], warnings: [] });
        return;
      }
    }
    const errors = logoProblems(bytes.length, mime, w, h);
    if (errors.length) { URL.revokeObjectURL(url); setLogoNotes({ errors, warnings: [] }); return; }
    setLogoNotes({ errors: [], warnings: logoWarnings(w, h) });
    setLogo({ url, base64: bytesToBase64(bytes) });
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
    setBusy(true); setStatus('Exporting…'); setResult(null);
    try {
      const r = await bridge.invoke('export:zip', { appnumber, options: toContract(opts, logo?.base64 ?? null) });
      setResult(r);
      const skipped = r.entries.filter((e) => e.skipped).length;
      setStatus(`Saved ${r.path} (${r.entries.length - skipped} file${r.entries.length - skipped === 1 ? '' : 's'}${skipped ? `, ${skipped} skipped` : ''}).`);
    } catch (e) { setStatus(`Export failed: ${(e as Error).message}`); } finally { setBusy(false); }
  };

  const names = preview?.names ?? [];
  return (
    <dialog ref={ref} className="export" aria-labelledby="export-h" onClose={onClose}>
      <h2 id="export-h">Export watermarked zip — {appnumber}</h2>
      <div className="export-grid">
        <form className="export-form" onSubmit={(e) => { e.preventDefault(); void run(); }}>
          <label>Watermark text <input value={opts.watermarkText} onChange={(e) => set('watermarkText', e.target.value)} maxLength={120} /></label>
          <label>ID text (bottom left) <input value={opts.watermarkIdText} onChange={(e) => set('watermarkIdText', e.target.value)} maxLength={120} /></label>
          <label>URL <input type="url" value={opts.watermarkUrl} onChange={(e) => set('watermarkUrl', e.target.value)} placeholder="https://" maxLength={500} /></label>
          <label>Logo (PNG, JPG or GIF; square; ≤ 1200 px a side; ≤ 3 MB) <input type="file" accept="image/png,image/jpeg,image/gif" onChange={(e) => void pickLogo(e.target.files?.[0])} /></label>
          {logoNotes.errors.map((p) => <p key={p} className="error" role="alert">{p}</p>)}
          {logoNotes.warnings.map((p) => <p key={p} className="warning">{p}</p>)}
          <label className="check"><input type="checkbox" checked={opts.watermarkIsFlatten} onChange={(e) => set('watermarkIsFlatten', e.target.checked)} /> Flatten pages (watermark hard to remove)</label>
          <label>File name pattern <input value={opts.filenamePattern} onChange={(e) => set('filenamePattern', e.target.value)} placeholder="<account_number_last_4>_<year>-<month_num>" maxLength={200} /></label>
          <div className="tokens" role="group" aria-label="Insert a token">
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
            <button type="submit" disabled={busy || names.length === 0 || logoNotes.errors.length > 0}>Export zip</button>
          </div>
          {status && <p role="status" data-testid="export-status">{status}</p>}
          {/* The desktop opens the folder holding the zip; a browser has no file manager, so it offers the download. */}
          {result && canReveal && (
            <p><button type="button" onClick={() => { setRevealError(null); bridge.invoke('export:reveal', { path: result.path }).catch((e: Error) => setRevealError(e.message)); }}>Show in folder</button></p>
          )}
          {result && !canReveal && (
            <p><a href={`./exports/${encodeURIComponent(result.fileName)}`} download={result.fileName}>Download {result.fileName}</a></p>
          )}
          {revealError && <p className="error" role="alert">{revealError}</p>}
        </form>
        <div className="export-preview">
          <h3>File names</h3>
          {previewError && <p className="error" role="alert">{previewError}</p>}
          {preview?.warnings.map((w) => <p key={w} className="warning">{w}</p>)}
          {names.length ? <ul className="names" data-testid="export-names">{names.slice(0, 50).map((n) => <li key={n}>{n}</li>)}</ul> : <p className="muted">No converted files yet.</p>}
          <h3>Page 1{preview?.previewOf ? ` of ${preview.previewOf}` : ''}</h3>
          {preview?.page1Png ? (
            <img className="page-image" src={`data:image/png;base64,${preview.page1Png}`} alt={`Page 1 of ${preview.previewOf ?? 'the first PDF'} with its watermark`} data-testid="export-page1" />
          ) : (
            <div className={`page-preview${opts.watermarkIsFlatten ? ' flat' : ''}`} role="img" aria-label="Sketch of a page with the watermark (no PDF among the files)">
              <div className="page-lines" aria-hidden="true">{Array.from({ length: 14 }, (_, i) => <span key={i} />)}</div>
              {opts.watermarkText && <div className="wm-text">{opts.watermarkText}</div>}
              {logo && <img className="wm-logo" src={logo.url} alt="" />}
              {opts.watermarkUrl && <div className="wm-url">{opts.watermarkUrl}</div>}
              {opts.watermarkIdText && <div className="wm-id">{opts.watermarkIdText}</div>}
            </div>
          )}
        </div>
      </div>
    </dialog>
  );
}
