import type { JobView, NetworkState } from '../../contract/ipc.js';

export type ChipKind = 'queued' | 'uploading' | 'converting' | 'done' | 'unreconciled' | 'failed' | 'cancelled' | 'waiting';

/**
 * What a file's chip says: queued, uploading n %, converting (OCR page n/N while the service
 * reads a scan), done, failed (reason), and why a file waits or retries, as the queue put it in
 * `detail` ('waiting for service: 502 from gateway', 'retry in 4 s: timeout after 30 s').
 */
export function chipFor(job: JobView, net: NetworkState | null, conversionError?: string): { kind: ChipKind; text: string } {
  const waiting = /waiting/i.test(job.detail) || (net !== null && !net.online && (job.status === 'queued' || job.status === 'uploading'));
  const waitText = /^waiting for \w+: /.test(job.detail) ? job.detail : 'waiting for network';
  switch (job.status) {
    case 'queued':
      if (waiting) return { kind: 'waiting', text: waitText };
      return /^retry in /.test(job.detail) ? { kind: 'queued', text: job.detail } : { kind: 'queued', text: 'queued' };
    case 'uploading': {
      if (waiting) return { kind: 'waiting', text: waitText };
      const pct = job.size > 0 ? Math.min(100, Math.floor((job.bytesSent / job.size) * 100)) : 0;
      return { kind: 'uploading', text: `uploading ${pct} %` };
    }
    case 'converting': {
      // The service's progress of a scan: "converting: OCR page 2/5".
      const ocr = /OCR page \d+\/\d+/.exec(job.detail);
      return { kind: 'converting', text: ocr ? `converting: ${ocr[0]}` : 'converting' };
    }
    case 'done':
      // Uploaded and answered, but the service could not read the file (file_status error).
      return conversionError ? { kind: 'failed', text: `failed: ${conversionError}` } : { kind: 'done', text: 'done' };
    case 'failed':
      return { kind: 'failed', text: `failed: ${job.lastError || job.detail || 'unknown reason'}` };
    case 'cancelled':
      return { kind: 'cancelled', text: 'cancelled' };
  }
}

export function StatusChip({ kind, text }: { kind: ChipKind; text: string }) {
  return <span className={`chip chip-${kind}`} data-status={kind} role="status" title={text}>{text}</span>;
}
