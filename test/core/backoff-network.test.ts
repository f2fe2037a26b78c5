/**
 * Retry timing (full jitter, Retry-After) and the offline monitor driven by a fake clock:
 * probes back off, the connection comes back by itself, and nobody probes while online.
 */
import { describe, expect, it } from 'vitest';
import { backoffCeiling, fullJitter, parseRetryAfter, pollDelay, retryDelay } from '../../src/desktop/backoff.js';
import { FakeClock } from '../../src/desktop/clock.js';
import { NetworkMonitor, ProbeFailure, type ConnectionHealth } from '../../src/desktop/network.js';

const policy = { baseMs: 1_000, capMs: 30_000 };

describe('backoff', () => {
  it('full jitter stays within [0, min(cap, base·2^(n-1))]', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => backoffCeiling(policy, n))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(fullJitter(policy, 3, () => 0)).toBe(0);
    expect(fullJitter(policy, 3, () => 0.999999)).toBe(3_999);
    expect(fullJitter(policy, 3, () => 0.5)).toBe(2_000);
    expect(pollDelay(policy, 2, () => 0)).toBe(1_000);
  });

  it('Retry-After in seconds or as an HTTP date wins over jitter', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
    expect(parseRetryAfter(new Date(now - 5_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(retryDelay(policy, 1, 7_000, () => 0)).toBe(7_000);
    expect(retryDelay(policy, 4, null, () => 0.5)).toBe(4_000);
  });
});

describe('NetworkMonitor', () => {
  it('goes offline on an unreachable report, probes with growing delays, and comes back by itself', async () => {
    const clock = new FakeClock();
    let reachable = false;
    const probes: number[] = [];
    const changes: ConnectionHealth[] = [];
    const m = new NetworkMonitor({
      clock,
      policy: { baseMs: 1_000, capMs: 8_000 },
      random: () => 0,
      probe: async () => { probes.push(clock.now()); if (!reachable) throw new Error('ECONNREFUSED'); },
      onChange: (_id, h) => changes.push(h),
    });
    const flush = () => new Promise<void>((r) => setImmediate(r));
    /** The next probe fires exactly `ms` after the previous one was scheduled. */
    const expectProbeAfter = async (ms: number) => {
      const before = probes.length;
      clock.advance(ms - 1);
      await flush();
      expect(probes.length).toBe(before);
      clock.advance(1);
      await flush();
      expect(probes.length).toBe(before + 1);
    };
    expect(m.isOnline('svc')).toBe(true);
    m.reportUnreachable('svc', 'ECONNREFUSED');
    expect(m.get('svc')).toMatchObject({ online: false, detail: 'waiting for network' });
    // pollDelay with random 0 = half the ceiling: 500, 1000, 2000, 4000, then capped at 4000.
    for (const ms of [500, 1_000, 2_000, 4_000, 4_000]) await expectProbeAfter(ms);
    expect(m.isOnline('svc')).toBe(false);
    expect(m.get('svc').nextProbeAt).toBe(clock.now() + 4_000);
    reachable = true;
    clock.advance(4_000);
    await flush();
    expect(m.isOnline('svc')).toBe(true);
    expect(changes.at(-1)).toMatchObject({ online: true, detail: 'online' });
    const count = probes.length;
    clock.advance(60_000);
    expect(probes.length).toBe(count);
    expect(clock.pending).toBe(0);
    expect(m.onlineIds(['svc', 'other'])).toEqual(['svc', 'other']);
  });

  it('probeNow skips the wait; a reachable report cancels the pending probe', async () => {
    const clock = new FakeClock();
    let calls = 0;
    const m = new NetworkMonitor({ clock, random: () => 0, probe: async () => { calls++; }, onChange: () => {} });
    m.reportUnreachable('a', 'down');
    expect(clock.pending).toBe(1);
    expect((await m.probeNow('a')).online).toBe(true);
    expect(calls).toBe(1);
    m.reportUnreachable('b', 'down');
    m.reportReachable('b');
    expect(clock.pending).toBe(0);
  });

  it('an unavailable service: no probe before Retry-After, the probe\'s own reason and Retry-After win, and outages in a row start further along', async () => {
    const clock = new FakeClock();
    const flush = () => new Promise<void>((r) => setImmediate(r));
    let answer: 'gateway' | 'busy' | 'ok' = 'gateway';
    const m = new NetworkMonitor({
      clock,
      policy: { baseMs: 500, capMs: 5_000 },
      random: () => 0,
      probe: async () => {
        if (answer === 'gateway') throw new ProbeFailure('waiting for service: 502 from gateway');
        if (answer === 'busy') throw new ProbeFailure('waiting for service: service busy, Retry-After 30 s', 30_000);
      },
      onChange: () => {},
    });
    m.reportUnreachable('s', '503: queue full', { kind: 'service', reason: 'service busy, Retry-After 20 s', retryAfterMs: 20_000 });
    expect(m.get('s')).toMatchObject({ online: false, detail: 'waiting for service: service busy, Retry-After 20 s', nextProbeAt: clock.now() + 20_000 });
    // A later Retry-After from another file moves the probe back.
    m.reportUnreachable('s', '503: queue full', { kind: 'service', reason: 'service busy, Retry-After 25 s', retryAfterMs: 25_000 });
    expect(m.get('s').nextProbeAt).toBe(clock.now() + 25_000);
    clock.advance(25_000);
    await flush();
    expect(m.get('s')).toMatchObject({ online: false, detail: 'waiting for service: 502 from gateway' });
    expect(m.get('s').nextProbeAt! - clock.now()).toBe(500);
    answer = 'busy';
    clock.advance(500);
    await flush();
    expect(m.get('s').nextProbeAt! - clock.now()).toBe(30_000);
    answer = 'ok';
    clock.advance(30_000);
    await flush();
    expect(m.isOnline('s')).toBe(true);
    // Down again with no real answer in between: probing starts further along (250 → 500 ms here).
    m.reportUnreachable('s', '502', { kind: 'service', reason: '502 from gateway' });
    expect(m.get('s').nextProbeAt! - clock.now()).toBe(500);
    m.reportAnswered('s');
    m.reportUnreachable('s', 'refused', { kind: 'network', reason: 'connection refused' });
    expect(m.get('s')).toMatchObject({ detail: 'waiting for network: connection refused' });
    expect(m.get('s').nextProbeAt! - clock.now()).toBe(250);
    m.stop();
  });
});
