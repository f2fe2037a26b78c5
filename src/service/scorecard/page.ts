import type { Scorecard, ScorecardMeta } from './types.js';

export function renderScorecardPage(_scorecard: Scorecard, meta: ScorecardMeta): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Scorecard</title></head><body><h1>Scorecard ${meta.appid}</h1></body></html>`;
}
