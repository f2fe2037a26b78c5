/**
 * What a conversion thread does with a task, shared by its two entries: convert-worker.ts (the
 * ES module: the service's threads, the desktop's, source runs) and convert-only-worker.ts (the
 * code-cached CommonJS bundle of `ledgerdrop convert`'s threads).
 */
import convertTask, { type ConvertTask } from './convert-task.js';
import type { ResultsTask } from './results-task.js';
import { convertBatch, isBatchTask, type ConvertBatchTask } from './convert-batch.js';

let resultsModule: Promise<typeof import('./results-task.js')> | null = null;
/** The results task's module (SQLite, Postgres), loaded once, when first needed or warmed. */
export const results = () => (resultsModule ??= import('./results-task.js'));

/** One entry for every kind of task: conversions, a command's batch of them (./convert-batch.ts), and scorecard work (./results-task.ts, whose isResultsTask this is). */
export default async function task(t: ConvertTask | ConvertBatchTask | ResultsTask) {
  if (isBatchTask(t)) return convertBatch(t);
  if ((t as { kind?: unknown }).kind === 'results') {
    const { isResultsTask, resultsTask } = await results();
    if (isResultsTask(t)) return resultsTask(t);
  }
  return convertTask(t as ConvertTask);
}
