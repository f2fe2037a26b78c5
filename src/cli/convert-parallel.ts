import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ConversionOptions } from '../contract/api/conversion-options.js';
import type { ParsedDocument } from '../contract/model.js';
import { convertDocument, ConversionError } from '../engine/index.js';
import { claimNext, claimsFor } from '../service/worker/batch-claims.js';

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
 * Converts the files of one command on `threads` threads (threadsFor): this thread and each of
 * (threads - 1) conversion-pool worker threads, each with its heap bounded (pool.ts), take the
 * next file from one shared counter (service/worker/convert-batch.ts: no thread waits for
 * another to hand it a file). Results keep the order of `paths`; `threads` says how many ran.
 */
export async function convertAll(paths: string[], options: ConversionOptions, threads?: number): Promise<{ files: Converted[]; threads: number }> {
  threads ??= await defaultThreads(paths.length);
  const helpers = Math.max(0, Math.min(threads, paths.length) - 1);
  if (!helpers) {
    const out: Converted[] = [];
    for (const p of paths) out.push(await convertHere(p, options));
    return { files: out, threads: 1 };
  }
  // Largest files first (size stands in for work): a large file taken last kept one thread
  // busy alone at the end. This thread starts with the smallest: a helper gets its files only
  // from the counter, but this thread's first file runs cold while the helper starts, and
  // piscina hands the helper its task from this thread's event loop.
  const order = byWorkFirst(paths);
  const first = order.pop()!;
  const ordered = order.map((i) => paths[i]!);
  const fileNames = ordered.map((p) => basename(p));
  const got: Converted[] = new Array(ordered.length);
  const claims = claimsFor(ordered.length, helpers);
  const pool = new (await import('../service/worker/pool.js')).ConversionPool(helpers, helpers, { convertOnly: true });
  let firstDone: Converted | undefined;
  const here = async () => {
    firstDone = await convertHere(paths[first]!, options);
    for (let i = claimNext(claims, ordered.length, helpers, 0); i >= 0; i = claimNext(claims, ordered.length, helpers, 0)) got[i] = await convertHere(ordered[i]!, options);
  };
  const there = async (slot: number) => {
    // One batch while the thread lives; a thread that dies (its memory bound, say) costs the file
    // it was converting, and a new thread takes the files left (bounded: each failed round ends
    // one file as an error).
    while (Atomics.load(claims, 0) < ordered.length) {
      try {
        // No fraud signals (no score to give them to) and no classes (convertFiles classifies every transaction).
        const r = await pool.runBatch({ kind: 'convert-batch', paths: ordered, fileNames, options, claims: claims.buffer as SharedArrayBuffer, slot, slots: helpers });
        for (const [i, c] of r) got[i] = c.ok ? { doc: c.doc } : { error: c.error };
        return;
      } catch (err) {
        const failed = Atomics.exchange(claims, 1 + slot, -1);
        if (failed >= 0) got[failed] = { error: `${fileNames[failed]}: ${(err as Error).message}` };
        // Files that thread finished but never returned are read again here.
        for (let i = 0; i < ordered.length; i++) {
          if (i !== failed && got[i] === undefined && Atomics.load(claims, 1 + helpers + i) === slot + 1) got[i] = await convertHere(ordered[i]!, options);
        }
        // Not a file's failure (the thread could not load the engine): the other threads take the files left.
        if (failed < 0) return;
      }
    }
  };
  try {
    await Promise.all([here(), ...Array.from({ length: helpers }, (_, slot) => there(slot))]);
  } finally {
    await pool.close();
  }
  const out: Converted[] = new Array(paths.length);
  out[first] = firstDone!;
  order.forEach((i, k) => { out[i] = got[k]!; });
  return { files: out, threads: 1 + helpers };
}

/** Indices of `paths`, largest file first (ties and files that cannot be read keep their order: read as size 0). */
function byWorkFirst(paths: string[]): number[] {
  const size = paths.map((p) => {
    try { return statSync(p).size; } catch { return 0; }
  });
  return paths.map((_, i) => i).sort((a, b) => size[b]! - size[a]! || a - b);
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
