/**
 * The conversion pool's worker-thread entry as plain JavaScript: electron-vite bundles it to
 * out/main/convert-worker.js beside the engine, and pool.ts hands that file to piscina when it
 * exists (no TypeScript or tsx at run time in the desktop app). Source runs (CLI, vitest) reach
 * this same module through bootstrap.mjs, which registers tsx first.
 */
import convertTask, { warm, type ConvertTask } from './convert-task.js';
import { isResultsTask, resultsTask, type ResultsTask } from './results-task.js';

// Compiles the rulebook's patterns before the first task arrives (see warm()).
await warm();

/** One entry for both kinds of task: conversions, and scorecard work (./results-task.ts). */
export default function task(t: ConvertTask | ResultsTask) {
  return isResultsTask(t) ? resultsTask(t) : convertTask(t);
}
