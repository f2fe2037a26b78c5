import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Compiles build/ first: tests that run the real `ledgerdrop` command run the built program.
    // Then points TMPDIR at one directory of the run, removed at its end (test/global-tmpdir.ts).
    globalSetup: ['test/global-build.ts', 'test/global-tmpdir.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores on CI: keep file-level parallelism modest so servers and Chromium get CPU.
    maxWorkers: 2,
    // expect.poll waits for a state the app reaches (a row painted, a job done); its 1 s default
    // fails good code on a busy two-core machine. A wait, not a speed check.
    expect: { poll: { timeout: 15_000 } },
  },
});
