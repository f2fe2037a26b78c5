import { Piscina } from 'piscina';
import { conversionWorkerFile, conversionWorkerLoader, ThreadFailures } from './pool.js';
import type { ResultsTask, ResultsTaskResult } from './results-task.js';

/** A task as the routes give it (each kind of task without the `kind` tag). */
export type ResultsTaskInput = ResultsTask extends infer T ? T extends unknown ? Omit<T, 'kind'> : never : never;

/**
 * Worker threads for scorecard work (/scorecard, /makexls, the signed page): the same worker
 * entry as conversions, in a pool of its own so a scorecard never waits behind a long document
 * and a long scorecard never holds a conversion slot.
 */
export class ResultsPool {
  private readonly piscina: Piscina;
  private readonly failures: ThreadFailures;

  constructor(threads: number, opts: { heapMb?: number; onThreadError?: (err: Error) => void } = {}) {
    this.piscina = new Piscina({
      filename: conversionWorkerLoader(),
      workerData: { entry: conversionWorkerFile() },
      // One thread stays warm: starting one loads the whole engine (seconds).
      minThreads: 1,
      maxThreads: Math.max(1, threads),
      idleTimeout: 60_000,
      ...(opts.heapMb ? { resourceLimits: { maxOldGenerationSizeMb: opts.heapMb } } : {}),
    });
    this.failures = new ThreadFailures(this.piscina, 'scorecard', opts.onThreadError);
  }

  async run(task: ResultsTaskInput): Promise<ResultsTaskResult> {
    return (await this.failures.run({ ...task, kind: 'results' })) as ResultsTaskResult;
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
