import { afterAll } from 'vitest';
import { requirePostgres, startCluster, type TestCluster } from './cluster.js';
import { useTestPostgres } from '../helpers.js';

/**
 * Starts a throwaway PostgreSQL cluster for this test file and points the service harness at
 * it (a database per service data dir). Without PostgreSQL: an error in CI (CI=true), else a
 * printed reason and null (the caller skips).
 */
export async function withTestPostgres(): Promise<TestCluster> {
  requirePostgres();
  const cluster = await startCluster();
  let n = 0;
  useTestPostgres(async () => cluster.createDatabase(`svc_${process.pid}_${++n}`));
  afterAll(async () => {
    useTestPostgres(null);
    await cluster.stop();
  });
  return cluster;
}
