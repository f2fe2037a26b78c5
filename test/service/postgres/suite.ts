import { afterAll } from 'vitest';
import { postgresMissing, startCluster, type TestCluster } from './cluster.js';
import { useTestPostgres } from '../helpers.js';

/**
 * Starts a throwaway PostgreSQL cluster for this test file and points the service harness at
 * it (a database per service data dir). Without PostgreSQL: an error in CI (CI=true), else a
 * printed reason and null (the caller skips).
 */
export async function withTestPostgres(): Promise<TestCluster | null> {
  const missing = postgresMissing();
  if (missing) {
    if (process.env.CI === 'true') throw new Error(`PostgreSQL tests cannot run in CI: ${missing}`);
    console.warn(`skipping the PostgreSQL tests: ${missing}`);
    return null;
  }
  const cluster = await startCluster();
  let n = 0;
  useTestPostgres(async () => cluster.createDatabase(`svc_${process.pid}_${++n}`));
  afterAll(async () => {
    useTestPostgres(null);
    await cluster.stop();
  });
  return cluster;
}
