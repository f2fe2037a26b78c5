import fs from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import { convertDocument, ConversionError, type ConvertProgress } from '../../engine/index.js';
import { classifyTransaction } from '../../scorecard/index.js';
import type { ConversionOptions } from '../../contract/api/conversion-options.js';
import type { ParsedDocument } from '../../contract/model.js';
import type { Classification } from '../../scorecard/types.js';
import type { FileAnalysis } from '../fraud/index.js';
import { extractedText } from '../../engine/pdf/index.js';
import type { ConversionLimits } from '../../engine/limits.js';

export interface ConvertTask {
  fileName: string;
  path: string;
  options: ConversionOptions;
  /** Where progress of long steps (OCR page n of N) is posted, when the caller listens. */
  progress?: MessagePort;
  /** Read the file's fraud signals too (default); the offline CLI has no score to give them to. */
  fraud?: boolean;
  /** Classify every transaction (default); the offline CLI classifies them itself, with its own options, after all files are read. */
  classify?: boolean;
  /** The service's conversion limits (config `limits`); defaults when absent. */
  limits?: ConversionLimits;
  /** Told when the task starts in a thread: the wall-time limit counts from then, not from the queue. */
  started?: MessagePort;
}

export type ConvertTaskResult =
  | { ok: true; doc: ParsedDocument; classes: Classification[][]; fraud?: FileAnalysis | null; fraudError?: string }
  | { ok: false; error: string; requiresRerunWithOCR: boolean; internal: boolean };

/**
 * Run once when the thread starts (the static imports have loaded the engine and the rulebook):
 * one classification compiles the rulebook's patterns, so the first conversion is not slower.
 */
export async function warm(): Promise<void> {
  classifyTransaction({ description: 'WARM UP', amount: 1 }, { finduntrue: false });
}

/** Runs in a worker thread: reads the stored file, converts it, classifies every transaction. */
export default async function convertTask(task: ConvertTask): Promise<ConvertTaskResult> {
  task.started?.postMessage('started');
  try {
    const bytes = fs.readFileSync(task.path);
    const onProgress = task.progress ? (p: ConvertProgress) => task.progress!.postMessage(p) : undefined;
    const doc = await convertDocument({
      fileName: task.fileName, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), options: task.options, onProgress,
      ...(task.limits ? { limits: task.limits } : {}),
    });
    const classes = task.classify === false ? [] : doc.statements.map((s) => s.transactions.map((t) => classifyTransaction(t, { finduntrue: task.options.finduntrue })));
    // Fraud signals of the whole file (text PDFs only); a failure here never fails the conversion.
    let fraud: FileAnalysis | null = null, fraudError: string | undefined;
    if (task.fraud !== false) {
      try {
        // Loaded here, not with the thread: a command's threads never read fraud signals (convert-worker.ts).
        const { analyzeFile } = await import('../fraud/index.js');
        fraud = await analyzeFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), task.fileName, doc, task.options, extractedText(doc)?.pages);
      } catch (err) {
        fraudError = `${task.fileName}: fraud signals could not be read (${(err as Error)?.message ?? String(err)})`;
      }
    }
    return { ok: true, doc, classes, fraud, ...(fraudError ? { fraudError } : {}) };
  } catch (err) {
    if (err instanceof ConversionError) return { ok: false, error: err.message, requiresRerunWithOCR: err.requiresRerunWithOCR, internal: false };
    const e = err as Error;
    return { ok: false, error: `${task.fileName}: ${e?.message ?? String(err)}`, requiresRerunWithOCR: false, internal: true };
  } finally {
    task.progress?.close();
    task.started?.close();
  }
}
