import { useState } from 'react';
import type { JobView, NetworkState } from '../../contract/ipc.js';
import { useBridge } from '../bridge/context.js';
import { chipFor, StatusChip } from './StatusChip.js';

export interface PendingFile { localId: string; appnumber: string; name: string; size: number; error?: string }

/** The files of an application: each with its chip, retry and cancel; "retry all failed". */
export function FileList({ appnumber, jobs, pending, network, onChanged, conversionErrors }: {
  appnumber: string; jobs: JobView[]; pending: PendingFile[]; network: NetworkState | null; onChanged: (j: JobView[]) => void;
  /** job id → why the service could not read the file (every file_status item of the job has an error). */
  conversionErrors: Map<number, string>;
}) {
  const bridge = useBridge();
  const [error, setError] = useState<string | null>(null);
  // A file the service answered but could not read shows as failed, and "Retry all failed" takes it too.
  const unreadable = (j: JobView) => j.status === 'done' && conversionErrors.has(j.id);
  const failed = jobs.filter((j) => j.status === 'failed' || unreadable(j)).length;
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try { await fn(); } catch (e) { setError((e as Error).message); }
  };
  const sorted = [...jobs].sort((a, b) => b.id - a.id);
  // The core announces new jobs (jobs:changed) before files:addBytes answers: a pending row whose
  // job is already listed is not shown twice.
  const jobNames = new Set(jobs.map((j) => j.fileName));
  const shownPending = pending.filter((p) => p.error || !jobNames.has(p.name));
  return (
    <section aria-labelledby="files-h" className="files">
      <div className="row-between">
        <h3 id="files-h">Files <span className="muted">({jobs.length + shownPending.length})</span></h3>
        <button type="button" disabled={!failed} onClick={() => act(async () => {
          await bridge.invoke('jobs:retryAllFailed', { appnumber });
        })}>Retry all failed{failed ? ` (${failed})` : ''}</button>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      <ul className="file-rows" aria-label="Files of this application">
        {shownPending.map((p) => (
          <li key={p.localId} className="file-row" data-file={p.name} data-pending="true">
            <span className="file-name">{p.name}</span>
            <span className="muted">{(p.size / 1024).toFixed(0)} KB</span>
            {p.error ? <StatusChip kind="failed" text={`failed: ${p.error}`} /> : <StatusChip kind="queued" text="queued" />}
          </li>
        ))}
        {sorted.map((j) => {
          const chip = chipFor(j, network, conversionErrors.get(j.id));
          const canRetry = j.status === 'failed' || j.status === 'cancelled' || unreadable(j);
          const canCancel = j.status === 'queued' || j.status === 'uploading' || j.status === 'converting';
          return (
            <li key={j.id} className="file-row" data-file={j.fileName}>
              <span className="file-name" title={chip.text}>{j.fileName}</span>
              <span className="muted">{(j.size / 1024).toFixed(0)} KB</span>
              <StatusChip {...chip} />
              {chip.kind === 'failed' && j.attempts > 0 && <span className="muted" data-testid="attempts">{j.attempts === 1 ? '1 attempt' : `${j.attempts} attempts`}</span>}
              <span className="actions">
                {canRetry && <button type="button" aria-label={`Retry ${j.fileName}`} onClick={() => act(async () => onChanged([await bridge.invoke('jobs:retry', { id: j.id })]))}>Retry</button>}
                {canCancel && <button type="button" aria-label={`Cancel ${j.fileName}`} onClick={() => act(async () => onChanged([await bridge.invoke('jobs:cancel', { id: j.id })]))}>Cancel</button>}
              </span>
            </li>
          );
        })}
      </ul>
      {!jobs.length && !shownPending.length && <p className="muted">No files yet. Drop statements anywhere on the window, or use “Add files”.</p>}
    </section>
  );
}
