import type { Finding } from './file-signals.js';
import { FRAUD_REASONS } from './reasons.js';

/** The fraud-score fields of a file_status item (reference 2.2). */
export interface FraudFields {
  fraudscore: number;
  tpreasonsIndexes: number[];
  tpreasons: string[];
}

/** 100 minus the weight of each reason found (once per reason), never below 0; reasons in index order. */
export function scoreFindings(findings: Finding[]): FraudFields {
  const byKey = new Map<string, Finding>();
  for (const f of findings) if (!byKey.has(f.key)) byKey.set(f.key, f);
  let score = 100;
  const tpreasonsIndexes: number[] = [];
  const tpreasons: string[] = [];
  for (const r of FRAUD_REASONS) {
    const f = byKey.get(r.key);
    if (!f) continue;
    score -= r.weight;
    tpreasonsIndexes.push(r.index);
    tpreasons.push(f.text);
  }
  return { fraudscore: Math.max(0, score), tpreasonsIndexes, tpreasons };
}
