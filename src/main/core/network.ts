/**
 * Reachability of each connection. When a job finds the service unreachable the connection
 * goes offline: its jobs are held (no attempts spent) and a probe runs with backoff until the
 * service answers (any HTTP answer counts), then the connection is online again and the
 * scheduler resumes by itself.
 */
import { DEFAULT_PROBE, pollDelay, type BackoffPolicy } from './backoff.js';
import type { Clock } from './clock.js';

export interface ConnectionHealth {
  online: boolean;
  detail: string;
  lastError: string | null;
  nextProbeAt: number | null;
  probes: number;
}

export interface NetworkMonitorOptions {
  clock: Clock;
  /** Resolves when the service answered; rejects (any error) when it could not be reached. */
  probe: (connectionId: string) => Promise<void>;
  onChange: (connectionId: string, health: ConnectionHealth) => void;
  policy?: BackoffPolicy;
  random?: () => number;
}

export class NetworkMonitor {
  private health = new Map<string, ConnectionHealth & { cancel: (() => void) | null; probing: boolean }>();
  private stopped = false;
  constructor(private opts: NetworkMonitorOptions) {}

  private entry(id: string) {
    let h = this.health.get(id);
    if (!h) {
      h = { online: true, detail: 'online', lastError: null, nextProbeAt: null, probes: 0, cancel: null, probing: false };
      this.health.set(id, h);
    }
    return h;
  }

  get(id: string): ConnectionHealth {
    const { cancel: _c, probing: _p, ...h } = this.entry(id);
    return h;
  }

  isOnline(id: string): boolean { return this.entry(id).online; }

  onlineIds(ids: string[]): string[] { return ids.filter((id) => this.isOnline(id)); }

  /** A job could not reach the service. */
  reportUnreachable(id: string, error: string): void {
    const h = this.entry(id);
    h.lastError = error;
    if (!h.online) return;
    h.online = false;
    h.detail = 'waiting for network';
    h.probes = 0;
    this.schedule(id);
    this.emit(id);
  }

  /** A request got an HTTP answer: the connection is online. */
  reportReachable(id: string): void {
    const h = this.entry(id);
    if (h.online) return;
    h.cancel?.();
    Object.assign(h, { online: true, detail: 'online', lastError: null, nextProbeAt: null, probes: 0, cancel: null });
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
    const delay = pollDelay(this.opts.policy ?? DEFAULT_PROBE, h.probes + 1, this.opts.random);
    h.nextProbeAt = this.opts.clock.now() + delay;
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
      if (!h.online) { this.schedule(id); this.emit(id); }
    }
  }

  private emit(id: string): void { this.opts.onChange(id, this.get(id)); }

  stop(): void {
    this.stopped = true;
    for (const h of this.health.values()) { h.cancel?.(); h.cancel = null; }
  }
}
