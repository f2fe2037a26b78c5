import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { basename } from 'node:path';
import type { ConversionOptions } from '../contract/api/conversion-options.js';
import type { ParsedDocument } from '../contract/model.js';
import { convertDocument, ConversionError } from '../engine/index.js';
import type { ConversionPool } from '../service/worker/pool.js';

/** Fewer files than this convert on this thread alone (a worker's start-up would cost more than it saves). */
export const MIN_FILES_FOR_WORKERS = 4;

/**
 * The threads a command should convert on: this one, plus one per core that is idle now
 * (cores minus the 1-minute load average, this thread's own core aside). A helper thread costs
 * its own start-up (pdf.js and the engine, compiled and warmed again: ~2.5 s of CPU over 48
 * real statements); with no idle core it only adds that, measured on a shared 2-core machine
 * at load ~16: one thread 5.0–5.7 s CPU and 7–11 s wall, two threads 7.5–8.0 s CPU and 14–16 s wall.
 */
export function usableCores(cores: number, load: number): number {
  return 1 + Math.max(0, Math.min(cores - 1, Math.round(cores - load - 1)));
}

/** One file's conversion: its document, or the one-line message saying why it has none. */
export type Converted = { doc: ParsedDocument } | { error: string };

/**
 * Converts the files of one command on all cores: this thread takes files from a shared queue
 * and, from MIN_FILES_FOR_WORKERS files on, so does each of (cores - 1) pool worker threads;
 * a few files, or a single idle core, cost no thread start-up at all. Results keep the order of `paths`.
 */
export async function convertAll(paths: string[], options: ConversionOptions, cores = usableCores(availableParallelism(), loadavg()[0]!)): Promise<Converted[]> {
  const out: Converted[] = new Array(paths.length);
  let next = 0;
  // A worker thread loads its own engine (pdf.js and all): worth it only with files to share.
  const helpers = paths.length >= MIN_FILES_FOR_WORKERS ? Math.min(cores, paths.length) - 1 : 0;
  // piscina and the pool only when there are helpers to start.
  const pool = helpers > 0 ? new (await import('../service/worker/pool.js')).ConversionPool(helpers, helpers) : null;
  const here = async () => {
    for (let i = next++; i < paths.length; i = next++) out[i] = await convertHere(paths[i]!, options);
  };
  const there = async (p: ConversionPool) => {
    for (let i = next++; i < paths.length; i = next++) {
      const fileName = basename(paths[i]!);
      try {
        const r = await p.run({ fileName, path: paths[i]!, options, fraud: false });
        out[i] = r.ok ? { doc: r.doc } : { error: r.error };
      } catch (err) {
        // The worker itself failed (its memory bound, say): this file alone is an error.
        out[i] = { error: `${fileName}: ${(err as Error).message}` };
      }
    }
  };
  try {
    await Promise.all([here(), ...Array.from({ length: helpers }, () => there(pool!))]);
  } finally {
    await pool?.close();
  }
  return out;
}

async function convertHere(path: string, options: ConversionOptions): Promise<Converted> {
  const fileName = basename(path);
  try {
    const bytes = new Uint8Array(await readFile(path));
    return { doc: await convertDocument({ fileName, bytes, options }) };
  } catch (err) {
    return { error: err instanceof ConversionError ? err.message : `${fileName}: ${(err as Error).message}` };
  }
}
