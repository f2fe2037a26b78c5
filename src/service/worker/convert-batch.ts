/**
 * A command's files shared between its threads without the event loop (`ledgerdrop convert A B
 * C …`, src/cli/convert-parallel.ts). With one task per file, a conversion thread that finished
 * a file waited until the command's own thread took its answer and sent the next file, and that
 * thread was itself converting a file (synchronous work, ~10–300 ms): in a profile of 66 files
 * on two threads the helper spent ~0.5 s of a 3.5 s command waiting (piscina's atomicsWaitLoop).
 * Now every thread takes the next file from one counter in shared memory (`Atomics.add`), the
 * helper runs one task for the whole command, and no thread ever waits for another to hand it
 * a file.
 *
 * The claims: ./batch-claims.ts.
 */
import convertTask, { type ConvertTaskResult } from './convert-task.js';
import { claimNext } from './batch-claims.js';
import type { ConversionOptions } from '../../contract/api/conversion-options.js';

export interface ConvertBatchTask {
  kind: 'convert-batch';
  /** The command's files, in its order, and their names as reported. */
  paths: string[];
  fileNames: string[];
  options: ConversionOptions;
  /** Shared between every thread of the command (layout above). */
  claims: SharedArrayBuffer;
  /** This helper's place in `claims`. */
  slot: number;
  slots: number;
}

/** The converted files of one batch: [index, result] as each was read. */
export type ConvertBatchResult = [number, ConvertTaskResult][];

export function isBatchTask(t: unknown): t is ConvertBatchTask {
  return (t as { kind?: unknown } | null)?.kind === 'convert-batch';
}

/** Runs in a conversion thread: converts files as it claims them until none is left (no fraud signals, no classes: the command's). */
export async function convertBatch(t: ConvertBatchTask): Promise<ConvertBatchResult> {
  const claims = new Int32Array(t.claims);
  const out: ConvertBatchResult = [];
  // Bounded by the files: each turn claims one index, and indices only grow.
  for (let i = claimNext(claims, t.paths.length, t.slots, t.slot + 1); i >= 0; i = claimNext(claims, t.paths.length, t.slots, t.slot + 1)) {
    Atomics.store(claims, 1 + t.slot, i);
    out.push([i, await convertTask({ fileName: t.fileNames[i]!, path: t.paths[i]!, options: t.options, fraud: false, classify: false })]);
  }
  Atomics.store(claims, 1 + t.slot, -1);
  return out;
}
