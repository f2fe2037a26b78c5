import type { Evidence, Finding } from './finding.js';
import { FRAUD_REASONS } from './reasons.js';

/** The fraud-score fields of a file_status item (reference 2.2), plus each reason's evidence. */
export interface FraudFields {
  fraudscore: number;
  tpreasonsIndexes: number[];
  tpreasons: string[];
  /** Per reason (same order): where it was seen — page and box, the files, the other application. */
  tpevidence?: Evidence[][];
}

/**
 * 100 minus the weight of each reason found (once per reason), never below 0. Reasons are
 * ranked by weight, heaviest first (ties by index), so the first one is the strongest signal.
 */
export function scoreFindings(findings: Finding[]): FraudFields {
  const byKey = new Map<string, Finding>();
  for (const f of findings) if (!byKey.has(f.key)) byKey.set(f.key, f);
  let score = 100;
  const found = FRAUD_REASONS.filter((r) => byKey.has(r.key)).sort((a, b) => b.weight - a.weight || a.index - b.index);
  const out: FraudFields = { fraudscore: 0, tpreasonsIndexes: [], tpreasons: [], tpevidence: [] };
  for (const r of found) {
    const f = byKey.get(r.key)!;
    score -= r.weight;
    out.tpreasonsIndexes.push(r.index);
    out.tpreasons.push(f.text);
    out.tpevidence!.push(f.evidence ?? []);
  }
  out.fraudscore = Math.max(0, score);
  return out;
}
