import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ConvertTask, ConvertTaskResult } from './convert-task.js';
import type { ConvertBatchResult, ConvertBatchTask } from './convert-batch.js';
import type { ConvertProgress } from '../../engine/index.js';

/**
 * The ES module each worker thread runs, as a file URL. Beside the running module:
 * - `convert-worker.js` when it exists: the desktop bundle (electron-vite puts it in out/main
 *   next to engine.js and its chunks), plain JavaScript, no tsx at run time;
 * - else `bootstrap.mjs`: source runs (CLI through tsx, vitest), which registers tsx in the
 *   thread and loads convert-worker.ts.
 */
export function conversionWorkerFile(moduleUrl: string = import.meta.url): string {
  const candidates = [new URL('./convert-worker.js', moduleUrl), new URL('./bootstrap.mjs', moduleUrl)];
  const found = candidates.find((u) => existsSync(fileURLToPath(u)));
  if (!found) throw new Error(`conversion worker entry not found: looked for ${candidates.map((u) => fileURLToPath(u)).join(' and ')}`);
  return found.href;
}

/**
 * The file piscina starts each worker thread with: worker-loader.cjs beside the running module,
 * CommonJS, which `import()`s the entry above. piscina tries `require()` on its filename first,
 * and `require()` of an ES module graph with top-level await can abort Node 20 (see the loader).
 */
export function conversionWorkerLoader(moduleUrl: string = import.meta.url): string {
  const loader = new URL('./worker-loader.cjs', moduleUrl);
  if (!existsSync(fileURLToPath(loader))) throw new Error(`conversion worker loader not found: ${fileURLToPath(loader)}`);
  return loader.href;
}

/**
 * The code-cached CommonJS bundle of a convert-only thread (bin/build.mjs builds
 * convert-only-worker.cjs beside the built chunks; worker-loader.cjs runs it through
 * code-cache.cjs), or null where there is none (source runs, the desktop bundle): those threads
 * load the ES module entry above.
 */
export function convertOnlyBundle(moduleUrl: string = import.meta.url): string | null {
  const file = fileURLToPath(new URL('./convert-only-worker.cjs', moduleUrl));
  return existsSync(file) ? file : null;
}

/** The old-generation heap of one conversion worker, in MB (the largest upload, 50 MB, converts in well under this). */
export const WORKER_HEAP_MB = 1024;

/**
 * How long a conversion thread started for a burst of files stays when idle (ms). Starting one
 * loads the engine again (~1 s of CPU), and V8 goes on compiling the conversion code in the
 * background for the first few hundred documents a thread reads: a thread kept for a while
 * converts the next upload warm instead of paying both again.
 */
export const WORKER_IDLE_MS = 10 * 60_000;

/**
 * A worker thread that fails with no task of its own — out of memory while it starts, or an
 * error after its task answered — is reported by Piscina as an 'error' event on the pool, and an
 * 'error' event nobody listens to ends the process: a server whose idle thread died would stop
 * answering every client. Such a failure is reported (to `onError`, else stderr) instead. When
 * it leaves the pool without threads, the tasks waiting for one fail with its error: threads
 * that cannot start would otherwise leave them queued for ever.
 */
export class ThreadFailures {
  private readonly waiting = new Set<AbortController>();

  constructor(private readonly pool: Piscina, kind: string, onError?: (err: Error) => void) {
    pool.on('error', (err: Error) => {
      if (onError) onError(err);
      else process.stderr.write(`ledgerdrop: a ${kind} thread stopped with no task running: ${err.message}\n`);
      if (pool.threads.length === 0) for (const w of this.waiting) w.abort(err);
    });
  }

  /** `pool.run`, failed with the threads' error if none is left to run it. */
  async run(task: unknown, opts: { signal?: AbortSignal; transferList?: never } = {}): Promise<unknown> {
    const stop = new AbortController();
    this.waiting.add(stop);
    try {
      return await this.pool.run(task, { ...opts, signal: opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal });
    } catch (err) {
      if (stop.signal.aborted) throw stop.signal.reason as Error;
      throw err;
    } finally {
      this.waiting.delete(stop);
    }
  }
}

/**
 * The conversion pool: worker threads so the HTTP server keeps answering while documents
 * convert. `depth` counts conversions queued or running; callers check `hasRoom` (→ 503).
 */
export class ConversionPool {
  private readonly piscina: Piscina;
  private readonly failures: ThreadFailures;
  private inFlight = 0;

  /**
   * `convertOnly`: threads that only convert (a command's: no fraud signals, no results tasks) load only the engine.
   * `onThreadError`: hears a thread that failed with no task of its own (see listenForThreadErrors).
   */
  constructor(readonly threads: number, readonly maxDepth: number, opts: { heapMb?: number; convertOnly?: boolean; onThreadError?: (err: Error) => void } = {}) {
    this.piscina = new Piscina({
      filename: conversionWorkerLoader(),
      workerData: {
        entry: conversionWorkerFile(),
        convertOnly: opts.convertOnly === true,
        cachedBundle: opts.convertOnly === true ? convertOnlyBundle() : null,
      },
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: WORKER_IDLE_MS,
      // Each worker's heap is bounded (config limits.workerHeapMb, else WORKER_HEAP_MB): a document
      // that needs more fails alone (ERR_WORKER_OUT_OF_MEMORY) and its thread is replaced.
      resourceLimits: { maxOldGenerationSizeMb: opts.heapMb ?? WORKER_HEAP_MB },
    });
    this.failures = new ThreadFailures(this.piscina, 'conversion', opts.onThreadError);
  }

  get depth(): number {
    return this.inFlight;
  }

  hasRoom(n: number): boolean {
    return this.inFlight + n <= this.maxDepth;
  }

  /**
   * Runs one conversion; `onProgress` hears its long steps (OCR page n of N) over a message
   * channel; aborting `signal` takes it off the queue, or stops its worker thread (replaced).
   */
  async run(task: ConvertTask, onProgress?: (p: ConvertProgress) => void, signal?: AbortSignal): Promise<ConvertTaskResult> {
    this.inFlight++;
    const channel = onProgress ? new MessageChannel() : null;
    channel?.port1.on('message', (p: ConvertProgress) => onProgress!(p));
    try {
      const transfer = [...(channel ? [channel.port2] : []), ...(task.started ? [task.started] : [])];
      const opts = { ...(signal ? { signal } : {}), ...(transfer.length ? { transferList: transfer as never } : {}) };
      return (await this.failures.run(channel ? { ...task, progress: channel.port2 } : task, opts)) as ConvertTaskResult;
    } finally {
      channel?.port1.close();
      this.inFlight--;
    }
  }

  /** Runs a command's batch (./convert-batch.ts): its thread converts files as it claims them until none is left. */
  async runBatch(task: ConvertBatchTask): Promise<ConvertBatchResult> {
    this.inFlight++;
    try {
      return (await this.failures.run(task)) as ConvertBatchResult;
    } finally {
      this.inFlight--;
    }
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
