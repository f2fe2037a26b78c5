/**
 * Time as a port, so retry/backoff/lease/probe timing can be driven by a fake clock in tests.
 */
export interface Clock {
  now(): number;
  /** Calls `fn` after `ms`; returns a cancel function. */
  setTimer(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    // Not unref'd: a job waiting for its retry is work that keeps `ledgerdrop intake` alive.
    // Core.close() cancels every timer it set.
    const t = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(t);
  },
};

/** A clock that only moves when told to: `advance(ms)` fires every timer due by then, in order. */
export class FakeClock implements Clock {
  private timers: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;
  constructor(private t = Date.UTC(2026, 0, 1)) {}
  now(): number { return this.t; }
  setTimer(ms: number, fn: () => void): () => void {
    const timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => { this.timers = this.timers.filter((x) => x !== timer); };
  }
  get pending(): number { return this.timers.length; }
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.t = next.at;
      next.fn();
    }
    this.t = end;
  }
}

export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const cancel = clock.setTimer(ms, () => { signal?.removeEventListener('abort', onAbort); resolve(); });
    const onAbort = () => { cancel(); reject(signal!.reason ?? new Error('aborted')); };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
