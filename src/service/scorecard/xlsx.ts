import type { Scorecard, ScorecardMeta } from './types.js';

export const XLSX_MIME = 'application/vnd.ms-excel';

export async function scorecardToXlsx(_scorecard: Scorecard, _meta: ScorecardMeta): Promise<Uint8Array> {
  throw new Error('not implemented yet');
}
