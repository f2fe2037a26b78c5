import type { Db } from '../store/db.js';
import type { FraudFields } from './score.js';

/** Stores a statement's fraud score (migration 060). */
export function saveStatementFraud(db: Db, statementId: number, f: FraudFields): void {
  const reasons = f.tpreasonsIndexes.map((index, i) => ({ index, text: f.tpreasons[i] }));
  db.prepare('UPDATE statements SET fraud_score = ?, fraud_reasons = ? WHERE id = ?').run(f.fraudscore, JSON.stringify(reasons), statementId);
}

/** Fraud scores of an application's statements by statement id (statements without a score are absent). */
export function fraudOfApplication(db: Db, appId: number): Map<number, FraudFields> {
  const rows = db.prepare('SELECT id, fraud_score, fraud_reasons FROM statements WHERE app_id = ? AND fraud_score IS NOT NULL').all(appId) as { id: number; fraud_score: number; fraud_reasons: string | null }[];
  const out = new Map<number, FraudFields>();
  for (const r of rows) {
    const reasons = JSON.parse(r.fraud_reasons ?? '[]') as { index: number; text: string }[];
    out.set(r.id, { fraudscore: r.fraud_score, tpreasonsIndexes: reasons.map((x) => x.index), tpreasons: reasons.map((x) => x.text) });
  }
  return out;
}
