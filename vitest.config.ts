import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores on CI: keep file-level parallelism modest so servers and Chromium get CPU.
    maxWorkers: 2,
  },
});
