import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BuildScorecard, ClassifyTransaction, PrequalifyResult, PrequalifyThresholds, Scorecard, ScorecardMeta } from '../scorecard/types.js';
import type { ScorecardInput } from '../../shared/model.js';
import type { WriteZipArchive, ZipOptions } from '../export/types.js';

/**
 * The modules other issues build (scorecard, export, webhooks, fileurl intake), loaded when
 * present. Routes that need a missing one answer 501 naming it, never a fake success.
 */
export interface ScorecardModule {
  classifyTransaction: ClassifyTransaction;
  buildScorecard: BuildScorecard;
  prequalify(input: ScorecardInput, thresholds: PrequalifyThresholds, context?: { qualifyingRunDone: boolean }): PrequalifyResult;
  scorecardToXlsx(scorecard: Scorecard, meta: ScorecardMeta): Promise<Uint8Array> | Uint8Array;
  renderScorecardPage(scorecard: Scorecard, meta: ScorecardMeta): string;
}

export interface ExportModule {
  parseZipOptions(fields: Record<string, unknown>): ZipOptions | Promise<ZipOptions>;
  writeZipArchive: WriteZipArchive;
}

export interface WebhookDispatch {
  /** Queues a signed delivery of `payload` to `url` for the account; returns when queued. */
  (args: { accountId: number; url: string; payload: unknown; secret: string; event: string }): Promise<unknown> | unknown;
}

const cache = new Map<string, Promise<unknown>>();

/** Imports `relPath` (relative to src/service, `.ts`) when the file exists; null otherwise. */
export function loadOptional<T>(relPath: string): Promise<T | null> {
  let p = cache.get(relPath);
  if (!p) {
    const url = new URL(`../${relPath}`, import.meta.url);
    p = fs.existsSync(fileURLToPath(url)) ? import(url.href) : Promise.resolve(null);
    cache.set(relPath, p);
    // A module that failed to load may be fixed on disk later; do not cache the failure.
    p.catch(() => cache.delete(relPath));
  }
  return p as Promise<T | null>;
}

export const loadScorecard = () => loadOptional<ScorecardModule>('scorecard/index.ts');
export const loadExport = () => loadOptional<ExportModule>('export/index.ts');
