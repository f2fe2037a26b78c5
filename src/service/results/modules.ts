import type { BuildScorecard, ClassifyTransaction, PrequalifyResult, PrequalifyThresholds, Scorecard, ScorecardMeta } from '../scorecard/types.js';
import type { ScorecardInput } from '../../shared/model.js';
import type { WriteZipArchive, ZipOptions } from '../export/types.js';

/**
 * The modules other issues build (scorecard, export), seen through the interfaces the service
 * relies on (src/service/scorecard/types.ts, src/service/export/types.ts). Kept behind these
 * loaders so a route that needs a missing module can answer 501 naming it, never a fake success.
 */
export interface ScorecardModule {
  classifyTransaction: ClassifyTransaction;
  buildScorecard: BuildScorecard;
  prequalify(input: ScorecardInput, thresholds: PrequalifyThresholds, context?: { qualifyingRunDone: boolean }): PrequalifyResult;
  scorecardToXlsx(scorecard: Scorecard, meta: ScorecardMeta): Promise<Uint8Array> | Uint8Array;
  renderScorecardPage(scorecard: Scorecard, meta: ScorecardMeta): string;
}

export interface ExportModule {
  parseZipOptions(fields: Record<string, string | Uint8Array | undefined>): ZipOptions | Promise<ZipOptions>;
  writeZipArchive: WriteZipArchive;
}

/** Loaded on first use (the export module pulls in the PDF libraries, which startup does not need). */
export const loadScorecard = async (): Promise<ScorecardModule | null> => {
  const mod: ScorecardModule = await import('../scorecard/index.js');
  return mod;
};
export const loadExport = async (): Promise<ExportModule | null> => {
  const mod: ExportModule = await import('../export/index.js');
  return mod;
};
