import { startService } from '../../../src/service/index.js';

/**
 * One service instance in a process of its own, for the fault test (it is SIGKILLed):
 * "`node bin/run-ts.mjs test/service/postgres/instance.ts STORE_URL DATA_DIR LEASE_MS`
 * (STORE_URL `-`: the embedded SQLite store in DATA_DIR). Prints its URL on the first line once listening.
 */
const [store, dataDir, leaseMs] = process.argv.slice(2);
const svc = await startService({ dataDir: dataDir!, config: { ...(store === '-' ? {} : { store: store! }), workerThreads: 1, syncWaitMs: 0, leaseMs: Number(leaseMs), allowPrivateWebhooks: true, scryptCost: 1 << 14 } });
process.stdout.write(`${svc.url}\n`);
