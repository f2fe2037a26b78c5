/**
 * Reachability of each connection. When a job finds the service unreachable (nothing listens)
 * or unavailable (a gateway's 502, an overloaded 503/429) the connection goes offline: its jobs
 * are held (no attempts spent) and a short probe runs (capped at a few seconds, never before a
 * Retry-After) until the service itself answers, then the connection is online again and the
 * scheduler resumes by itself. Outages in a row without a real answer from a job in between
 * (the probe passes but uploads still meet a gateway error) start their probing further along
 * the backoff, so such a service is not hammered.
 */
import { DEFAULT_PROBE, pollDelay, type BackoffPolicy } from './backoff.js';
import type { Clock } from './clock.js';

export interface ConnectionHealth {
  online: boolean;
  /** 'online', 'waiting for network: connection refused', 'waiting for service: 502 from gateway'. */
  detail: string;
  lastError: string | null;
  nextProbeAt: number | null;
  probes: number;
}

export interface NetworkMonitorOptions {
  clock: Clock;
  /**
   * Resolves when the service itself answered; rejects when it could not be reached or was
   * unavailable, with a ProbeFailure (or any error: its message is the reason).
   */
  probe: (connectionId: string) => Promise<void>;
  onChange: (connectionId: string, health: ConnectionHealth) => void;
  policy?: BackoffPolicy;
  random?: () => number;
}

/** Why a probe failed: `detail` for the connection ('waiting for service: 503 from gateway'), and a Retry-After. */
export class ProbeFailure extends Error {
  constructor(readonly detail: string, readonly retryAfterMs: number | null = null) {
    super(detail);
    this.name = 'ProbeFailure';
  }
}

export interface UnreachableReport {
  /** Short reason: 'connection refused', '502 from gateway', 'service busy, Retry-After 20 s'. */
  reason?: string;
  /** 'network': nothing answered; 'service': something answered for an unavailable service. */
  kind?: 'network' | 'service';
  /** Do not probe before this many ms (Retry-After). */
  retryAfterMs?: number | null;
}

type Entry = ConnectionHealth & { cancel: (() => void) | null; probing: boolean; streak: number; notBefore: number };

export class NetworkMonitor {
  private health = new Map<string, Entry>();
  private stopped = false;
  constructor(private opts: NetworkMonitorOptions) {}

  private entry(id: string): Entry {
    let h = this.health.get(id);
    if (!h) {
      h = { online: true, detail: 'online', lastError: null, nextProbeAt: null, probes: 0, cancel: null, probing: false, streak: 0, notBefore: 0 };
      this.health.set(id, h);
    }
    return h;
  }

  get(id: string): ConnectionHealth {
    const { cancel: _c, probing: _p, streak: _s, notBefore: _n, ...h } = this.entry(id);
    return h;
  }

  isOnline(id: string): boolean { return this.entry(id).online; }

  onlineIds(ids: string[]): string[] { return ids.filter((id) => this.isOnline(id)); }

  /** A job could not reach the service, or found it unavailable. */
  reportUnreachable(id: string, error: string, report: UnreachableReport = {}): void {
    const h = this.entry(id);
    h.lastError = error;
    const detail = `waiting for ${report.kind === 'service' ? 'service' : 'network'}${report.reason ? `: ${report.reason}` : ''}`;
    if (report.retryAfterMs != null) h.notBefore = Math.max(h.notBefore, this.opts.clock.now() + report.retryAfterMs);
    if (!h.online) {
      // A later Retry-After moves the pending probe back.
      if (h.cancel && h.nextProbeAt != null && h.notBefore > h.nextProbeAt) { h.cancel(); h.cancel = null; this.schedule(id); }
      if (h.detail !== detail) { h.detail = detail; this.emit(id); }
      return;
    }
    h.online = false;
    h.detail = detail;
    h.probes = 0;
    h.streak++;
    this.schedule(id);
    this.emit(id);
  }

  /** A job got a real answer from the service (not a gateway's): later outages probe from the start again. */
  reportAnswered(id: string): void {
    this.entry(id).streak = 0;
    this.reportReachable(id);
  }

  /** The service answered: the connection is online. */
  reportReachable(id: string): void {
    const h = this.entry(id);
    if (h.online) return;
    h.cancel?.();
    Object.assign(h, { online: true, detail: 'online', lastError: null, nextProbeAt: null, probes: 0, cancel: null, notBefore: 0 });
    this.emit(id);
  }

  /** Probe now (user asked, or the OS said the network is back). */
  async probeNow(id: string): Promise<ConnectionHealth> {
    const h = this.entry(id);
    if (h.online) return this.get(id);
    h.cancel?.();
    h.cancel = null;
    await this.runProbe(id);
    return this.get(id);
  }

  private schedule(id: string): void {
    const h = this.entry(id);
    if (this.stopped || h.online) return;
    const now = this.opts.clock.now();
    const delay = Math.max(h.notBefore - now, pollDelay(this.opts.policy ?? DEFAULT_PROBE, h.probes + Math.max(1, h.streak), this.opts.random));
    h.nextProbeAt = now + delay;
    h.cancel = this.opts.clock.setTimer(delay, () => { h.cancel = null; void this.runProbe(id); });
  }

  private async runProbe(id: string): Promise<void> {
    const h = this.entry(id);
    if (h.probing || this.stopped) return;
    h.probing = true;
    h.probes++;
    try {
      await this.opts.probe(id);
      h.probing = false;
      this.reportReachable(id);
    } catch (err) {
      h.probing = false;
      h.lastError = err instanceof Error ? err.message : String(err);
      if (err instanceof ProbeFailure) {
        h.detail = err.detail;
        if (err.retryAfterMs != null) h.notBefore = Math.max(h.notBefore, this.opts.clock.now() + err.retryAfterMs);
      }
      if (!h.online) { this.schedule(id); this.emit(id); }
    }
  }

  private emit(id: string): void { this.opts.onChange(id, this.get(id)); }

  stop(): void {
    this.stopped = true;
    for (const h of this.health.values()) { h.cancel?.(); h.cancel = null; }
  }
}
