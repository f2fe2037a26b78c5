/**
 * The conversion pool's worker-thread entry as plain JavaScript: electron-vite bundles it to
 * out/main/convert-worker.js beside the engine, and pool.ts hands that file to piscina when it
 * exists (no TypeScript or tsx at run time in the desktop app). Source runs (CLI, vitest) reach
 * this same module through bootstrap.mjs, which registers tsx first. The built `ledgerdrop
 * convert` command's threads run convert-only-worker.ts instead (pool.ts).
 */
import { workerData } from 'node:worker_threads';
import { warm } from './convert-task.js';
import task, { results } from './task-dispatch.js';

/**
 * A command's threads (`ledgerdrop convert`: workerData.convertOnly, pool.ts) only convert:
 * they load neither the fraud readers (pdf-lib) nor the results task (SQLite, Postgres), which
 * cost a thread ~0.3–0.7 s of CPU to load. The service's threads load both as they start, so
 * its first upload is not the slower for it.
 */
const convertOnly = (workerData as { convertOnly?: unknown } | null)?.convertOnly === true;
if (!convertOnly) await Promise.all([results(), import('../fraud/index.js')]);

// Compiles the rulebook's patterns before the first task arrives (see warm()); a command's
// threads do not classify (ConvertTask.classify).
if (!convertOnly) await warm();

export default task;
