import { useState } from 'react';
import type { FileState, JobView, NetworkState, StoredFileStatus } from '../../contract/ipc.js';
import { useBridge } from '../bridge/context.js';
import { adviceFor } from '../data/error-advice.js';
import { batchProgress } from '../data/batch.js';
import { chipFor, StatusChip } from './StatusChip.js';
import { ConfirmDialog } from './ConfirmDialog.js';

export interface PendingFile { localId: string; appnumber: string; name: string; size: number; error?: string }

const pps = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/**
 * The files of an application: overall progress and counts by state, then each file with its
 * state, the full reason and what to do when it failed, and its actions (view original, retry,
 * cancel, remove).
 */
export function FileList({ appnumber, jobs, pending, network, onChanged, onRemoved, conversionErrors, fileStates, fileStatus, canOpenOriginals }: {
  appnumber: string; jobs: JobView[]; pending: PendingFile[]; network: NetworkState | null; onChanged: (j: JobView[]) => void;
  onRemoved: (id: number) => void;
  /** job id → why the service could not read the file (every file_status item of the job has an error). */
  conversionErrors: Map<number, string>;
  fileStates: Record<string, FileState>;
  fileStatus: StoredFileStatus[];
  canOpenOriginals: boolean;
}) {
  const bridge = useBridge();
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<JobView | null>(null);
  // A file the service answered but could not read shows as failed, and "Retry all failed" takes it too.
  const unreadable = (j: JobView) => j.status === 'done' && conversionErrors.has(j.id);
  const failed = jobs.filter((j) => j.status === 'failed' || unreadable(j)).length;
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try { await fn(); } catch (e) { setError((e as Error).message); }
  };
  const openOriginal = (j: JobView) => act(async () => {
    if (canOpenOriginals) await bridge.invoke('jobs:openOriginal', { id: j.id });
    else {
      // Not 'noopener' in the features: with it window.open returns null even when the tab opened.
      const w = window.open(`/originals/${j.id}`, '_blank');
      if (!w) throw new Error('the browser blocked the new tab: allow pop-ups for this page');
      w.opener = null;
    }
  });
  // In arrival order: new files go below the ones on screen, so a stream of them never pushes
  // what the reader is looking at (test/e2e/layout-shift.test.ts measures it).
  const sorted = [...jobs].sort((a, b) => a.id - b.id);
  // The core announces new jobs (jobs:changed) before files:addBytes answers: a pending row whose
  // job is already listed is not shown twice.
  const jobNames = new Set(jobs.map((j) => j.fileName));
  const shownPending = pending.filter((p) => p.error || !jobNames.has(p.name));
  const batch = batchProgress(jobs, fileStates, fileStatus);
  const total = batch.total + shownPending.filter((p) => !p.error).length;
  return (
    <section aria-labelledby="files-h" className="files">
      <div className="row-between">
        <h3 id="files-h">Files <span className="muted">({jobs.length + shownPending.length})</span></h3>
        <button type="button" disabled={!failed} onClick={() => act(async () => {
          await bridge.invoke('jobs:retryAllFailed', { appnumber });
        })}>Retry all failed{failed ? ` (${failed})` : ''}</button>
      </div>
      {total > 0 && (
        <div className="batch" data-testid="batch-progress">
          <progress max={total} value={batch.finished} aria-label="Files finished" />
          <span data-testid="batch-text">
            {batch.finished} of {total} file{total === 1 ? '' : 's'} finished
            {batch.pagesPerSecond !== null && <> · {pps.format(batch.pagesPerSecond)} pages/s</>}
          </span>
          <span className="state-counts" data-testid="file-counts">
            {batch.counts.converted > 0 && <span className="chip chip-done" data-count="converted">{batch.counts.converted} converted</span>}
            {batch.counts.unreconciled > 0 && <span className="chip chip-warn" data-count="unreconciled">{batch.counts.unreconciled} not reconciled</span>}
            {batch.counts.failed > 0 && <span className="chip chip-failed" data-count="failed">{batch.counts.failed} failed</span>}
            {batch.counts.in_progress > 0 && <span className="chip chip-converting" data-count="in_progress">{batch.counts.in_progress} in progress</span>}
            {batch.counts.cancelled > 0 && <span className="chip" data-count="cancelled">{batch.counts.cancelled} cancelled</span>}
          </span>
        </div>
      )}
      {error && <p className="error" role="alert">{error}</p>}
      <ul className="file-rows" aria-label="Files of this application">
        {sorted.map((j) => {
          const chip = chipFor(j, network, conversionErrors.get(j.id));
          const state = fileStates[String(j.id)];
          const reason = chip.kind === 'failed' ? chip.text.replace(/^failed: /, '') : null;
          const canRetry = j.status === 'failed' || j.status === 'cancelled' || unreadable(j);
          const canCancel = j.status === 'queued' || j.status === 'uploading' || j.status === 'converting';
          const canRemove = j.status !== 'uploading' && j.status !== 'converting';
          const shown = chip.kind === 'failed' ? { kind: chip.kind, text: 'failed' }
            : chip.kind === 'done' && state === 'unreconciled' ? { kind: 'unreconciled' as const, text: 'not reconciled' }
            : chip.kind === 'done' ? { kind: chip.kind, text: 'converted' } : chip;
          return (
            <li key={j.id} className="file-row" data-file={j.fileName} data-state={state ?? ''}>
              <span className="file-name" title={j.fileName}>{j.fileName}</span>
              <span className="muted">{(j.size / 1024).toFixed(0)} KB</span>
              <span><StatusChip {...shown} />
                {chip.kind === 'failed' && j.attempts > 0 && <span className="muted" data-testid="attempts">{j.attempts === 1 ? '1 attempt' : `${j.attempts} attempts`}</span>}</span>
              <span className="actions">
                <button type="button" aria-label={`View original ${j.fileName}`} onClick={() => void openOriginal(j)}>View original</button>
                {canRetry && <button type="button" aria-label={`Retry ${j.fileName}`} onClick={() => act(async () => onChanged([await bridge.invoke('jobs:retry', { id: j.id })]))}>Retry</button>}
                {canCancel && <button type="button" aria-label={`Cancel ${j.fileName}`} onClick={() => act(async () => onChanged([await bridge.invoke('jobs:cancel', { id: j.id })]))}>Cancel</button>}
                {canRemove && <button type="button" aria-label={`Remove ${j.fileName}`} onClick={() => setRemoving(j)}>Remove</button>}
              </span>
              {reason !== null && (
                <div className="file-error" data-testid="file-error">
                  <strong>{reason}</strong>
                  <span data-testid="file-advice">What to do: {adviceFor(reason)}</span>
                </div>
              )}
            </li>
          );
        })}
        {shownPending.map((p) => (
          <li key={p.localId} className="file-row" data-file={p.name} data-pending="true">
            <span className="file-name">{p.name}</span>
            <span className="muted">{(p.size / 1024).toFixed(0)} KB</span>
            {p.error ? <StatusChip kind="failed" text="failed" /> : <StatusChip kind="queued" text="queued" />}
            {p.error && <div className="file-error" data-testid="file-error"><strong>{p.error}</strong></div>}
          </li>
        ))}
      </ul>
      {!jobs.length && !shownPending.length && <p className="muted">No files yet. Drop statements anywhere on the window, or use “Add files”.</p>}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.fileName}?`}
          body={removing.status === 'done' && !unreadable(removing)
            ? 'Its statements are deleted from this application on the service, so they leave the scorecard and the transactions. The file itself is removed from this computer’s queue.'
            : 'The file is removed from this application; nothing was converted from it.'}
          confirm="Remove file"
          onCancel={() => setRemoving(null)}
          onConfirm={() => { const j = removing; setRemoving(null); void act(async () => { await bridge.invoke('jobs:remove', { id: j.id }); onRemoved(j.id); }); }}
        />
      )}
    </section>
  );
}
