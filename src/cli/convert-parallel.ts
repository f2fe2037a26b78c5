import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ConversionOptions } from '../contract/api/conversion-options.js';
import type { ParsedDocument } from '../contract/model.js';
import { convertDocument, ConversionError } from '../engine/index.js';
import type { ConversionPool } from '../service/worker/pool.js';

/** Without --threads, fewer files than this convert on this thread alone (a worker's start-up would cost more than it saves). */
export const MIN_FILES_FOR_WORKERS = 4;

/** The most threads --threads may ask for (each helper thread holds its own engine, up to WORKER_HEAP_MB of heap). */
export const MAX_THREADS = 32;

/**
 * The threads a command converts on, this one included: `asked` (--threads) when given, else
 * one per core from MIN_FILES_FOR_WORKERS files on and one below that; never more than the
 * files. It depends on the command and the machine only, never on the load at the moment, so
 * the same command always runs the same way (on a busy machine pass --threads 1).
 */
export function threadsFor(files: number, cores: number, asked?: number): number {
  if (asked !== undefined) {
    if (!Number.isInteger(asked) || asked < 1 || asked > MAX_THREADS) throw new RangeError(`threads must be a whole number from 1 to ${MAX_THREADS} (got ${asked})`);
    return Math.max(1, Math.min(asked, files));
  }
  return files >= MIN_FILES_FOR_WORKERS ? Math.max(1, Math.min(cores, files)) : 1;
}

/**
 * threadsFor without --threads, reading the core count only from MIN_FILES_FOR_WORKERS files on:
 * below that it does not matter, and loading node:os cost a one-file command ~1–2 ms of start.
 */
export async function defaultThreads(files: number): Promise<number> {
  if (files < MIN_FILES_FOR_WORKERS) return threadsFor(files, 1);
  const { availableParallelism } = await import('node:os');
  return threadsFor(files, availableParallelism());
}

/** One file's conversion: its document, or the one-line message saying why it has none. */
export type Converted = { doc: ParsedDocument } | { error: string };

/**
 * Converts the files of one command on `threads` threads (threadsFor): this thread takes files
 * from a shared queue, and so does each of (threads - 1) conversion-pool worker threads, each
 * with its heap bounded (pool.ts). Results keep the order of `paths`; `threads` says how many ran.
 */
export async function convertAll(paths: string[], options: ConversionOptions, threads?: number): Promise<{ files: Converted[]; threads: number }> {
  threads ??= await defaultThreads(paths.length);
  const out: Converted[] = new Array(paths.length);
  let next = 0;
  const helpers = Math.max(0, Math.min(threads, paths.length) - 1);
  // piscina and the pool only when there are helpers to start.
  const pool = helpers > 0 ? new (await import('../service/worker/pool.js')).ConversionPool(helpers, helpers, { convertOnly: true }) : null;
  const here = async () => {
    for (let i = next++; i < paths.length; i = next++) out[i] = await convertHere(paths[i]!, options);
  };
  const there = async (p: ConversionPool) => {
    for (let i = next++; i < paths.length; i = next++) {
      const fileName = basename(paths[i]!);
      try {
        // No fraud signals (no score to give them to) and no classes (convertFiles classifies every transaction).
        const r = await p.run({ fileName, path: paths[i]!, options, fraud: false, classify: false });
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
  return { files: out, threads: 1 + helpers };
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
