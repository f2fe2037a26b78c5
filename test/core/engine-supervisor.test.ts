/**
 * The embedded engine's supervisor on a fake clock, with a launcher stand-in for the process
 * (Node child / Electron utilityProcess): ready on its message, restarts with growing delays
 * when the engine keeps dying, resets the delay after a healthy run, and stays down on stop().
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/desktop/clock.js';
import { EngineSupervisor, type EngineProcess } from '../../src/desktop/engine-supervisor.js';

class FakeProcess implements EngineProcess {
  private message: ((m: unknown) => void)[] = [];
  private exit: ((c: number | null) => void)[] = [];
  killed = false;
  constructor(readonly pid: number) {}
  onMessage(cb: (m: unknown) => void) { this.message.push(cb); }
  onExit(cb: (c: number | null) => void) { this.exit.push(cb); }
  kill() { this.killed = true; this.die(null); }
  ready(url: string) { for (const cb of this.message) cb({ type: 'ready', url }); }
  die(code: number | null) { for (const cb of this.exit) cb(code); }
}

function setup() {
  const clock = new FakeClock();
  const launched: { at: number; proc: FakeProcess }[] = [];
  const events: string[] = [];
  const sup = new EngineSupervisor({
    clock,
    env: { LEDGERDROP_ENGINE_DATA: '/x' },
    launcher: () => { const proc = new FakeProcess(100 + launched.length); launched.push({ at: clock.now(), proc }); return proc; },
    onReady: (url) => events.push(`ready ${url}`),
    onDown: (reason) => events.push(`down ${reason}`),
    baseDelayMs: 500,
    maxDelayMs: 4_000,
    healthyAfterMs: 60_000,
  });
  return { clock, launched, events, sup };
}

describe('EngineSupervisor', () => {
  it('reports ready with the URL the engine sends', async () => {
    const { sup, launched, events } = setup();
    sup.start();
    expect(sup.state).toBe('starting');
    const ready = sup.ready();
    launched[0]!.proc.ready('http://127.0.0.1:4100');
    expect(await ready).toBe('http://127.0.0.1:4100');
    expect(sup.state).toBe('running');
    expect(events).toEqual(['ready http://127.0.0.1:4100']);
  });

  it('restarts a dying engine with growing delays (capped), and resets them after a healthy run', () => {
    const { sup, launched, clock, events } = setup();
    sup.start();
    const t0 = clock.now();
    const diedAt: number[] = [];
    for (let i = 0; i < 5; i++) {
      diedAt.push(clock.now());
      launched.at(-1)!.proc.die(1);
      clock.advance(10_000);
    }
    expect(launched.slice(1).map((l, i) => l.at - diedAt[i]!)).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
    expect(sup.restarts).toBe(5);
    expect(events.filter((e) => e.startsWith('down')).length).toBe(5);
    // A healthy run resets the delay to the base.
    launched.at(-1)!.proc.ready('http://127.0.0.1:4200');
    clock.advance(61_000);
    const before = launched.length;
    launched.at(-1)!.proc.die(1);
    clock.advance(499);
    expect(launched.length).toBe(before);
    clock.advance(1);
    expect(launched.length).toBe(before + 1);
    expect(clock.now() - t0).toBeGreaterThan(60_000);
  });

  it('stop() kills the engine and does not restart it', async () => {
    const { sup, launched, clock } = setup();
    sup.start();
    launched[0]!.proc.ready('http://127.0.0.1:4300');
    await sup.stop();
    expect(launched[0]!.proc.killed).toBe(true);
    clock.advance(60_000);
    expect(launched).toHaveLength(1);
    expect(sup.state).toBe('stopped');
    expect(sup.url).toBeNull();
  });
});
