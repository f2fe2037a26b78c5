/**
 * Soak: `ledgerdrop intake` and the service, each its own process, through the fault proxy as
 * a gateway with random faults on a fifth of all requests, intake and the service SIGKILLed and
 * restarted along the way; the service's own records must show every file converted exactly
 * once and the account charged exactly once per file. A small batch by default;
 * LEDGERDROP_SOAK_FILES=200 runs the full one (6 intake kills, 3 service kills).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runSoak } from './soak.js';
import { tempDir } from './tmp.js';

const FILES = Number(process.env.LEDGERDROP_SOAK_FILES ?? 24);
const full = FILES >= 100;
const tmp = tempDir('ld-soak-');
afterAll(() => tmp.cleanup());

describe('soak', () => {
  it(`${FILES} files, random faults, intake and service SIGKILLed: every file converted exactly once, charged once`, async () => {
    const f = await runSoak({
      dir: tmp.dir,
      files: FILES,
      intakeKills: full ? 6 : 2,
      serviceKills: full ? 3 : 1,
      faultRate: 0.2,
      seed: Number(process.env.LEDGERDROP_SOAK_SEED ?? 7),
    });
    console.log(`soak: ${f.files} files, ${f.files - f.missing} converted, ${f.missing} missing, ${f.duplicated} duplicated, ${f.charged} charged; `
      + `${f.intakeRuns} intake runs (${f.intakeKills} SIGKILLed), ${f.serviceKills} service SIGKILLs, ${f.faults} of ${f.requests} requests faulted; ${f.seconds.toFixed(1)} s`);
    expect(f.lastExit, f.lastOutput).toBe(0);
    expect(f.lastOutput).toMatch(new RegExp(`SOAK-\\d+: ${FILES} converted, 0 failed, 0 cancelled; ${FILES} statement\\(s\\)`));
    expect(f.missing).toBe(0);
    expect(f.duplicated).toBe(0);
    expect(f.charged).toBe(FILES);
    expect(f.intakeKills).toBeGreaterThanOrEqual(1);
    expect(f.faults).toBeGreaterThan(0);
  }, 900_000);
});
